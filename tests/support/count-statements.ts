import type { TestApp } from './app.js';

/** Counts every statement the app sends through the pool while `work` runs. */
export async function countStatements(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const pool = t.database.db.$client;
  const query = pool.query.bind(pool);
  let n = 0;
  pool.query = ((...args: unknown[]) => {
    n++;
    return (query as (...a: unknown[]) => unknown)(...args);
  }) as typeof pool.query;
  try {
    await work();
  } finally {
    pool.query = query;
  }
  return n;
}
