import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { posts } from './tables.js';
import { isListed, listedConditions } from './listed.js';

/**
 * Pinned stories (spec §3 Post.pinnedAt; §8 MaxPinnedStoriesReached): a writer puts up to
 * MAX_PINNED_STORIES of their published public stories at the top of their profile's
 * Home tab. Three keeps the newest writing in view under them on a phone's first screen.
 */
export const MAX_PINNED_STORIES = 3;

export const PIN_MESSAGES = {
  notFound: 'Story not found.',
  notPinnable: 'Only your published public stories can be pinned to your profile.',
  maxPinned: `You can pin up to ${MAX_PINNED_STORIES} stories to your profile. Unpin one to pin this story.`,
} as const;

export type PinOutcome = { kind: 'ok'; post: PostRow } | { kind: 'not-found' } | { kind: 'not-pinnable' } | { kind: 'max-pinned' };

/** A story that may stand on its writer's profile: published, public, a story (not a response), not trashed. */
const pinnable = (p: PostRow) => isListed(p);

/** The conditions of `pinnable` for a where clause: pinned stories that count against the limit. */
export function shownPinnedOf(creatorId: string) {
  return [eq(posts.creatorId, creatorId), isNotNull(posts.pinnedAt), ...listedConditions()];
}

/**
 * pinPost: only the author, only a pinnable story. Pinning a pinned story changes nothing.
 * The writer's pins are counted and written under a per-writer lock, so two pins sent at
 * once cannot both take the last place. A story trashed or unlisted while pinned keeps
 * its pin but neither shows nor counts (it shows again if it comes back).
 */
export function pinPost(db: Db, actorId: string, postId: string, now: Date): Promise<PinOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pins:${actorId}`}))`);
    const [row] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, postId));
    if (!row || row.creatorId !== actorId || row.deletedAt) return { kind: 'not-found' };
    if (!pinnable(row)) return { kind: 'not-pinnable' };
    if (row.pinnedAt) return { kind: 'ok', post: row };
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(...shownPinnedOf(actorId), ne(posts.id, postId)));
    if (count >= MAX_PINNED_STORIES) return { kind: 'max-pinned' };
    const [after] = await tx.update(posts).set({ pinnedAt: now }).where(eq(posts.id, postId)).returning(POST_SUMMARY_COLUMNS);
    return { kind: 'ok', post: after! };
  });
}

/** unpinPost: only the author; unpinning a story that is not pinned changes nothing. */
export async function unpinPost(db: Db, actorId: string, postId: string): Promise<PinOutcome> {
  const [after] = await db
    .update(posts)
    .set({ pinnedAt: null })
    .where(and(eq(posts.id, postId), eq(posts.creatorId, actorId), isNull(posts.deletedAt)))
    .returning(POST_SUMMARY_COLUMNS);
  return after ? { kind: 'ok', post: after } : { kind: 'not-found' };
}
