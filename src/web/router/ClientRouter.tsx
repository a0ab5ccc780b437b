import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BrowserData } from '../apollo/browser-data.js';
import { BrowserDataContext } from '../apollo/browser-data-context.js';
import { App, type AppPage } from '../App.js';
import type { SiteInfo } from '../app-context.js';
import type { HeadTags } from './head.js';
import type { Navigation } from './navigation.js';
import { NOT_FOUND_PAGE_ID, type PreloadedState } from './preloaded-state.js';
import { loadPageDef, type PageDef } from './registry.js';

interface Prepared {
  page: AppPage;
  head: HeadTags | null;
  redirect?: string;
  /** Prepared ahead of a click with data held until the page is opened (PageDef.heldBack). */
  heldBack?: boolean;
}

/**
 * prefetch: ahead of a click (hover, press), said to the server so it spends nothing the reader
 * has only so much of; open: the reader opens the page; reopen: again, past the cache, for data
 * a prefetch was not given.
 */
type Purpose = 'prefetch' | 'open' | 'reopen';

/**
 * Client navigation: the next page's script and data load together (spec §4 page
 * preload: a page is ready when both are), started on hover and on click; then the page
 * swaps, history updates and scroll resets to the top (spec §2.2).
 */
export interface ClientRouterProps {
  /** Apollo, loaded once on the first navigation. */
  loadData(): Promise<BrowserData>;
  initial: AppPage;
  state: PreloadedState;
  /** Told the route name after each navigation (for the route metric header). */
  onNavigated?(routeName: string): void;
}

export function ClientRouter({ loadData, initial, state, onNavigated }: ClientRouterProps) {
  const [page, setPage] = useState(initial);
  const pending = useRef(new Map<string, Promise<Prepared | null>>());
  const site: Omit<SiteInfo, 'pageId' | 'routeName'> = state.site;
  const origin = window.location.origin;

  const prepare = useCallback(
    (href: string, purpose: Purpose): Promise<Prepared | null> => {
      const url = new URL(href, origin);
      const key = url.pathname + url.search;
      let p = pending.current.get(key);
      if (!p) {
        p = prepareUrl(loadData, state, key, url.pathname, origin, purpose).catch(() => null);
        pending.current.set(key, p);
        // Keep a hover's work for a short while only: data may change.
        setTimeout(() => pending.current.delete(key), 30_000);
      }
      return p;
    },
    [loadData, state, origin],
  );

  const show = useCallback(
    async (href: string, mode: 'push' | 'replace' | 'pop') => {
      const key = new URL(href, origin).pathname + new URL(href, origin).search;
      let prepared = await prepare(href, 'open');
      pending.current.delete(key);
      if (prepared?.heldBack) prepared = await prepareUrl(loadData, state, key, new URL(href, origin).pathname, origin, 'reopen').catch(() => null);
      if (!prepared) {
        window.location.assign(href); // the server knows best (redirect off-site, failure)
        return;
      }
      if (prepared.redirect) {
        if (prepared.redirect.startsWith('/')) return show(prepared.redirect, 'replace');
        window.location.assign(prepared.redirect);
        return;
      }
      const target = prepared.page.url;
      if (mode === 'push') window.history.pushState(null, '', target);
      if (mode === 'replace') window.history.replaceState(null, '', target);
      if (prepared.head) document.title = prepared.head.title;
      setPage(prepared.page);
      onNavigated?.(prepared.page.routeName);
      if (mode !== 'pop') window.scrollTo(0, 0);
    },
    [prepare, loadData, state, origin, onNavigated],
  );

  useEffect(() => {
    const onPop = () => void show(window.location.pathname + window.location.search, 'pop');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  const navigation: Navigation = useMemo(() => {
    const u = new URL(page.url, origin);
    return {
      pathname: u.pathname,
      search: u.search,
      navigate: (href, opts) => void show(href, opts?.replace ? 'replace' : 'push'),
      preload: (href) => void prepare(href, 'prefetch'),
    };
  }, [page.url, origin, show, prepare]);

  return (
    <BrowserDataContext.Provider value={loadData}>
      <App site={site} page={page} navigation={navigation} onPageError={(e) => console.error(e)} />
    </BrowserDataContext.Provider>
  );
}

async function runPreload(client: BrowserData['client'], def: PageDef, params: Record<string, string>, purpose: Purpose) {
  // A prefetch goes in batches of its own, so its header speaks for every operation in them.
  const context = purpose === 'prefetch' ? { batchKey: 'prefetch', headers: { 'inkwell-purpose': 'prefetch' } } : undefined;
  const fetchPolicy = purpose === 'reopen' ? 'network-only' : 'cache-first';
  return Promise.all((def.preload?.(params) ?? []).map(async (q) => (await client.query({ query: q.query, variables: q.variables, fetchPolicy, context })).data));
}

/** Counts prepared navigations: each one's page is a new mount. */
let navigations = 0;

async function prepareUrl(loadData: () => Promise<BrowserData>, state: PreloadedState, url: string, pathname: string, origin: string, purpose: Purpose): Promise<Prepared | null> {
  // The route tables and Apollo load with the first navigation (on hover or click), not
  // with the page: a reader who only reads never downloads them.
  const [{ resolvePage, servedElsewhere }, { client, readPageQuery }] = await Promise.all([import('./resolve-page.js'), loadData()]);
  const resolved = resolvePage(state.table, url, state.site.viewer, (m) => console.warn(m));
  // On a custom domain a path it does not serve is the main host's: the server sends the reader there.
  if (servedElsewhere(state.table, resolved)) return null;
  if (resolved.kind === 'redirect') return { redirect: resolved.location, page: null as never, head: null };
  let pageId = resolved.kind === 'page' ? resolved.pageId : NOT_FOUND_PAGE_ID;
  let params = resolved.kind === 'page' ? resolved.params : {};
  const routeName = resolved.routeName;
  let def = await loadPageDef(pageId);
  const [module, data] = await Promise.all([def.load(), runPreload(client, def, params, purpose)]);
  const outcome = def.outcome?.(data, params, pathname, new URL(url, origin).search) ?? {};
  if (outcome.redirect) return { redirect: outcome.redirect, page: null as never, head: null };
  let finalModule = module;
  let finalData = data;
  if (outcome.notFound) {
    pageId = NOT_FOUND_PAGE_ID;
    params = {};
    def = await loadPageDef(pageId);
    [finalModule, finalData] = await Promise.all([def.load(), runPreload(client, def, params, purpose)]);
  }
  const head = def.head?.(finalData, params, { ...state.site, origin, pageId, routeName }) ?? null;
  const heldBack = purpose === 'prefetch' && (def.heldBack?.(finalData) ?? false);
  return { page: { pageId, routeName, params, module: finalModule, url, readPageQuery, renderKey: `${url}#${++navigations}` }, head, heldBack };
}
