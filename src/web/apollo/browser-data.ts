import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { PageDataEntry, PageQueryReader } from '../graphql/page-data.js';
import { createBrowserApolloClient, type ClientLinkOptions } from './client.js';

/** Apollo in the browser: the client and the reader pages reached by navigation use. */
export interface BrowserData {
  client: ApolloClient;
  readPageQuery: PageQueryReader;
}

/**
 * Loaded on the first navigation (hover or click), not with the page: a reader who only
 * reads the page they landed on never downloads Apollo Client. Its cache starts from the
 * landing page's preload results.
 */
export function createBrowserData(opts: ClientLinkOptions, preloaded: readonly PageDataEntry[]): BrowserData {
  const client = createBrowserApolloClient(opts, preloaded);
  // A hook: called in the same place for the life of each page that uses it.
  const readPageQuery: PageQueryReader = (query, variables) => useQuery(query, { variables, client }).data;
  return { client, readPageQuery };
}
