import { hydrateRoot } from 'react-dom/client';
import type { BrowserData } from './apollo/browser-data.js';
import { PageData } from './graphql/page-data.js';
import { ClientRouter } from './router/ClientRouter.js';
import type { PreloadedState } from './router/preloaded-state.js';
import { pageDef } from './router/registry.js';
import './styles/global.css';

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

async function start() {
  const { state, cache, graphqlUrl } = readStartupState(window);
  const root = document.getElementById('root');
  if (!root) {
    console.warn('Root element #root not found; the page stays server-rendered.');
    return;
  }
  let routeName = state.routeName;
  const def = pageDef(state.pageId);
  const queries = def.preload?.(state.params) ?? [];
  if (queries.length !== cache.length) throw new Error(`Cannot start: the page ${state.pageId} preloads ${queries.length} queries but the server sent ${cache.length} results.`);
  const preloaded = queries.map((q, i) => ({ query: q.query, variables: q.variables, data: cache[i] }));
  const pageData = new PageData(preloaded);
  const linkOptions = { graphqlUrl, route: () => ({ metricName: routeName, pathAndQuery: window.location.pathname + window.location.search }) };
  let data: Promise<BrowserData> | null = null;
  const loadData = () => (data ??= import('./apollo/browser-data.js').then((m) => m.createBrowserData(linkOptions, preloaded)));
  const module = await def.load();
  const url = window.location.pathname + window.location.search;
  hydrateRoot(
    root,
    <ClientRouter
      loadData={loadData}
      state={state}
      initial={{ pageId: state.pageId, routeName: state.routeName, params: state.params, module, url, readPageQuery: (query, variables) => pageData.read(query, variables) }}
      onNavigated={(name) => (routeName = name)}
    />,
  );
}

void start();
