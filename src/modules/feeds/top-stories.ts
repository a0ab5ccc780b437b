import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { LISTED, textArray } from './feed-sources.js';

export const TOP_STORIES_LIMIT = 20;

/**
 * The stories that received the most claps on a UTC day (daily_post_claps, kept by
 * the clap statement), among those any reader may list, leaving out the reader's muted
 * writers. Ties go to the newer id, so the order is stable.
 */
export async function topStoriesOfDay(db: Db, day: string, mutedIds: readonly string[], limit = TOP_STORIES_LIMIT): Promise<{ id: string; claps: number }[]> {
  const { rows } = await db.execute<{ id: string; claps: number }>(sql`
    select p.id, d.claps
    from daily_post_claps d join posts p on p.id = d.post_id
    where d.day = ${day}::date and d.claps > 0 and ${LISTED('p')} and p.creator_id <> all(${textArray(mutedIds)})
    order by d.claps desc, d.post_id desc
    limit ${limit}`);
  return rows;
}

/** The latest day up to `today` on which any story was clapped (the default of /top-stories). */
export async function latestClappedDay(db: Db, today: string): Promise<string | null> {
  const { rows } = await db.execute<{ day: string | null }>(sql`select max(day)::text as day from daily_post_claps where day <= ${today}::date`);
  return rows[0]?.day ?? null;
}
