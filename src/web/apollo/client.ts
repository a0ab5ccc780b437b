import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { LIMITS } from '../../shared/constants.js';
import { POSSIBLE_TYPES } from './possible-types.js';
import type { PageDataEntry } from '../graphql/page-data.js';
import { createTypePolicies } from './type-policies.js';

/** Spec §7: the frontend app header value. */
export const APP_NAME = `lite/${import.meta.env?.VITE_APP_VERSION ?? '0.1.0'}`;

export interface ClientLinkOptions {
  graphqlUrl: string;
  /** The current route's metric name and path+query, read at request time. */
  route(): { metricName: string; pathAndQuery: string };
}

/**
 * The browser's Apollo client: one GraphQL endpoint, operations batched up to 20 per
 * request every 20 ms, grouped by the batch name an operation asks for ('load-light',
 * 'load-medium', …), each request naming its operations, app, route and path.
 */
export function createBrowserApolloClient(opts: ClientLinkOptions, preloaded: readonly PageDataEntry[]) {
  const usernameToId = new Map<string, string>();
  const cache = new InMemoryCache({ possibleTypes: POSSIBLE_TYPES, typePolicies: createTypePolicies(usernameToId) });
  // The server's preload results become the cache the page hydrates from.
  for (const { query, variables, data } of preloaded) {
    if (data) cache.writeQuery({ query, variables, data: data as never });
  }
  const http = new BatchHttpLink({
    uri: opts.graphqlUrl,
    credentials: 'same-origin',
    batchMax: LIMITS.graphqlBatchMax,
    batchInterval: LIMITS.graphqlBatchIntervalMs,
    batchKey: (operation) => (operation.getContext().batchKey as string | undefined) ?? 'default',
    fetch: (uri, init) => {
      const { metricName, pathAndQuery } = opts.route();
      const headers = new Headers(init?.headers);
      headers.set('graphql-operation', operationNames(init?.body));
      headers.set('inkwell-app', APP_NAME);
      headers.set('inkwell-route', metricName);
      headers.set('inkwell-path', pathAndQuery);
      return fetch(uri, { ...init, headers });
    },
  });
  return new ApolloClient({
    cache,
    link: ApolloLink.from([http]),
    defaultOptions: {
      watchQuery: { errorPolicy: 'all' },
      query: { errorPolicy: 'all' },
      mutate: { errorPolicy: 'all' },
    },
  });
}

function operationNames(body: unknown): string {
  if (typeof body !== 'string') return '';
  try {
    const ops = JSON.parse(body) as { operationName?: string }[] | { operationName?: string };
    return (Array.isArray(ops) ? ops : [ops]).map((o) => o.operationName ?? 'anonymous').join(',');
  } catch {
    return '';
  }
}
