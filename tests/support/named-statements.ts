import type { TestApp } from './app.js';

/**
 * Records the names of the named statements (prepared, by name) the app sends whose name
 * matches `pattern`, to count what a request costs the database; restore() stops it.
 */
export function recordNamedStatements(t: TestApp, pattern: RegExp): { names: string[]; restore(): void } {
  const names: string[] = [];
  const pool = t.database.db.$client;
  const query = pool.query.bind(pool);
  pool.query = ((config: { name?: string }, ...rest: unknown[]) => {
    if (typeof config === 'object' && config?.name && pattern.test(config.name)) names.push(config.name);
    return (query as (...a: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  return { names, restore: () => void (pool.query = query) };
}

/** Every statement the app sends on `pool` (named ones by name, others by their text) while `run` runs. */
export async function statementsDuring(pool: TestApp['database']['db']['$client'], run: () => Promise<unknown>): Promise<string[]> {
  const query = pool.query.bind(pool);
  const sent: string[] = [];
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    sent.push(typeof config === 'string' ? config : ((config as { name?: string; text?: string }).name ?? (config as { text?: string }).text ?? '?'));
    return (query as (...a: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return sent;
}
