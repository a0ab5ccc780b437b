import type { DocumentNode } from 'graphql';
import { useContext } from 'react';
import { PageQueryContext } from './page-data.js';

/**
 * A page's data: on the server the result of the page's preload, in the browser Apollo's
 * cache, which start-up filled with those same results, so hydration renders the same
 * markup synchronously and later navigations fetch.
 */
export function usePageQuery<T>(query: DocumentNode, variables?: Record<string, unknown>): T | undefined {
  const read = useContext(PageQueryContext);
  if (!read) throw new Error('usePageQuery needs a PageQueryContext provider (App sets one).');
  return read(query, variables) as T | undefined;
}
