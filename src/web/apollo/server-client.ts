import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { DocumentNode, ExecutionResult } from 'graphql';
import { Observable } from 'rxjs';
import { POSSIBLE_TYPES } from './possible-types.js';
import { createTypePolicies } from './type-policies.js';

export type Execute = (document: DocumentNode, variables: Record<string, unknown>, operationName?: string) => Promise<ExecutionResult>;

/**
 * Apollo on the server: queries run in-process against the schema with the request's
 * viewer (no HTTP hop), filling a cache that is then embedded in the page.
 */
export function createServerApolloClient(execute: Execute) {
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute(operation.query, operation.variables, operation.operationName).then(
          (result) => {
            observer.next(result as never);
            observer.complete();
          },
          (err) => observer.error(err),
        );
      }),
  );
  return new ApolloClient({
    ssrMode: true,
    cache: new InMemoryCache({ possibleTypes: POSSIBLE_TYPES, typePolicies: createTypePolicies(new Map()) }),
    link,
    defaultOptions: { query: { errorPolicy: 'all', fetchPolicy: 'network-only' }, watchQuery: { errorPolicy: 'all' }, mutate: { errorPolicy: 'all' } },
  });
}
