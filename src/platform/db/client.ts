import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Timestamps come back as Date (default); bigint counts as numbers (they stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function connectDatabase(connection: string | pg.PoolConfig, poolSize: number): Database {
  const config: pg.PoolConfig = typeof connection === 'string' ? { connectionString: connection } : { ...connection };
  // JIT compiles a plan when its estimated cost is high (a feed's bounded candidate sets can
  // look so); measured on the benchmark dataset it spent 3 s compiling a 0.1 s query. Requests
  // are short OLTP statements that never gain from it.
  config.options = [config.options, '-c jit=off'].filter(Boolean).join(' ');
  const pool = new pg.Pool({ ...config, max: poolSize, idleTimeoutMillis: 30_000, application_name: 'inkwell' });
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
      await pool.end();
    },
  };
}
