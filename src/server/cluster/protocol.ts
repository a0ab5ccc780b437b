import type pg from 'pg';

/**
 * What a cluster's primary tells the workers it forks (WEB_PROCESSES > 1): the database to
 * join, in the environment, and when to stop, over IPC.
 */

/** JSON of the connection (a postgres:// URL or pg's options for the embedded cluster's socket). */
export const CLUSTER_DATABASE_ENV = 'INKWELL_CLUSTER_DATABASE';

export const STOP_MESSAGE = 'inkwell:cluster:stop';

export const isStopMessage = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === STOP_MESSAGE;

/** The database a worker joins, from its environment. */
export function clusterDatabase(env: NodeJS.ProcessEnv = process.env): string | pg.PoolConfig {
  const value = env[CLUSTER_DATABASE_ENV];
  if (!value) throw new Error(`A cluster worker needs ${CLUSTER_DATABASE_ENV} from its primary.`);
  return JSON.parse(value) as string | pg.PoolConfig;
}
