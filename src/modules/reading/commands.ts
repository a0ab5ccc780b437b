import type { Db } from '../../platform/db/client.js';

/**
 * A reread counts once the last read is this old: a reader who reloads the page or comes
 * back after lunch has not read the story twice.
 */
export const REREAD_AFTER_MINUTES = 30;

export interface PostReadRow {
  postId: string;
  readCount: number;
  firstReadAt: Date;
  lastReadAt: Date;
}

/**
 * One statement: the first read inserts, a later one moves lastReadAt (and counts a reread); nothing
 * when the reader paused their history (reading_settings), so no row and no row change is left behind.
 */
const RECORD_SQL = `insert into post_reads as r (user_id, post_id, read_count, first_read_at, last_read_at)
  select $1, $2, 1, $3, $3
  where not exists (select 1 from reading_settings s where s.user_id = $1 and s.history_paused)
  on conflict (user_id, post_id) do update set
    read_count = r.read_count + case when r.last_read_at < $3::timestamptz - interval '${REREAD_AFTER_MINUTES} minutes' then 1 else 0 end,
    last_read_at = greatest(r.last_read_at, $3::timestamptz)
  returning post_id as "postId", read_count as "readCount", first_read_at as "firstReadAt", last_read_at as "lastReadAt"`;

/**
 * Records that `userId` read a story (reading history, /me/readinghistory); null while the reader's history
 * is paused. The caller checked the story is readable.
 */
export async function recordPostRead(db: Db, userId: string, postId: string, now: Date = new Date()): Promise<PostReadRow | null> {
  const { rows } = await db.$client.query<PostReadRow>({ name: 'record_post_read_unless_paused', text: RECORD_SQL, values: [userId, postId, now] });
  return rows[0] ?? null;
}
