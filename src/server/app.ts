import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DocumentNode, ExecutionResult } from 'graphql';
import { print } from 'graphql';
import type { Config } from './config.js';
import type { Db } from '../platform/db/client.js';
import type { Logger } from '../platform/logger/index.js';
import { projectRoot } from '../platform/project-root.js';
import { registerDevMailbox } from '../platform/mail/index.js';
import type { RateLimiter } from '../platform/rate-limit/index.js';
import { createSharedLimits, decorateSharedLimits } from './shared-limits.js';
import { registerStrictBodyParsers } from '../platform/http/body-parsers.js';
import { registerStorableParams } from './storable-params.js';
import { contextForRequest, GRAPHQL_PATH, registerGraphql } from './graphql/plugin.js';
import { findUnstorableValue } from '../platform/db/storable-text.js';
import { registerRequestIdentity } from './request-identity.js';
import { registerAuthRoutes } from '../modules/accounts/auth-http.js';
import { cachedVariantFlags } from '../modules/flags/queries.js';
import { hiddenSusiButtons } from '../shared/auth-providers.js';
import { registerSocialRoutes } from '../modules/accounts/social-http.js';
import { registerQuoteRoutes } from '../modules/quotes/http.js';
import { registerMediaRoutes } from '../modules/media/http.js';
import { registerFeedRoutes } from '../modules/feeds/rss-http.js';
import { registerNotificationStream } from '../modules/notifications/stream-http.js';
import { registerSearchRoutes } from '../modules/search/http.js';
import { publicProviders } from '../modules/accounts/social-providers.js';
import type { IpLockouts } from '../modules/accounts/ip-lockout.js';
import { createCaptcha, type Captcha } from '../modules/accounts/captcha.js';
import { ASSET_BASE, noAssets } from './ssr/assets.js';
import { PageCache, type CacheStatus } from './page-cache.js';
import { registerWriteInvalidation } from './write-invalidation.js';
import { SessionCache } from '../modules/accounts/session-cache.js';
import { sharedPubSub } from '../platform/pubsub/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Counters for abuse limits (sign-in calls); shared across processes once Redis is configured. */
    rateLimiter: RateLimiter;
    /** Networks barred from password and code sign-in after guessing across accounts. */
    ipLockouts: IpLockouts;
    /** The sign-up check (spec §4 captcha). */
    captcha: Captcha;
  }
}

/** What entry-server exports (built, loaded through Vite in development, or imported in tests). */
export interface Renderer {
  render: typeof import('../web/entry-server.js').render;
  renderServerError: typeof import('../web/entry-server.js').renderServerError;
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  loadRenderer(): Promise<Renderer>;
  assets?: { tagsFor(...pageModules: string[]): string };
  /** Directory of the built client, served under /static/. */
  clientDir?: string;
  /** Installs development middleware (Vite) before routes. */
  beforeRoutes?(app: FastifyInstance): Promise<void>;
}

