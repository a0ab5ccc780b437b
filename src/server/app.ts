import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
import { registerStatsRoutes } from '../modules/stats/http.js';
import { registerMediaRoutes } from '../modules/media/http.js';
import { registerFeedRoutes } from '../modules/feeds/rss-http.js';
import { registerPublicationFeedRoutes } from '../modules/publications/rss-http.js';
import { registerDiscoveryRoutes } from '../modules/discovery/http.js';
import { registerNotificationStream } from '../modules/notifications/stream-http.js';
import { registerSearchRoutes } from '../modules/search/http.js';
import { registerTestPaymentRoutes } from '../modules/payments/test-provider/authenticate-http.js';
import { registerStripeRoutes } from '../modules/payments/stripe/index.js';
import { paymentEventHandlers } from './payment-event-handlers.js';
import { membershipEnv } from '../modules/membership/env.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { registerCatalogRoutes } from '../modules/catalogs/http.js';
import { registerNewsletterImportRoutes } from '../modules/newsletters/import-http.js';
import { registerTlsAskRoute } from '../modules/custom-domains/http.js';
import { customHostFor } from '../modules/custom-domains/host-resolution.js';
import { publicationByLiveDomain } from '../modules/custom-domains/collection-domain.js';
import { registerPublicationFollowRoutes } from '../modules/publications/follow-http.js';
import { registerUnsubscribeRoutes } from '../modules/newsletters/unsubscribe-http.js';
import { registerSubscribeRoutes } from '../modules/newsletters/subscribe-http.js';
import { publicProviders } from '../modules/accounts/social-providers.js';
import type { IpLockouts } from '../modules/accounts/ip-lockout.js';
import { createCaptcha, type Captcha } from '../modules/accounts/captcha.js';
import { ASSET_BASE, noAssets } from './ssr/assets.js';
import { PageCache } from './page-cache.js';
import { registerSecurityHeaders, type SecurityHeaderOptions } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { newNonce } from './http/content-security-policy.js';
import { sendPage, type PageResponseOptions } from './http/page-response.js';
import { createCdnPurger } from './http/cdn-purge.js';
import { sharedCacheTimes } from '../platform/http/cache-control.js';
import { registerWriteInvalidation } from './write-invalidation.js';
import { SessionCache } from '../modules/accounts/session-cache.js';
import { sharedPubSub } from '../platform/pubsub/index.js';
import { viewerAccess } from '../shared/routing/index.js';
import { registerSesWebhook } from '../platform/mail/ses-webhook.js';
import { registerMailgunWebhook } from '../platform/mail/mailgun-webhook.js';

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
  assets?: import('../web/entry-server.js').PageAssets;
  /** Directory of the built client, served under /static/. */
  clientDir?: string;
  /** The time payments and memberships go by (tests move it); the system clock by default. */
  clock?: Clock;
  /** Installs development middleware (Vite) before routes. */
  beforeRoutes?(app: FastifyInstance): Promise<void>;
  /** Which URLs are Amazon SNS's (its signing certificates, subscription confirmations): tests serve their own. */
  trustSnsUrl?: (url: URL) => boolean;
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

