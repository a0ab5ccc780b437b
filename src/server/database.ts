import path from 'node:path';
import type pg from 'pg';
import type { Config } from './config.js';
import { connectDatabase, type Database } from '../platform/db/client.js';
import { acquireDataDirLock } from '../platform/db/data-dir-lock.js';
import { startEmbeddedPostgres } from '../platform/db/embedded.js';
import { runMigrations } from '../platform/db/migrate.js';
import type { Logger } from '../platform/logger/index.js';
import { ensureVariantFlags } from '../modules/flags/queries.js';

export interface StartedDatabase extends Database {
  /** Closes the pool, then stops the embedded cluster (if any) and releases the lock. */
  shutdown(): Promise<void>;
  embedded: boolean;
  /** How another process of this machine reaches the same database (a cluster's workers). */
  connection: string | pg.PoolConfig;
}

/**
 * DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR (locked while running).
 * `onEmbeddedLost`: the embedded PostgreSQL was killed under the running app.
 */
export async function startDatabase(config: Config, logger: Logger, onEmbeddedLost?: (reason: string) => void): Promise<StartedDatabase> {
  if (config.DATABASE_URL) {
    const database = connectDatabase(config.DATABASE_URL, config.DB_POOL_SIZE, config.DB_LANES);
    await prepareDatabase(database);
    return { ...database, embedded: false, connection: config.DATABASE_URL, shutdown: () => database.close() };
  }
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const cluster = await startEmbeddedPostgres({
      clusterDir: path.join(config.dataDir, 'pg'),
      database: 'inkwell',
      logger,
      onUnexpectedExit: ({ code, signal }) => onEmbeddedLost?.(`the embedded PostgreSQL exited (${signal ?? `code ${code}`})`),
    });
    const database = connectDatabase(cluster.connection, config.DB_POOL_SIZE, config.DB_LANES);
    try {
      await prepareDatabase(database);
    } catch (err) {
      await database.close();
      await cluster.stop();
      throw err;
    }
    return {
      ...database,
      embedded: true,
      connection: cluster.connection,
      async shutdown() {
        await database.close();
        await cluster.stop();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * A cluster worker's connection to the database its primary started and migrated
 * (WEB_PROCESSES > 1): no lock, no migrations; shutdown closes only its own pool.
 */
export function joinDatabase(connection: string | pg.PoolConfig, config: Config): StartedDatabase {
  const database = connectDatabase(connection, config.DB_POOL_SIZE, config.DB_LANES);
  return { ...database, embedded: false, connection, shutdown: () => database.close() };
}

/** The oldest PostgreSQL the migrations are written for (DATABASE_URL may point anywhere). */
export const MIN_POSTGRES_VERSION = 150000;

export async function prepareDatabase(database: Database) {
  const { rows } = await database.pool.query<{ v: string }>('show server_version_num');
  const version = Number(rows[0]?.v);
  if (version < MIN_POSTGRES_VERSION) {
    throw new Error(`PostgreSQL ${Math.floor(version / 10000)} is too old: Inkwell needs PostgreSQL 15 or newer.`);
  }
  await runMigrations(database.db);
  await ensureVariantFlags(database.db);
}
