import { useQuery } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';

/**
 * A page's data: its preload already filled the cache, so on the server and at
 * hydration this returns synchronously. The shape is the query's, typed by the caller.
 */
export function usePageQuery<T>(query: DocumentNode, variables?: Record<string, unknown>): T | undefined {
  const result = useQuery(query, { variables });
  return result.data as T | undefined;
}
