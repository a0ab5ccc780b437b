import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.js';
import { projectRoot } from '../project-root.js';

/** Any constant: all processes that migrate the same database take the same lock. */
const MIGRATION_LOCK_KEY = 7_215_001;

/**
 * Applies the generated migrations in migrations/. Several web processes may start at
 * once against one database, so the run is serialized with an advisory lock.
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(db, { migrationsFolder: path.join(projectRoot(), 'migrations') });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
