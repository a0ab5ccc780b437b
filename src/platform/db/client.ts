import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';
import { routePoolQueries, StatementLanes } from './statement-lanes.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Lanes by default: enough for PostgreSQL to use a few cores, few enough to keep writes together. */
export const DEFAULT_LANES = 4;

// Timestamps come back as Date (default); bigint counts as numbers (they stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * A pool of `poolSize` connections for transactions and anything that holds a connection,
 * and up to `lanes` pipelined connections that carry every other statement (statement-lanes.ts;
 * 0: statements take a pool connection each, as transactions do).
 */
export function connectDatabase(connection: string | pg.PoolConfig, poolSize: number, lanes = DEFAULT_LANES): Database {
  const config: pg.PoolConfig = typeof connection === 'string' ? { connectionString: connection } : { ...connection };
  // JIT compiles a plan when its estimated cost is high (a feed's bounded candidate sets can
  // look so); measured on the benchmark dataset it spent 3 s compiling a 0.1 s query. Requests
  // are short OLTP statements that never gain from it.
  config.options = [config.options, '-c jit=off'].filter(Boolean).join(' ');
  const pool = new pg.Pool({ ...config, max: poolSize, idleTimeoutMillis: 30_000, application_name: 'inkwell' });
  const statementLanes = new StatementLanes({ maxLanes: lanes, clientConfig: { ...config, application_name: 'inkwell' } });
  routePoolQueries(pool, statementLanes);
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // A checked-out client whose connection drops (server restart, terminated backend) emits
  // 'error' too; the query in flight rejects and its caller handles that, so the event
  // itself must not be left unhandled (it would end the process).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as Db;
  return {
    db,
    pool,
    async close() {
      await statementLanes.close();
      await pool.end();
    },
  };
}
