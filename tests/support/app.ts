import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type Renderer } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createLogger } from '../../src/platform/logger/index.js';
import type { Database } from '../../src/platform/db/client.js';
import { createTestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** The real application on a fresh test database, rendering from source (no client build). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', ...env });
  const database = await createTestDatabase();
  const logger = createLogger(config.logLevel);
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    loadRenderer: async () => (await import('../../src/web/entry-server.js')) as Renderer,
  });
  await app.ready();
  afterAll(() => app.close());
  return { app, database, config };
}
