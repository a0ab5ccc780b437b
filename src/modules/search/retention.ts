import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';

/** Search analytics (result sets asked with clickAnalytics or analyticsTags, and clicks) are kept this long. */
export const SEARCH_ANALYTICS_RETENTION_MS = 90 * 24 * 3600 * 1000;

/**
 * Deletes up to `batchSize` clicks and up to `batchSize` query records older than
 * SEARCH_ANALYTICS_RETENTION_MS (oldest first, through their created_at indexes), so the
 * tables stop growing with every search. Says how many rows went.
 */
export async function pruneSearchAnalyticsBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - SEARCH_ANALYTICS_RETENTION_MS).toISOString();
  const clicks = await db.execute<{ id: string }>(sql`
    delete from search_clicks where id in (
      select id from search_clicks where created_at < ${cutoff}::timestamptz order by created_at limit ${batchSize} for update skip locked)
    returning id`);
  const queries = await db.execute<{ query_id: string }>(sql`
    delete from search_queries where query_id in (
      select query_id from search_queries where created_at < ${cutoff}::timestamptz order by created_at limit ${batchSize} for update skip locked)
    returning query_id`);
  return Math.max(clicks.rows.length, queries.rows.length);
}

/** The pruning as a sweep for the worker's sweeper (src/platform/jobs). */
export function searchAnalyticsPruneSweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'search-analytics-prune', runBatch: (batchSize) => pruneSearchAnalyticsBatch(opts.db, opts.clock, batchSize) };
}