const printedDocuments = new WeakMap<DocumentNode, string>();
/** Documents are long-lived objects (Apollo caches its transforms): print each once. */
function printed(document: DocumentNode): string {
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    // A line per request only when debugging: at info, logs stay readable under load.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
  }) as unknown as FastifyInstance;
  app.decorate('db', db);
  app.decorate('config', config);
  decorateSharedLimits(app, await createSharedLimits(config.REDIS_URL));
  app.decorate('captcha', createCaptcha(config, app.rateLimiter));
  await app.register(cookie);
  registerStrictBodyParsers(app);
  registerStorableParams(app, { pagesRoute: '/*', graphqlPath: GRAPHQL_PATH });
  // Signed-in readers' sessions kept a few seconds (forgotten on their writes: registerWriteInvalidation below).
  const sessionCache = config.sessionCacheTtlMs > 0 ? new SessionCache(config.sessionCacheTtlMs) : null;
  registerRequestIdentity(app, { trustProxy: config.TRUST_PROXY, db, protocol: config.PUBLIC_PROTOCOL, sessionCache });

  // Internal failures keep their details in the log, not in the response.
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    reply.code(status).send({ statusCode: status, message: status >= 500 && config.isProduction ? 'Internal Server Error' : err.message });
  });

  if (deps.beforeRoutes) await deps.beforeRoutes(app);

  const staticRoot = deps.clientDir && fs.existsSync(deps.clientDir) ? deps.clientDir : path.join(projectRoot(), 'public');
  await app.register(fastifyStatic, {
    root: staticRoot,
    prefix: ASSET_BASE,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/build/precompress.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed build output never changes under the same name.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/_/health', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  // Events endpoint (spec §7): accepted and dropped until the events pipeline lands.
  app.post('/_/batch', async (request, reply) => {
    if (!Array.isArray(request.body) || request.body.length > 1000) return reply.code(400).send({ message: 'Expected a JSON array of at most 1000 events.' });
    return reply.code(204).send();
  });

  // Without SMTP, sent email is readable here from this machine only.
  registerDevMailbox(app, { config, db });

  await registerGraphql(app, { config, db });
  registerAuthRoutes(app);
  registerSocialRoutes(app);
  registerQuoteRoutes(app);
  await registerMediaRoutes(app);
  registerFeedRoutes(app);
  registerNotificationStream(app);
  registerSearchRoutes(app);

  // Spec §9: the favicon tells a development site from a real one at a glance.
  const faviconUrl = `${ASSET_BASE}${config.NODE_ENV === 'development' ? 'favicon-development.svg' : 'favicon.svg'}`;
  app.get('/favicon.ico', (_request, reply) => reply.redirect(faviconUrl, 301));

  const flags = cachedVariantFlags(db);
  const renderer = await deps.loadRenderer();
  const assets = deps.assets ?? noAssets;
  // Logged-out readers' public pages, rendered once per few seconds (src/server/page-cache.ts).
  const pageCache = config.pageCacheTtlMs > 0 && !deps.beforeRoutes ? new PageCache({ ttlMs: config.pageCacheTtlMs, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 }) : null;
  await registerWriteInvalidation(app, { pageCache, sessionCache }, GRAPHQL_PATH, sharedPubSub);
  const renderRequest = async (r: Renderer, request: import('fastify').FastifyRequest) => {
    const ctx = contextForRequest(app, request);
    const execute = async (document: DocumentNode, variables: Record<string, unknown>, operationName?: string): Promise<ExecutionResult> =>
      // A URL parameter no row can hold (NUL, a lone surrogate) finds nothing, without asking the database.
      findUnstorableValue(variables)
        ? { data: null }
        : ((await app.graphql(printed(document), ctx as never, variables, operationName)) as ExecutionResult);
    return r.render({
      url: request.url,
      host: request.host,
      protocol: config.PUBLIC_PROTOCOL,
      siteName: config.SITE_NAME,
      mainHost: config.mainHost,
      authProviders: publicProviders(config),
      hiddenSusiButtons: hiddenSusiButtons(await flags()),
      viewer: request.viewer
        ? { id: request.viewer.id, name: request.viewer.name, username: request.viewer.username, imageId: request.viewer.imageId, emailObfuscated: request.viewer.emailObfuscated, xsrf: request.viewer.xsrf }
        : null,
      graphqlUrl: GRAPHQL_PATH,
      faviconUrl,
      execute,
      assets,
      log: { warn: (m) => request.log.warn(m), error: (o, m) => request.log.error(o, m) },
    });
  };
  const ssr = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const r = deps.beforeRoutes ? await deps.loadRenderer() : renderer; // development: fresh module per request
    const sendHtml = (status: number, body: Buffer, cache: CacheStatus) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('x-cache', cache).send(body);
    try {
      if (pageCache && !request.viewer) {
        let own: Awaited<ReturnType<Renderer['render']>> | null = null;
        const served = await pageCache.serve(`${request.host}${request.url}`, async () => {
          own = await renderRequest(r, request);
          if (own.kind !== 'html' || !own.cacheable) return null;
          // A page that shows this visitor's id would show it to every reader: never cache it.
          if (own.body.includes(request.visitorId)) {
            request.log.warn({ url: request.url }, 'page cache: a public page holds the visitor id; not cached');
            return null;
          }
          return { status: own.status, body: own.body };
        });
        if (served.page) return sendHtml(served.page.status, served.page.body, served.status);
        // Not cacheable: this request's own render, or (it joined another's) a render of its own.
        const result = own ?? (await renderRequest(r, request));
        if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
        return sendHtml(result.status, result.body, 'DYNAMIC');
      }
      const result = await renderRequest(r, request);
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      return sendHtml(result.status, result.body, 'DYNAMIC');
    } catch (err) {
      request.log.error({ err }, 'render failed');
      const status = String((err as Error)?.message).includes('409: Conflict') ? 409 : 500;
      const page = r.renderServerError(status, { siteName: config.SITE_NAME });
      return reply.code(status).type('text/html; charset=utf-8').send(page.kind === 'html' ? page.body : '');
    }
  };
  app.get('/*', ssr);
  return app;
}
