import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { tableForHost } from '../shared/routing/index.js';
import { routeTableFor, type CustomHost } from '../shared/routing/custom-host.js';
import { App, PageContexts, PageFallbackReport, type AppPage } from './App.js';
import type { ShellViewer } from './app-context.js';
import type { AuthProviderInfo } from '../shared/auth-providers.js';
import { Kind, type DocumentNode, type ExecutionResult } from 'graphql';
import { addTypename } from './graphql/add-typename.js';
import { PageData, type PageDataEntry } from './graphql/page-data.js';
import { ServerErrorScreen } from './components/error-screens/ErrorScreens.js';
import { renderHeadTags, serializeForScript, type HeadTags } from './router/head.js';
import { withSharing } from './router/sharing.js';
import { NOT_FOUND_PAGE_ID, type PreloadedState } from './router/preloaded-state.js';
import { loadPageDef, pageDefModule, type PageDef, type PageModule } from './router/registry.js';
import { resolvePage, servedElsewhere, type ResolvedPage, type TableContext } from './router/resolve-page.js';
import { sameSitePath } from '../shared/redirect.js';
import { ServerFragmentsContext } from './lib/server-fragments.js';
import { FragmentCache } from './ssr/fragment-cache.js';
import { KeptJson } from './ssr/kept-json.js';
import { PageBytes } from './ssr/page-bytes.js';
import type { SiteLinks } from '../shared/site-links.js';

/** Story bodies and other subtrees rendered once per key (docs/adr/0008): 32 MB of HTML per process. */
const fragmentCache = new FragmentCache(32 * 1024 * 1024);
/** And their embedded state, serialized once per key: 32 MB of JSON per process. */
const keptJson = new KeptJson(32 * 1024 * 1024);

export interface PageAssets {
  /**
   * <link>/<script> tags for the entry and the given page modules (build manifest); an
   * inline script among them (development's refresh preamble) carries `nonce`.
   */
  tagsFor(pageModules: string[], nonce: string): string;
}

export interface RenderInput {
  /** path + query */
  url: string;
  host: string;
  protocol: string;
  siteName: string;
  mainHost: string;
  viewer: ShellViewer | null;
  /** Configured social sign-in providers (names and labels only). */
  authProviders?: AuthProviderInfo[];
  hiddenSusiButtons?: string[];
  /** Footer and menu links to pages elsewhere, as configured (shared/site-links.ts). */
  siteLinks?: SiteLinks;
  graphqlUrl: string;
  /** Spec §9: favicon variants by environment. */
  faviconUrl: string;
  execute: Execute;
  assets: PageAssets;
  /** The Content-Security-Policy nonce of this render: its inline scripts carry it (docs/adr/0015). */
  nonce: string;
  log: { warn(msg: string): void; error(obj: unknown, msg?: string): void };
  /** The live custom domain the Host names, when it is not the main host or a profile subdomain. */
  customHost?: CustomHost | null;
}

export type RenderResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /**
   * `cacheable`: a logged-out reader's 200 of a PageDef.publicCache page (src/server/page-cache.ts);
   * `embeddable`: a logged-out reader's PageDef.embeddable page, which other sites may frame.
   */
  | { kind: 'html'; status: number; body: Buffer; cacheable?: boolean; embeddable?: boolean };

/** Spec §8: a render failure is a 500, or a 409 when the message says '409: Conflict'. */
export const statusForRenderError = (err: unknown) => (String((err as Error)?.message ?? err).includes('409: Conflict') ? 409 : 500);

/**
 * A page's module, imported once per definition: `import()` of a loaded module still goes
 * through the module loader's resolution on every call (about 1% of a page's time).
 */
