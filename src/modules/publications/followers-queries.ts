import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { formatKeysetCursor, type KeysetCursor } from '../posts/pins-cursor.js';

/**
 * A page of a publication's followers, the most recent follow first, ties by the reader's id
 * (ShowLiteCollectionFollowers). Deactivated accounts are left out, as everywhere they are
 * hidden. publication_follows_recent_idx serves the order, so a page reads only its rows.
 */
export async function publicationFollowersPage(db: Pick<Db, 'execute'>, publicationId: string, limit: number, cursor: KeysetCursor | null): Promise<{ ids: string[]; next: string | null }> {
  const after = cursor ? sql`and (f.created_at, f.user_id) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})` : sql``;
  const { rows } = await db.execute<{ id: string; micros: string }>(sql`
    select f.user_id as id, (extract(epoch from f.created_at) * 1000000)::bigint::text as micros
    from publication_follows f join users u on u.id = f.user_id
    where f.publication_id = ${publicationId} and u.deactivated_at is null ${after}
    order by f.created_at desc, f.user_id desc limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { ids: page.map((r) => r.id), next: rows.length > limit && last ? formatKeysetCursor(last.micros, last.id) : null };
}
