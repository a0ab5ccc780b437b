import type { PreloadedState } from './preloaded-state.js';

declare global {
  interface Window {
    __PRELOADED_STATE__?: PreloadedState;
    /** The page's preload results, in the order of its preload list. */
    __APOLLO_STATE__?: unknown[];
    __GRAPHQL_URL__?: string;
  }
}

/** Spec §2.2/§8: start-up needs preloaded state, the query-cache state and the GraphQL address. */
export function readStartupState(w: Pick<Window, '__PRELOADED_STATE__' | '__APOLLO_STATE__' | '__GRAPHQL_URL__'>) {
  const missing = [
    !w.__PRELOADED_STATE__ && 'preloaded state (window.__PRELOADED_STATE__)',
    !w.__APOLLO_STATE__ && 'query-cache state (window.__APOLLO_STATE__)',
    !w.__GRAPHQL_URL__ && 'GraphQL address (window.__GRAPHQL_URL__)',
  ].filter(Boolean);
  if (missing.length) throw new Error(`Cannot start: the server did not supply the ${missing.join(', ')}.`);
  return { state: w.__PRELOADED_STATE__!, cache: w.__APOLLO_STATE__!, graphqlUrl: w.__GRAPHQL_URL__! };
}