/** The viewer's staff access for the page shell: only staff and admins carry the field. */
function staffAccess(viewer: { isStaff: boolean; isAdmin: boolean }) {
  const access = viewerAccess(viewer);
  return access ? { access } : {};
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // The page renderer, set once the routes are in place (the framework's error hook below needs it).
  let ssr: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    // A line per request only when debugging: at info, logs stay readable under load.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // A path with a broken escape ('/%zz') names no page: the not-found page, as for any unknown
    // path. Such a request skipped the hooks, so it is answered as to a visitor without a session.
    frameworkErrors(err, rawRequest, rawReply) {
      const [request, reply] = [rawRequest as unknown as FastifyRequest, rawReply as unknown as FastifyReply];
      if (err.code !== 'FST_ERR_BAD_URL' || request.method !== 'GET') return reply.code(400).send({ statusCode: 400, message: err.message });
      request.viewer = null;
      return ssr(request, reply);
    },
  }) as unknown as FastifyInstance;
  app.decorate('db', db);
  app.decorate('config', config);
  decorateSharedLimits(app, await createSharedLimits(config.REDIS_URL));
  app.decorate('captcha', createCaptcha(config, app.rateLimiter));
  await app.register(cookie);
  // Every answer: security headers (http/security-headers.ts), text compressed when asked (http/compression.ts).
  const security: SecurityHeaderOptions = { publicProtocol: config.PUBLIC_PROTOCOL, development: config.NODE_ENV === 'development', recaptcha: config.CAPTCHA_PROVIDER === 'recaptcha', stripe: config.PAYMENT_PROVIDER === 'stripe' };
  registerSecurityHeaders(app, security);
  registerCompression(app);
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
  registerPublicationFeedRoutes(app, { publicationByDomain: publicationByLiveDomain });
  registerDiscoveryRoutes(app);
  registerNotificationStream(app);
  registerSearchRoutes(app);
  if (config.PAYMENT_PROVIDER === 'test') await registerTestPaymentRoutes(app, { clock: deps.clock ?? systemClock });
  if (config.PAYMENT_PROVIDER === 'stripe') await registerStripeRoutes(app, { clock: deps.clock ?? systemClock, handlers: paymentEventHandlers({ env: membershipEnv(config, deps.clock ?? systemClock) }) });
  registerCatalogRoutes(app);
  await registerNewsletterImportRoutes(app);
  registerStatsRoutes(app, { clock: deps.clock });
  registerTlsAskRoute(app, { db, config });
  registerPublicationFollowRoutes(app);
  if (config.SES_SNS_TOPIC_ARN) await registerSesWebhook(app, { topicArn: config.SES_SNS_TOPIC_ARN, allowAddresses: config.FETCH_ALLOW_ADDRESSES, trustSnsUrl: deps.trustSnsUrl }); // SES bounces and complaints (platform/mail/ses-webhook.ts)
  if (config.MAILGUN_WEBHOOK_SIGNING_KEY) registerMailgunWebhook(app, { signingKey: config.MAILGUN_WEBHOOK_SIGNING_KEY }); // Mailgun bounces and complaints (platform/mail/mailgun-webhook.ts)
  registerUnsubscribeRoutes(app);
  registerSubscribeRoutes(app);

  // Spec §9: the favicon tells a development site from a real one at a glance.
  const faviconUrl = `${ASSET_BASE}${config.NODE_ENV === 'development' ? 'favicon-development.svg' : 'favicon.svg'}`;
  app.get('/favicon.ico', (_request, reply) => reply.redirect(faviconUrl, 301));

  const flags = cachedVariantFlags(db);
  const renderer = await deps.loadRenderer();
  const assets = deps.assets ?? noAssets;
  // Logged-out readers' public pages, rendered once per few seconds (src/server/page-cache.ts).
  const pageCache = config.pageCacheTtlMs > 0 && !deps.beforeRoutes ? new PageCache({ ttlMs: config.pageCacheTtlMs, maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024 }) : null;
  const cdnPurger = config.CDN_PURGE_URL ? createCdnPurger({ url: config.CDN_PURGE_URL, token: config.CDN_PURGE_TOKEN, log: app.log }) : null;
  if (cdnPurger) app.addHook('onClose', async () => cdnPurger.close());
  await registerWriteInvalidation(app, { pageCache, sessionCache, cdnPurger }, GRAPHQL_PATH, sharedPubSub);
  const pageResponse: PageResponseOptions = { security, sharedCache: sharedCacheTimes(config) };
  /** A render with a CSP nonce of its own (docs/adr/0015), returned beside it. */
  const renderRequest = async (r: Renderer, request: FastifyRequest) => {
    const nonce = newNonce();
    const ctx = contextForRequest(app, request);
    const execute = async (document: DocumentNode, variables: Record<string, unknown>, operationName?: string): Promise<ExecutionResult> =>
      // A URL parameter no row can hold (NUL, a lone surrogate) finds nothing, without asking the database.
      findUnstorableValue(variables)
        ? { data: null }
        : ((await app.graphql(printed(document), ctx as never, variables, operationName)) as ExecutionResult);
    const result = await r.render({
      url: request.url,
      host: request.host,
      protocol: config.PUBLIC_PROTOCOL,
      siteName: config.SITE_NAME,
      mainHost: config.mainHost,
      authProviders: publicProviders(config),
      hiddenSusiButtons: hiddenSusiButtons(await flags()),
      siteLinks: config.siteLinks,
      viewer: request.viewer
        ? { id: request.viewer.id, name: request.viewer.name, username: request.viewer.username, imageId: request.viewer.imageId, emailObfuscated: request.viewer.emailObfuscated, xsrf: request.viewer.xsrf, ...staffAccess(request.viewer) }
        : null,
      graphqlUrl: GRAPHQL_PATH,
      faviconUrl,
      execute,
      assets,
      nonce,
      log: { warn: (m) => request.log.warn(m), error: (o, m) => request.log.error(o, m) },
      customHost: await customHostFor(db, request.host, config.mainHost),
    });
    return { ...result, nonce };
  };
  type Rendered = Awaited<ReturnType<typeof renderRequest>>;
  /** The same for every signed-out reader: a public page's 200 that does not hold this visitor's id. */
  const isShared = (result: Rendered, request: FastifyRequest) =>
    result.kind === 'html' && result.cacheable === true && !result.body.includes(request.visitorId);
  ssr = async (request: FastifyRequest, reply: FastifyReply) => {
    const r = deps.beforeRoutes ? await deps.loadRenderer() : renderer; // development: fresh module per request
    const answer = (result: Rendered) => {
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      const page = { status: result.status, body: result.body, nonce: result.nonce, embeddable: result.embeddable === true, shared: isShared(result, request) };
      return sendPage(request, reply, page, 'DYNAMIC', pageResponse);
    };
    try {
      if (pageCache && !request.viewer) {
        let own: Rendered | null = null;
        const served = await pageCache.serve(`${request.host}${request.url}`, async () => {
          own = await renderRequest(r, request);
          if (own.kind !== 'html' || !own.cacheable) return null;
          // A page that shows this visitor's id would show it to every reader: never cache it.
          if (!isShared(own, request)) {
            request.log.warn({ url: request.url }, 'page cache: a public page holds the visitor id; not cached');
            return null;
          }
          return { status: own.status, body: own.body, nonce: own.nonce, embeddable: own.embeddable === true };
        });
        if (served.page) return sendPage(request, reply, { ...served.page, shared: true, kept: served.page }, served.status, pageResponse);
        // Not cacheable: this request's own render, or (it joined another's) a render of its own.
        return answer(own ?? (await renderRequest(r, request)));
      }
      return answer(await renderRequest(r, request));
    } catch (err) {
      request.log.error({ err }, 'render failed');
      const status = String((err as Error)?.message).includes('409: Conflict') ? 409 : 500;
      const page = r.renderServerError(status, { siteName: config.SITE_NAME });
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.kind === 'html' ? page.body : '');
    }
  };
  app.get('/*', ssr);
  return app;
}
