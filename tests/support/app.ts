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
  /** Log lines written at warn level and above (parsed pino JSON). */
  logs: { level: number; msg: string }[];
}

/** inject() sends Host: localhost:80; the main host must match for the default route table. */
export const TEST_HOST = 'localhost:3000';

/** The real application on a fresh test database, rendering from source (no client build). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // The sign-up captcha is off unless a test turns it on (captcha.test.ts does).
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_PROVIDER: 'none', ...env });
  const database = await createTestDatabase();
  const logs: TestApp['logs'] = [];
  const logger = createLogger(env.LOG_LEVEL === 'silent' ? 'silent' : 'warn', {
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as TestApp['logs'][number]) },
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    loadRenderer: async () => (await import('../../src/web/entry-server.js')) as Renderer,
  });
  await app.ready();
  afterAll(() => app.close());
  return { app, database, config, logs };
}
