import { useQuery } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';
import { useContext } from 'react';
import { PageDataContext } from './page-data.js';

/**
 * A page's data. On the server it is the result of the page's preload (PageData); in
 * the browser it is Apollo's cache, which start-up filled with those same results, so
 * hydration renders the same markup synchronously and later navigations fetch.
 * Which branch runs depends only on where the tree renders, never between renders of
 * one tree, so the hooks are called in the same order each time.
 */
export function usePageQuery<T>(query: DocumentNode, variables?: Record<string, unknown>): T | undefined {
  const serverData = useContext(PageDataContext);
  if (serverData) return serverData.read(query, variables) as T | undefined;
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useQuery(query, { variables }).data as T | undefined;
}
