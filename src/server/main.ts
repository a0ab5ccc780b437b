import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type Renderer } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { startDatabase } from './database.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import { createLogger, type Logger } from '../platform/logger/index.js';
import { startMailer } from '../platform/mail/index.js';
import { systemClock } from '../platform/clock.js';
import { startSweeper } from '../platform/jobs/sweeper.js';
import { handledEventsPruneSweep } from '../platform/events/retention.js';
import { closeSharedPubSub, configureSharedPubSub } from '../platform/pubsub/index.js';
import { trashPurgeSweep } from '../modules/posts/trash-purge.js';
import { notificationDigestSweep } from '../modules/notifications/digest.js';
import { startEventDispatcher } from '../platform/events/dispatcher.js';
import { searchBackfillSweep } from '../modules/search/indexer.js';
import { searchTierSweep } from '../modules/search/tier.js';
import { searchAnalyticsPruneSweep } from '../modules/search/retention.js';
import { eventHandlers } from './event-handlers.js';
import { projectRoot } from '../platform/project-root.js';
import { seedDemoContent } from './seed/seed-demo.js';
import { ASSET_BASE, CLIENT_ENTRY, manifestAssets } from './ssr/assets.js';

/** Production: the built client and server renderer under dist/. */
async function productionRendering(): Promise<Pick<AppDeps, 'loadRenderer' | 'assets' | 'clientDir'>> {
  const root = projectRoot();
  const clientDir = path.join(root, 'dist', 'client');
  const rendererUrl = pathToFileURL(path.join(root, 'dist', 'server', 'entry-server.js')).href;
  const renderer = (await import(/* @vite-ignore */ rendererUrl)) as Renderer;
  return { clientDir, assets: manifestAssets(clientDir), loadRenderer: async () => renderer };
}

/** Development: Vite serves the client with HMR and loads the renderer from source. */
async function developmentRendering(): Promise<Pick<AppDeps, 'loadRenderer' | 'assets' | 'beforeRoutes'>> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const preamble =
    `<script type="module">import RefreshRuntime from "${ASSET_BASE}@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);` +
    `window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true</script>`;
  return {
    assets: { tagsFor: () => `${preamble}<script type="module" src="${ASSET_BASE}@vite/client"></script><script type="module" src="${ASSET_BASE}${CLIENT_ENTRY}"></script>` },
    loadRenderer: async () => (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as Renderer,
    async beforeRoutes(app: FastifyInstance) {
      await app.register((await import('@fastify/middie')).default);
      app.use(vite.middlewares);
      app.addHook('onClose', async () => vite.close());
    },
  };
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const logger: Logger = createLogger(config.logLevel);
  const started = Date.now();
  // React, loaded below with the renderer, picks its production build from NODE_ENV.
  process.env.NODE_ENV = config.NODE_ENV;

  let database;
  try {
    database = await startDatabase(config, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
  if (config.SEED_DEMO) await seedDemoContent(database.db, logger);

  configureSharedPubSub(config.REDIS_URL);
  const rendering = config.NODE_ENV === 'development' ? await developmentRendering() : await productionRendering();
  const app = await buildApp({ config, db: database.db, logger, ...rendering });
  // The outbox's sender is background work: not in ROLE=web processes.
  const mailer = config.ROLE === 'web' ? null : startMailer({ db: database.db, config, logger });
  // So is the trash purge (spec §4: permanent deletion after 14 days).
  const trashPurge = config.ROLE === 'web' ? null : startSweeper({ sweep: trashPurgeSweep({ db: database.db, clock: systemClock, logger }), logger });
  // And the notifications email digest (readers due by their own schedule).
  const digests =
    config.ROLE === 'web'
      ? null
      : startSweeper({ sweep: notificationDigestSweep({ db: database.db, logger, siteName: config.SITE_NAME, origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}` }), logger, intervalMs: 5 * 60_000 });
  // And the reactions to domain events: notifications (docs/adr/0007).
  const events = config.ROLE === 'web' ? null : startEventDispatcher({ db: database.db, logger, handlers: eventHandlers() });
  // And the outbox's housekeeping: handled events older than a week go.
  const eventsPrune = config.ROLE === 'web' ? null : startSweeper({ sweep: handledEventsPruneSweep({ db: database.db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 1000 });
  // And search documents for whatever has none (the demo content, bulk-loaded rows, a site
  // upgraded to search, an event given up on): at once, so a new site's search finds its demo
  // stories, then every 6 hours.
  const searchBackfill =
    config.ROLE === 'web' ? null : startSweeper({ sweep: searchBackfillSweep(database.db), logger, intervalMs: 6 * 3600_000, startDelayMs: 0, batchSize: 5000 });
  // And the story search's top tier, rebuilt as the site grows (modules/search/tier.ts): hourly.
  const searchTier = config.ROLE === 'web' ? null : startSweeper({ sweep: searchTierSweep(database.db), logger, intervalMs: 60 * 60_000, startDelayMs: 60_000 });
  // And search analytics older than 90 days go (modules/search/retention.ts): hourly.
  const searchPrune =
    config.ROLE === 'web' ? null : startSweeper({ sweep: searchAnalyticsPruneSweep({ db: database.db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 1000 });
  // Background work, stopped together (each finishes what it has in flight).
  const background = [mailer, trashPurge, digests, events, eventsPrune, searchBackfill, searchTier, searchPrune];
  const stopBackground = async () => {
    for (const job of background) await job?.stop();
  };

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; closing anyway');
      void database.shutdown().finally(() => process.exit(1));
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await stopBackground(); // an email, a purge or digest batch, an event in flight
      await closeSharedPubSub(); // its Redis connections, when configured
      await database.shutdown(); // then the pool, then the embedded cluster
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await stopBackground();
    await database.shutdown();
    fail(`Could not listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ ms: Date.now() - started, embedded: database.embedded }, 'ready');
  if (config.logLevel !== 'silent') process.stdout.write(`${config.SITE_NAME} is running at http://localhost:${port}\n`);
}

// Run when executed directly (node dist/server/main.js, tsx src/server/main.ts).
const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (invoked === import.meta.url) {
  main().catch((err) => {
    process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  });
}
