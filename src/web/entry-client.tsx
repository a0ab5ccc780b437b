import { hydrateRoot } from 'react-dom/client';
import type { BrowserData } from './apollo/browser-data.js';
import { PageData } from './graphql/page-data.js';
import { ClientRouter } from './router/ClientRouter.js';
import { loadPageDef } from './router/registry.js';
import { readStartupState } from './router/startup-state.js';
import { rememberViewer } from './lib/viewer-history.js';
import './styles/global.css';

async function start() {
  const { state, cache, graphqlUrl } = readStartupState(window);
  const root = document.getElementById('root');
  if (!root) {
    console.warn('Root element #root not found; the page stays server-rendered.');
    return;
  }
  let routeName = state.routeName;
  const def = await loadPageDef(state.pageId);
  const queries = def.preload?.(state.params) ?? [];
  if (queries.length !== cache.length) throw new Error(`Cannot start: the page ${state.pageId} preloads ${queries.length} queries but the server sent ${cache.length} results.`);
  const preloaded = queries.map((q, i) => ({ query: q.query, variables: q.variables, data: cache[i] }));
  const pageData = new PageData(preloaded);
  const linkOptions = { graphqlUrl, route: () => ({ metricName: routeName, pathAndQuery: window.location.pathname + window.location.search }) };
  let data: Promise<BrowserData> | null = null;
  const loadData = () => (data ??= import('./apollo/browser-data.js').then((m) => m.createBrowserData(linkOptions, preloaded)));
  if (state.site.viewer) rememberViewer(state.site.viewer.id);
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
