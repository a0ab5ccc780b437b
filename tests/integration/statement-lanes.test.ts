import net from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANES, type Database } from '../../src/platform/db/client.js';
import { StatementLanes } from '../../src/platform/db/statement-lanes.js';
import { createTestDatabase } from '../support/db.js';

/** Writes made to any socket while `fn` runs (the lanes' sockets are the only busy ones). */
async function countingWrites<T>(fn: () => Promise<T>): Promise<{ writes: number; result: T }> {
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const original = { write: proto._write, writev: proto._writev };
  let writes = 0;
  proto._write = function (this: unknown, ...args: unknown[]) {
    writes++;
    return original.write.apply(this, args);
  };
  proto._writev = function (this: unknown, ...args: unknown[]) {
    writes++;
    return original.writev.apply(this, args);
  };
  try {
    const result = await fn();
    return { writes, result };
  } finally {
    proto._write = original.write;
    proto._writev = original.writev;
  }
}

describe('statement lanes (pipelined connections for statements outside transactions)', () => {
  let database: Database;
  let lanes: StatementLanes;

  beforeAll(async () => {
    database = await createTestDatabase();
    lanes = new StatementLanes({ maxLanes: 2, clientConfig: database.pool.options as pg.ClientConfig });
    await lanes.query('select 1'); // connected before anything is counted
  });
  afterAll(async () => {
    await lanes.close();
  });

  it('sends the statements of one turn in one write and answers each with its own rows', async () => {
    const { writes, result } = await countingWrites(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => lanes.query({ name: 'lanes_echo', text: 'select $1::int * 2 as n' }, [i]))),
    );
    expect(result.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    // 20 statements from one idle lane: one write (a second lane opens only while the first is busy).
    expect(writes).toBe(1);
  });

  it('plans a named statement once per connection (generic plans), not on every call', async () => {
    const one = new StatementLanes({ maxLanes: 1, clientConfig: database.pool.options as pg.ClientConfig });
    try {
      const statement = { name: 'lanes_generic', text: 'select n from generate_series(1, 20) n where n = any($1::int[]) limit $2' };
      for (let i = 0; i < 7; i++) expect((await one.query(statement, [[1, 2, 3], 2])).rows).toHaveLength(2);
      const { rows } = await one.query(`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'lanes_generic'`);
      // Left to itself, PostgreSQL plans the first five calls with their values (custom plans).
      expect(rows).toEqual([{ generic: 7, custom: 0 }]);
    } finally {
      await one.close();
    }
  });

  it('keeps a failing statement to itself: the ones around it still answer', async () => {
    const [before, failed, after] = await Promise.allSettled([lanes.query('select 1 as n'), lanes.query('select 1 / 0 as n'), lanes.query('select 3 as n')]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 3 }] } });
  });

  it('opens a second lane only while the first has statements in flight', async () => {
    const fresh = new StatementLanes({ maxLanes: 3, clientConfig: database.pool.options as pg.ClientConfig });
    try {
      await fresh.query('select 1');
      await fresh.query('select 2');
      expect(fresh.size).toBe(1);
      const slow = fresh.query('select pg_sleep(0.2)');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const quick = await fresh.query('select 4 as n');
      expect(quick.rows[0].n).toBe(4);
      expect(fresh.size).toBe(2);
      await slow;
    } finally {
      await fresh.close();
    }
  });

  it('reconnects after its connection is lost, and the statements after it succeed', async () => {
    const { rows } = await lanes.query('select pg_backend_pid() as pid');
    const pid = rows[0].pid as number;
    await database.pool.query('select pg_terminate_backend($1)', [pid]); // on a pool connection
    // A statement written before the lane has read the server's goodbye fails with the
    // connection, as it would on a pool connection; otherwise it already runs on a new one.
    const next = await lanes.query(`select 'still there' as s`).then(
      (r) => r.rows[0].s as string,
      (err: Error) => err.message,
    );
    expect(next).toMatch(/^(still there|Connection terminated.*|terminating connection.*)$/);
    const again = await lanes.query('select pg_backend_pid() as pid');
    expect(again.rows[0].pid).not.toBe(pid);
  });

  it('leaves transactions on pool connections: their writes stay unseen by lane statements until commit', async () => {
    await database.pool.query('create table lanes_probe (id int primary key)');
    let seenInside: unknown[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into lanes_probe values (1)`);
      seenInside = (await database.pool.query('select id from lanes_probe')).rows; // pool.query: a lane
      expect((await tx.execute(sql`select id from lanes_probe`)).rows).toEqual([{ id: 1 }]);
    });
    expect(seenInside).toEqual([]);
    expect((await database.pool.query('select id from lanes_probe')).rows).toEqual([{ id: 1 }]);
  });

  it('carries the app’s pool.query by default, and still gives cursor-style queries a connection of their own', async () => {
    const pids = new Set<number>();
    const answers = await Promise.all(Array.from({ length: 8 }, () => database.pool.query('select pg_backend_pid() as pid')));
    for (const a of answers) pids.add(a.rows[0].pid);
    // Eight concurrent statements on at most DEFAULT_LANES connections, not one connection each.
    expect(pids.size).toBeLessThanOrEqual(DEFAULT_LANES);
    // The callback style goes through the pool itself.
    const viaCallback = await new Promise<number>((resolve, reject) =>
      database.pool.query('select 7 as n', [], (err: Error | undefined, res: pg.QueryResult) => (err ? reject(err) : resolve(res.rows[0].n))),
    );
    expect(viaCallback).toBe(7);
  });
});
