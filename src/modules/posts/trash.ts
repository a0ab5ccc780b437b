import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { DAY_MS } from '../../platform/clock.js';
import { LIMITS } from '../../shared/constants.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { lockResponseThread, recountResponseThread } from './responses.js';
import { countsInTagCounts, updateTagRows } from './story-tags.js';
import { posts } from './tables.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';

/**
 * The trash (spec §4: moves can be undone; permanent deletion after 14 days, §9). A story
 * or response in the trash has deletedAt set: nobody reads it, its author sees it on
 * /me/stories/deleted and may restore it until the purge (trash-purge.ts) removes it.
 */
export const TRASH_RETENTION_MS = LIMITS.trashRetentionDays * DAY_MS;

export const RESTORE_EXPIRED_MESSAGE = `This story was deleted more than ${LIMITS.trashRetentionDays} days ago and can no longer be restored.`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface TrashActor {
  id: string;
  isStaff: boolean;
}

export type TrashOutcome = { kind: 'ok'; post: PostRow } | { kind: 'not-found' } | { kind: 'expired' };

/** When the purge may remove a story trashed at `deletedAt`. */
export const permanentDeletionAt = (deletedAt: Date): Date => new Date(deletedAt.getTime() + TRASH_RETENTION_MS);

/** Keeps the tags' counts and the parent's response count right after `before` became `after`. */
async function keepCountsRight(tx: Tx, before: PostRow, after: PostRow): Promise<void> {
  await updateTagRows(tx, [], countsInTagCounts(before) ? before.tags : [], countsInTagCounts(after) ? after.tags : []);
  // A response's thread shows it (and its replies) no more, or again.
  if (after.inResponseToPostId) await recountResponseThread(tx, after.id);
}

/**
 * The post, locked for this transaction, when the actor may manage it (its author, or
 * staff). A response's thread is locked first, as every writer of a discussion does
 * (responses.ts), so a delete and a reply in one thread queue instead of deadlocking.
 */
async function lockOwnPost(tx: Tx, actor: TrashActor, postId: string): Promise<PostRow | null> {
  const [peek] = await tx.select({ inResponseToPostId: posts.inResponseToPostId }).from(posts).where(eq(posts.id, postId));
  if (peek?.inResponseToPostId) await lockResponseThread(tx, postId);
  const [row] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, postId)).for('no key update');
  if (!row || (row.creatorId !== actor.id && !actor.isStaff)) return null;
  return row;
}

async function setDeletedAt(tx: Tx, before: PostRow, deletedAt: Date | null): Promise<PostRow> {
  const [after] = await tx.update(posts).set({ deletedAt }).where(eq(posts.id, before.id)).returning(POST_SUMMARY_COLUMNS);
  await keepCountsRight(tx, before, after!);
  await emitDomainEvent(tx, { type: 'post.changed', payload: { postId: before.id } });
  return after!;
}

/**
 * DeletePost (spec §7): moves a story or response to the trash. Deleting what is already
 * in the trash changes nothing (its purge date stays). Someone else's post is 'not found',
 * as if it did not exist.
 */
export function moveToTrash(db: Db, actor: TrashActor, postId: string, now: Date): Promise<TrashOutcome> {
  return db.transaction(async (tx): Promise<TrashOutcome> => {
    const row = await lockOwnPost(tx, actor, postId);
    if (!row) return { kind: 'not-found' };
    if (row.deletedAt) return { kind: 'ok', post: row };
    return { kind: 'ok', post: await setDeletedAt(tx, row, now) };
  }).finally(notifyEventDispatchers);
}

/**
 * UndeletePostMutation (spec §7): takes a post out of the trash within the retention.
 * Restoring what is not in the trash changes nothing. Past the retention the purge may
 * already have removed it: 'expired' until it does, then 'not found'.
 */
export function restoreFromTrash(db: Db, actor: TrashActor, postId: string, now: Date): Promise<TrashOutcome> {
  return db.transaction(async (tx): Promise<TrashOutcome> => {
    const row = await lockOwnPost(tx, actor, postId);
    if (!row) return { kind: 'not-found' };
    if (!row.deletedAt) return { kind: 'ok', post: row };
    if (now.getTime() >= permanentDeletionAt(row.deletedAt).getTime()) return { kind: 'expired' };
    return { kind: 'ok', post: await setDeletedAt(tx, row, null) };
  }).finally(notifyEventDispatchers);
}
