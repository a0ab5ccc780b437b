import { useQuery } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';

/** The browser's PageQueryReader: a page's query through Apollo (cache first). */
export function useApolloPageQuery(query: DocumentNode, variables: Record<string, unknown> | undefined): unknown {
  return useQuery(query, { variables }).data;
}
