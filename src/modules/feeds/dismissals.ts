import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { NotFoundError } from '../../platform/errors/index.js';

export const DISMISS_NOT_FOUND_MESSAGE = 'Post not found.';

/**
 * 'Show less like this' on a feed card: the story leaves the reader's feeds, and its writer
 * and tags count against For you (feed-for-you.ts). The writer and tags are copied at
 * the time of the dismissal, so the ranking reads them without joining posts. Saying it
 * twice changes nothing.
 */
export async function showLessLikeThis(db: Db, viewerId: string, postId: string): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into feed_dismissals (user_id, post_id, creator_id, tags)
    select ${viewerId}, p.id, p.creator_id, p.tags from posts p
    where p.id = ${postId} and p.deleted_at is null and p.first_published_at is not null
    on conflict (user_id, post_id) do update set created_at = feed_dismissals.created_at
    returning post_id as id`);
  if (rows.length === 0) throw new NotFoundError(DISMISS_NOT_FOUND_MESSAGE);
}

/** Undo of 'Show less like this' (the toast's Undo): the story and its writer count as before. */
export async function undoShowLessLikeThis(db: Db, viewerId: string, postId: string): Promise<void> {
  await db.execute(sql`delete from feed_dismissals where user_id = ${viewerId} and post_id = ${postId}`);
}
