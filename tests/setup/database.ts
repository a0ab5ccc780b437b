import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/platform/db/client.js';
import { defaultTempDir, startEmbeddedPostgres } from '../../src/platform/db/embedded.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { prepareDatabase } from '../../src/server/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test databases are created: a server connection without a database name. */
    pgServer: pg.PoolConfig;
    /** A migrated database that each test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the run: the server at DATABASE_URL when set (CI also runs the
 * suite that way), otherwise an embedded cluster on /dev/shm with fsync off. The schema
 * is migrated once into a template database.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger('silent');
  const template = `inkwell_template_${process.pid}`;
  let server: pg.PoolConfig;
  let stop: () => Promise<void> = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    server = { connectionString: url.toString() };
  } else {
    const root = fs.mkdtempSync(path.join(defaultTempDir(), 'inkwell-test-'));
    fs.chmodSync(root, 0o755);
    const cluster = await startEmbeddedPostgres({ clusterDir: path.join(root, 'pg'), database: 'postgres', logger, durable: false });
    server = cluster.connection;
    stop = async () => {
      await cluster.stop();
      fs.rmSync(root, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client(server);
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();

  const db = connectDatabase(withDatabase(server, template), 2);
  await prepareDatabase(db);
  await db.close();

  project.provide('pgServer', server);
  project.provide('pgTemplate', template);

  return async () => {
    const c = new pg.Client(server);
    await c.connect();
    await c.query(`drop database if exists ${template} with (force)`);
    await c.end();
    await stop();
  };
}

export function withDatabase(server: pg.PoolConfig, database: string): pg.PoolConfig {
  if (server.connectionString) {
    const url = new URL(server.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...server, database };
}
