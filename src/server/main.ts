import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type Renderer } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { joinDatabase, startDatabase, type StartedDatabase } from './database.js';
import { startBackground } from './background.js';
import { runClusterPrimary } from './cluster/primary.js';
import { clusterDatabase, isStopMessage } from './cluster/protocol.js';
import { DataDirLockedError } from '../platform/db/data-dir-lock.js';
import { createLogger, type Logger } from '../platform/logger/index.js';
import { closeSharedPubSub, configureSharedPubSub } from '../platform/pubsub/index.js';
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
  const preamble = (nonce: string) =>
    `<script type="module" nonce="${nonce}">import RefreshRuntime from "${ASSET_BASE}@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);` +
    `window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true</script>`;
  return {
    assets: { tagsFor: (_pageModules: string[], nonce: string) => `${preamble(nonce)}<script type="module" src="${ASSET_BASE}@vite/client"></script><script type="module" src="${ASSET_BASE}${CLIENT_ENTRY}"></script>` },
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

  // This machine's cluster (WEB_PROCESSES > 1): the primary keeps the database and the
  // background work and forks the web processes (src/server/cluster/primary.ts).
  // Not in development: each worker would start its own Vite server (one HMR port, one file watcher).
  if (config.webProcesses > 1 && config.NODE_ENV === 'development') logger.warn({ webProcesses: config.webProcesses }, 'WEB_PROCESSES is for production; development serves from one process');
  const primaryOfCluster = config.webProcesses > 1 && cluster.isPrimary && config.NODE_ENV !== 'development';
  const workerOfCluster = cluster.isWorker;

  let database: StartedDatabase;
  try {
    // Without its database the app can only fail requests: it exits, and the next start (by
    // hand or by a supervisor) recovers the cluster (docs/adr/0002).
    const lost = (reason: string) => {
      logger.fatal({ reason }, 'the database is gone: exiting');
      process.exit(1);
    };
    database = workerOfCluster ? joinDatabase(clusterDatabase(), config) : await startDatabase(config, logger, lost);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }
  if (primaryOfCluster) return runClusterPrimary(config, logger, database, started);
  if (config.SEED_DEMO && !workerOfCluster) await seedDemoContent(database.db, logger);

  configureSharedPubSub(config.REDIS_URL, workerOfCluster ? 'worker' : undefined);
  const rendering = config.NODE_ENV === 'development' ? await developmentRendering() : await productionRendering();
  const app = await buildApp({ config, db: database.db, logger, ...rendering });
  // Background work is not for ROLE=web processes (a cluster's workers are ROLE=web).
  const background = config.ROLE === 'web' ? null : startBackground({ db: database.db, config, logger });
  const stopBackground = async () => {
    await background?.stop();
  };

  let stopping = false;
  /** `bySignal`: a second signal means now; a second request from the primary changes nothing. */
  const stop = async (signal: string, bySignal = true) => {
    if (stopping) {
      if (!bySignal) return;
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
  if (workerOfCluster) {
    process.on('message', (m) => isStopMessage(m) && void stop('primary', false));
    // The primary is gone (kill -9): nothing restarts or stops this process any more.
    process.on('disconnect', () => void stop('primary gone', false));
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await stopBackground();
    await database.shutdown();
    fail(`Could not listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (workerOfCluster) return; // the primary says when the site is ready
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
