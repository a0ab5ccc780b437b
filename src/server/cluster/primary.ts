import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../../platform/logger/index.js';
import { startDatabase, type StartedDatabase } from '../database.js';
import { startBackground } from '../background.js';
import { seedDemoContent } from '../seed/seed-demo.js';
import { closeSharedPubSub, configureSharedPubSub, sharedPubSub } from '../../platform/pubsub/index.js';
import { serveClusterLimits } from './limits.js';
import { CLUSTER_DATABASE_ENV, STOP_MESSAGE } from './protocol.js';

/** More exits than this within RESTART_WINDOW_MS is a crash loop: the site stops rather than spin. */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/** Beyond SHUTDOWN_GRACE_SECONDS (each worker's own drain), before workers that hang are killed. */
const STOP_MARGIN_MS = 5_000;

/**
 * The primary of this machine's cluster (WEB_PROCESSES > 1). It starts (and migrates, and
 * seeds) the database, runs the background work unless ROLE=web, keeps the rate limits and
 * relays pub/sub for its workers when there is no Redis, and forks WEB_PROCESSES workers
 * that serve HTTP on the shared port (node:cluster hands connections out in turn). A worker
 * that dies is replaced; Ctrl-C or SIGTERM drains the workers, then stops the rest.
 * `database` is already started (main.ts reports a locked data directory itself).
 */
export async function runClusterPrimary(config: Config, logger: Logger, database: StartedDatabase, started: number): Promise<void> {
  if (config.SEED_DEMO) await seedDemoContent(database.db, logger);
  configureSharedPubSub(config.REDIS_URL, 'hub');
  // Now, not on first use: the hub relays the workers' messages even if nothing here publishes.
  await sharedPubSub();
  const stopLimits = config.REDIS_URL ? () => {} : serveClusterLimits();
  const background = config.ROLE === 'web' ? null : startBackground({ db: database.db, config, logger });

  const workerEnv = {
    ROLE: 'web',
    [CLUSTER_DATABASE_ENV]: JSON.stringify(database.connection),
    // Sign-up challenges and search keys signed by one worker are checked by another.
    SECRET_KEY: config.SECRET_KEY ?? randomBytes(32).toString('hex'),
  };
  const fork = () => cluster.fork(workerEnv);
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);

  let stopping = false;
  let ready = false;
  const recentExits: number[] = [];

  const stop = async (exitCode: number) => {
    stopping = true;
    const force = setTimeout(() => {
      logger.error('web processes did not stop in time; killing them');
      for (const w of liveWorkers()) w.process.kill('SIGKILL');
    }, config.SHUTDOWN_GRACE_SECONDS * 1000 + STOP_MARGIN_MS);
    for (const w of liveWorkers()) {
      if (w.isConnected()) w.send({ type: STOP_MESSAGE }, undefined, () => {});
      else w.process.kill('SIGTERM');
    }
    while (liveWorkers().length > 0) await new Promise((r) => setTimeout(r, 50));
    clearTimeout(force);
    try {
      await background?.stop();
      stopLimits();
      await closeSharedPubSub();
      await database.shutdown();
      logger.info('stopped');
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      exitCode = 1;
    }
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!ready) {
      // It could not start (its own error is on stderr): neither can the site.
      logger.error({ workerPid: worker.process.pid, code, signal }, 'a web process exited while starting');
      void stop(1);
      return;
    }
    const now = Date.now();
    recentExits.push(now);
    while (recentExits[0]! < now - RESTART_WINDOW_MS) recentExits.shift();
    if (recentExits.length > RESTARTS_ALLOWED) {
      logger.error({ exits: recentExits.length, withinMs: RESTART_WINDOW_MS }, 'web processes keep exiting; stopping the site');
      void stop(1);
      return;
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, 'a web process exited; starting another');
    setTimeout(() => stopping || fork(), RESTART_DELAY_MS);
  });

  const onSignal = (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now');
      for (const w of liveWorkers()) w.process.kill('SIGKILL');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down: draining the web processes');
    void stop(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const port = await new Promise<number>((resolve) => {
    let listening = 0;
    cluster.on('listening', (_worker, address) => {
      if (++listening === config.webProcesses) resolve(address.port);
    });
    for (let i = 0; i < config.webProcesses; i++) fork();
  });
  ready = true;
  logger.info({ ms: Date.now() - started, embedded: database.embedded, webProcesses: config.webProcesses }, 'ready');
  if (config.logLevel !== 'silent') process.stdout.write(`${config.SITE_NAME} is running at http://localhost:${port} (${config.webProcesses} web processes)\n`);
}
