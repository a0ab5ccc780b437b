import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { connectDatabase, type Database } from '../../src/platform/db/client.js';
import { withDatabase } from '../setup/database.js';

/**
 * A fresh, migrated database for one test file (a copy of the run's template, ~40 ms),
 * dropped when the file's tests end.
 */
export async function createTestDatabase(): Promise<Database> {
  const server = inject('pgServer');
  const name = `test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client(server);
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const database = connectDatabase(withDatabase(server, name), 5);
  afterAll(async () => {
    await database.close();
    const c = new pg.Client(server);
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return database;
}
