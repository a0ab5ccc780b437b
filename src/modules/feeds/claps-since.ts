import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { textArray } from './feed-sources.js';

/**
 * Claps each of the given stories received from `sinceDay` (a UTC 'YYYY-MM-DD') on, from
 * daily_post_claps: other modules rank their own candidates by it (a publication's trending
 * stories) without reading the table. Stories without claps in the window are absent.
 */
export async function clapsSince(db: Pick<Db, 'execute'>, postIds: readonly string[], sinceDay: string): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await db.execute<{ post_id: string; claps: number }>(sql`
    select d.post_id, sum(d.claps)::int as claps from daily_post_claps d
    where d.post_id = any(${textArray(postIds)}) and d.day >= ${sinceDay}::date
    group by d.post_id`);
  return new Map(rows.map((r) => [r.post_id, Number(r.claps)]));
}
