import type { Db } from '../../platform/db/client.js';

/** Stories per page of the reading history (/me/lists/reading-history). */
export const HISTORY_PAGE = 20;
export const HISTORY_MAX_PAGE = 50;

export interface HistoryEntry {
  postId: string;
  readCount: number;
  lastReadAt: Date;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** The cursor of the next page, null on the last one. */
  next: string | null;
}

/**
 * A cursor is the last entry's (last_read_at, post_id), the timestamp in PostgreSQL's own text so no
 * microsecond is lost (a millisecond cursor would repeat or skip reads within the same millisecond).
 */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const encodeCursor = (at: string, postId: string) => Buffer.from(`${at}|${postId}`).toString('base64url');

function decodeCursor(next: string | null | undefined): { at: string; postId: string } | null {
  if (!next) return null;
  const [at, postId] = Buffer.from(next, 'base64url').toString('utf8').split('|');
  if (!at || !postId || !PG_TIMESTAMP.test(at)) return null;
  return { at, postId };
}

/** The reader's history, newest read first: a keyset page on the (user_id, last_read_at) index. */
export async function readingHistoryPage(db: Db, userId: string, limit: number, next: string | null | undefined): Promise<HistoryPage> {
  const after = decodeCursor(next);
  const size = Math.min(Math.max(1, limit), HISTORY_MAX_PAGE);
  const { rows } = await db.$client.query<HistoryEntry & { at: string }>({
    name: 'reading_history_page',
    text: `select post_id as "postId", read_count as "readCount", last_read_at as "lastReadAt", last_read_at::text as at
      from post_reads where user_id = $1
        and ($2::timestamptz is null or (last_read_at, post_id) < ($2::timestamptz, $3::text))
      order by last_read_at desc, post_id desc limit $4`,
    values: [userId, after?.at ?? null, after?.postId ?? '', size + 1],
  });
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ postId, readCount, lastReadAt }) => ({ postId, readCount, lastReadAt })),
    next: rows.length > size && last ? encodeCursor(last.at, last.postId) : null,
  };
}

/** Takes one story out of the reader's history; true when it was there. */
export async function removeFromReadingHistory(db: Db, userId: string, postId: string): Promise<boolean> {
  const { rowCount } = await db.$client.query('delete from post_reads where user_id = $1 and post_id = $2', [userId, postId]);
  return (rowCount ?? 0) > 0;
}

/** Empties the reader's history; the number of stories it held. */
export async function clearReadingHistory(db: Db, userId: string): Promise<number> {
  const { rowCount } = await db.$client.query('delete from post_reads where user_id = $1', [userId]);
  return rowCount ?? 0;
}

export async function isReadingHistoryPaused(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.$client.query<{ paused: boolean }>({
    name: 'reading_history_paused',
    text: 'select history_paused as paused from reading_settings where user_id = $1',
    values: [userId],
  });
  return rows[0]?.paused ?? false;
}

/** Pauses or resumes recording the reader's history (recordPostRead honours it); returns the new state. */
export async function setReadingHistoryPaused(db: Db, userId: string, paused: boolean): Promise<boolean> {
  await db.$client.query(
    `insert into reading_settings (user_id, history_paused) values ($1, $2)
      on conflict (user_id) do update set history_paused = excluded.history_paused, updated_at = now()`,
    [userId, paused],
  );
  return paused;
}
