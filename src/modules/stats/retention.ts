import { sql } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import { utcDay } from './model.js';

/**
 * A story_view_visitors row only stops a visitor being counted twice on its day; once the day is
 * over it is never read again (story_view_days keeps the count). Rows older than yesterday go:
 * yesterday's stay, so a view recorded just after midnight UTC still finds its day's keys.
 */
export async function pruneStoryViewVisitorsBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const yesterday = utcDay(new Date(clock.now().getTime() - DAY_MS));
  const { rows } = await db.execute<{ post_id: string }>(sql`
    delete from story_view_visitors where (post_id, day, visitor) in (
      select post_id, day, visitor from story_view_visitors where day < ${yesterday}::date order by day limit ${batchSize} for update skip locked)
    returning post_id`);
  return rows.length;
}

/** The pruning as a sweep for the worker's sweeper (src/platform/jobs). */
export function storyViewVisitorsPruneSweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'story-view-visitors-prune', runBatch: (batchSize) => pruneStoryViewVisitorsBatch(opts.db, opts.clock, batchSize) };
}
