import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { meteringMonth } from './rule.js';

export interface MeterReading {
  /** The story is read whole under the meter (counted now or earlier this month). */
  granted: boolean;
  /** Free member-only stories the reader has left this month, after this one. */
  left: number;
}

/**
 * A reader without membership opens a metered story: counted once per month and story (again
 * costs nothing) while the month's count is under `allowance`. The reader's rows are counted and
 * written under a lock of their own (a transaction-scoped advisory lock on the reader), so two
 * stories opened at once cannot both take the last free one.
 */
export async function takeMeteredRead(db: Db, readerId: string, postId: string, allowance: number, now: Date = new Date()): Promise<MeterReading> {
  const month = meteringMonth(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`metered_reads:${readerId}`}, 0))`);
    const { rows } = await tx.execute<{ used: number; already: boolean }>(sql`
      select count(*)::int as used, coalesce(bool_or(post_id = ${postId}), false) as already
      from metered_reads where reader_id = ${readerId} and month = ${month}`);
    const { used, already } = rows[0]!;
    if (already) return { granted: true, left: Math.max(0, allowance - used) };
    if (used >= allowance) return { granted: false, left: 0 };
    await tx.execute(sql`insert into metered_reads (reader_id, month, post_id, read_at) values (${readerId}, ${month}, ${postId}, ${now})`);
    return { granted: true, left: allowance - used - 1 };
  });
}

/** Whether the reader already read this story under the meter this month (nothing is counted). */
export async function hasMeteredRead(db: Db, readerId: string, postId: string, now: Date = new Date()): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from metered_reads where reader_id = ${readerId} and month = ${meteringMonth(now)} and post_id = ${postId}`);
  return rows.length > 0;
}