const pageModules = new WeakMap<PageDef, Promise<PageModule>>();
function pageModuleOf(def: PageDef): Promise<PageModule> {
  let module = pageModules.get(def);
  if (module === undefined) {
    module = def.load();
    // A failed import is tried again by the next request.
    module.catch(() => pageModules.delete(def));
    pageModules.set(def, module);
  }
  return module;
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const origin = `${input.protocol}://${input.mainHost}`;
  const hostTable = tableForHost(input.host, input.mainHost);
  // A host that is no live custom domain serves nothing: every path is a 404.
  const table: TableContext = routeTableFor(hostTable, input.customHost) ?? { kind: 'publication-domain', hostParams: {} };
  const unknownHost = hostTable.kind === 'publication-domain' && !input.customHost;
  // Only a path on this site is looked up ('//host', '/\\host', broken escapes… are not one: 404);
  // another spelling of one ('/a/../b', unencoded characters) is sent to its normal form.
  const requestPath = sameSitePath(input.url);
  if (requestPath !== null && requestPath !== input.url) return { kind: 'redirect', status: 301, location: requestPath };
  const { pathname, search } = new URL(requestPath ?? '/', origin);
  let resolved: ResolvedPage = requestPath === null || unknownHost ? { kind: 'not-found', routeName: 'unknown' } : resolvePage(table, requestPath, input.viewer, input.log.warn);
  if (resolved.kind === 'redirect') return { kind: 'redirect', status: resolved.status, location: resolved.location };
  // Spec §2.2: a link to a route not served on a custom domain (a writer's /@…, another publication,
  // its own /{slug}/… from a shared story card) goes to the main host, where it is served.
  if (requestPath !== null && input.customHost && servedElsewhere(table, resolved)) {
    const own = table.hostParams.collectionSlug ? `/${table.hostParams.collectionSlug}` : null;
    if (own && (requestPath.toLowerCase() === own || requestPath.toLowerCase().startsWith(`${own}/`))) return { kind: 'redirect', status: 301, location: requestPath.slice(own.length) || '/' };
    return { kind: 'redirect', status: 302, location: origin + requestPath };
  }

  let status = 200;
  let page = resolved.kind === 'page' ? resolved : { pageId: NOT_FOUND_PAGE_ID, routeName: resolved.routeName, params: {} };
  if (resolved.kind === 'not-found') status = 404;

  const site = { siteName: input.siteName, mainHost: input.mainHost, viewer: input.viewer, authProviders: input.authProviders ?? [], hiddenSusiButtons: input.hiddenSusiButtons ?? [], siteLinks: input.siteLinks ?? {} };
  const run = async (def: PageDef, params: Record<string, string>): Promise<PageDataEntry[]> =>
    Promise.all(
      (def.preload?.(params) ?? []).map(async (q) => {
        const result = await input.execute(withTypename(q.query), q.variables ?? {}, operationName(q.query));
        // A signed-out reader of a signed-in page is sent to sign in by the page's outcome: its
        // queries refusing them is the expected path, not a failure.
        const expected = input.viewer === null && result.errors?.every(isUnauthorized);
        if (result.errors?.length && !expected) input.log.error({ errors: result.errors, operation: operationName(q.query) }, 'page query failed');
        return { query: q.query, variables: q.variables, data: result.data ?? undefined };
      }),
    );

  let def = await loadPageDef(page.pageId);
  let entries = await run(def, page.params);
  let data = entries.map((e) => e.data);
  const outcome = def.outcome?.(data, page.params, pathname, search) ?? {};
  if (outcome.redirect) return { kind: 'redirect', status: outcome.temporary ? 302 : 301, location: outcome.redirect };
  if (outcome.notFound) {
    status = 404;
    page = { pageId: NOT_FOUND_PAGE_ID, routeName: page.routeName, params: {} };
    def = await loadPageDef(page.pageId);
    entries = await run(def, page.params);
    data = entries.map((e) => e.data);
  }

  const headSite = { ...site, origin, pageId: page.pageId, routeName: page.routeName };
  const head: HeadTags = withSharing(def.head?.(data, page.params, headSite) ?? { title: input.siteName }, headSite, pathname);
  const module = await pageModuleOf(def);
  const preloaded: PreloadedState = { pageId: page.pageId, routeName: page.routeName, params: page.params, table, site, status };
  const pageData = new PageData(entries);
  const appPage: AppPage = { ...page, module, url: input.url, readPageQuery: (query, variables) => pageData.read(query, variables) };
  const navigation = { pathname, search, navigate() {}, preload() {} };

  const documentHead =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<link rel="icon" type="image/svg+xml" href="${input.faviconUrl}">` +
    renderHeadTags(head) +
    input.assets.tagsFor([def.module, ...[pageDefModule(page.pageId)].filter((m): m is string => m !== null)], input.nonce) +
    `</head><body><div id="root">`;
  // The page as text with tokens where its kept parts go, their bytes put in at the end (page-bytes.ts).
  const bytes = new PageBytes();
  const stateScript =
    `<script nonce="${input.nonce}">window.__PRELOADED_STATE__=${serializeForScript(preloaded)};` +
    `window.__APOLLO_STATE__=${keptJson.serialize(data, def.keptState?.(data) ?? [], bytes)};` +
    `window.__GRAPHQL_URL__=${serializeForScript(input.graphqlUrl)};</script>`;

  const tail = `</div>${stateScript}</body></html>`;
  const app = <App site={site} page={appPage} navigation={navigation} />;

  // The data is preloaded, so nothing suspends and the page renders in one synchronous
  // pass: renderToString does that at about half the cost of the streaming renderer.
  // It cannot say why a page failed, so when the page fell back to its error screen the
  // streaming renderer renders it again and reports the error (docs/adr/0004).
  let fellBack = false;
  let html: string;
  const fragments = fragmentCache.forRender(bytes);
  try {
    html = renderToString(
      <ServerFragmentsContext.Provider value={fragments}>
        <PageFallbackReport.Provider value={() => (fellBack = true)}>{app}</PageFallbackReport.Provider>
      </ServerFragmentsContext.Provider>,
    );
  } catch (err) {
    input.log.error({ err }, 'page render failed');
    return renderServerError(statusForRenderError(err), input);
  }
  // Each miss is rendered on its own within the page's site and navigation, as it read them inline.
  if (!fellBack)
    fragments.keepMisses((element) =>
      renderToString(
        <PageContexts site={site} page={page} navigation={navigation}>
          {element}
        </PageContexts>,
      ),
    );
  const embeddable = input.viewer === null && def.embeddable === true;
  if (!fellBack) return { kind: 'html', status, body: bytes.assemble(documentHead + html + tail), cacheable: status === 200 && input.viewer === null && def.publicCache === true, embeddable };
  return renderStreaming(app, documentHead, bytes.assemble(tail), status, input);
}

/** The streaming renderer, for a page that failed: it reports the error and answers 500. */
function renderStreaming(app: ReactElement, documentHead: string, tail: Buffer, status: number, input: RenderInput): Promise<RenderResult> {
  return new Promise<RenderResult>((resolve) => {
    let pageErrored = false;
    const chunks: Buffer[] = [Buffer.from(documentHead)];
    const sink = new Writable({
      write(chunk: Buffer | string, _enc, cb) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        cb();
      },
      final(cb) {
        chunks.push(tail);
        resolve({ kind: 'html', status: pageErrored ? 500 : status, body: Buffer.concat(chunks) });
        cb();
      },
    });
    const stream = renderToPipeableStream(app, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(err) {
        input.log.error({ err }, 'page render failed');
        resolve(renderServerError(statusForRenderError(err), input));
      },
      // Never outline a large page behind its fallback (React does so past 12.8 KB by
      // default), which would show readers without JavaScript the error screen.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Any script React writes in (a boundary's) runs under the page's policy.
      nonce: input.nonce,
      onError(err) {
        pageErrored = true;
        input.log.error({ err }, 'page component failed to render');
      },
    });
  });
}

/** The function a renderer runs queries with: in-process against the schema on the app. */
export type Execute = (document: DocumentNode, variables: Record<string, unknown>, operationName?: string) => Promise<ExecutionResult>;

const typedDocuments = new WeakMap<DocumentNode, DocumentNode>();
/** The document with __typename on every selection, as the browser's cache will read it. */
function withTypename(document: DocumentNode): DocumentNode {
  let typed = typedDocuments.get(document);
  if (!typed) typedDocuments.set(document, (typed = addTypename(document)));
  return typed;
}

/** The error a query answers for want of a signed-in reader (UnauthorizedError, code UNAUTHORIZED). */
function isUnauthorized(error: { extensions?: Record<string, unknown>; originalError?: unknown }): boolean {
  const original = error.originalError as { code?: unknown } | undefined;
  return error.extensions?.code === 'UNAUTHORIZED' || original?.code === 'UNAUTHORIZED';
}

function operationName(document: DocumentNode): string | undefined {
  for (const def of document.definitions) if (def.kind === Kind.OPERATION_DEFINITION) return def.name?.value;
  return undefined;
}

/** The 500 screen as a static page: the app itself could not render. */
export function renderServerError(status: number, input: Pick<RenderInput, 'siteName'>): RenderResult {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${input.siteName}</title></head><body>` +
    renderToString(<ServerErrorScreen status={status} />) +
    `</body></html>`;
  return { kind: 'html', status, body: Buffer.from(html) };
}
