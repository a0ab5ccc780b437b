import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { Sweep } from '../jobs/sweeper.js';

/** Handled events are kept this long (to look into what happened), then deleted. */
export const HANDLED_EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;

/**
 * Deletes up to `batchSize` events handled more than HANDLED_EVENT_RETENTION_MS ago, so the
 * outbox does not grow with every clap and follow forever. Events not handled yet, and
 * those the dispatcher gave up on (left for inspection), stay. Oldest first: the scan
 * walks the primary key from the lowest id, where the old handled events are.
 */
export async function pruneHandledEventsBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - HANDLED_EVENT_RETENTION_MS);
  const { rows } = await db.execute<{ id: number }>(sql`
    delete from domain_events where id in (
      select id from domain_events where handled_at is not null and handled_at < ${cutoff.toISOString()}::timestamptz
      order by id limit ${batchSize} for update skip locked)
    returning id`);
  return rows.length;
}

/** The pruning as a sweep for the worker's sweeper (src/platform/jobs). */
export function handledEventsPruneSweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'domain-events-prune', runBatch: (batchSize) => pruneHandledEventsBatch(opts.db, opts.clock, batchSize) };
}
