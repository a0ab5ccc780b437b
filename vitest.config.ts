import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * graphql ships both an ES module (package.json "module") and CommonJS ("main"). Node
 * and mercurius load the CommonJS one; Vite would pick the ES module, and two copies of
 * graphql refuse to share a schema. Point tests at the one Node uses.
 */
const graphqlEntry = createRequire(import.meta.url).resolve('graphql');

/**
 * Two projects: unit and integration tests (node, a real PostgreSQL per test file from
 * a migrated template), and browser journeys in Chromium against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/setup/database.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/e2e-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
