import { sql } from 'drizzle-orm';
import { slugify } from '../../shared/slug.js';
import type { Db } from '../../platform/db/client.js';
import { BadRequestError, NotFoundError } from '../../platform/errors/index.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';

/** Spec §8 texts where the spec has one; ours in the same voice otherwise. */
export const SOCIAL_MESSAGES = {
  followSelf: 'You cannot follow yourself.',
  muteSelf: 'You cannot mute yourself.',
  userNotFound: 'User not found.',
  /** A deactivated or suspended account takes no new followers or mutes. */
  userUnavailable: 'This account is not available.',
  tagNotFound: 'Topic not found.',
  signIn: 'Sign in to follow writers and topics.',
} as const;

/** What a command did: `changed` is false when the row was already as asked (a double click). */
export interface SocialChange {
  changed: boolean;
}

type TargetRow = {
  id: string;
  deactivated_at: Date | null;
  is_suspended: boolean;
};

/**
 * The target of a follow or mute. Following and muting need an active account; undoing
 * (unfollow, unmute) only needs the user to exist, so a reader can always take back a
 * follow of an account that went away.
 */
async function checkTarget(tx: DbTransaction, viewerId: string, targetUserId: string, action: 'follow' | 'mute' | 'undo'): Promise<void> {
  if (action !== 'undo' && viewerId === targetUserId) throw new BadRequestError(action === 'follow' ? SOCIAL_MESSAGES.followSelf : SOCIAL_MESSAGES.muteSelf);
  const { rows } = await tx.execute<TargetRow>(sql`select id, deactivated_at, is_suspended from users where id = ${targetUserId}`);
  const target = rows[0];
  if (!target) throw new NotFoundError(SOCIAL_MESSAGES.userNotFound);
  if (action !== 'undo' && (target.deactivated_at || target.is_suspended)) throw new BadRequestError(SOCIAL_MESSAGES.userUnavailable);
}

/**
 * Moves both users' counters by `delta`, the lower id first: two readers following each
 * other at the same moment lock the two rows in the same order, so they cannot deadlock.
 */
async function bumpFollowCounts(tx: DbTransaction, followerId: string, targetUserId: string, delta: 1 | -1): Promise<void> {
  const steps = [
    { id: followerId, column: sql`following_count` },
    { id: targetUserId, column: sql`follower_count` },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const s of steps) await tx.execute(sql`update users set ${s.column} = ${s.column} + ${delta} where id = ${s.id}`);
}

/** Runs a command's transaction and wakes the event dispatchers once it has committed a change. */
async function inTransaction(db: Db, work: (tx: DbTransaction) => Promise<boolean>): Promise<SocialChange> {
  const changed = await db.transaction(work);
  if (changed) notifyEventDispatchers();
  return { changed };
}

/**
 * Spec §7 FollowUser. Idempotent: the row is inserted at most once (ON CONFLICT DO
 * NOTHING waits for a concurrent insert of the same pair and then does nothing), and the
 * counters and the event follow only a row that was really inserted.
 */
export function followUser(db: Db, followerId: string, targetUserId: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTarget(tx, followerId, targetUserId, 'follow');
    const { rows } = await tx.execute(sql`insert into user_follows (follower_id, target_user_id) values (${followerId}, ${targetUserId}) on conflict do nothing returning 1`);
    if (rows.length === 0) return false;
    await bumpFollowCounts(tx, followerId, targetUserId, 1);
    await emitDomainEvent(tx, { type: 'user.followed', payload: { followerId, targetUserId } });
    return true;
  });
}

/** Spec §7 UnfollowUser: deletes the row if there is one; a concurrent delete of the same row finds none. */
export function unfollowUser(db: Db, followerId: string, targetUserId: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTarget(tx, followerId, targetUserId, 'undo');
    const { rows } = await tx.execute(sql`delete from user_follows where follower_id = ${followerId} and target_user_id = ${targetUserId} returning 1`);
    if (rows.length === 0) return false;
    await bumpFollowCounts(tx, followerId, targetUserId, -1);
    await emitDomainEvent(tx, { type: 'user.unfollowed', payload: { followerId, targetUserId } });
    return true;
  });
}

/** Spec §7 muteUser: the writer's stories leave the reader's feeds. A mute keeps a follow as it is. */
export function muteUser(db: Db, userId: string, targetUserId: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTarget(tx, userId, targetUserId, 'mute');
    const { rows } = await tx.execute(sql`insert into user_mutes (user_id, target_user_id) values (${userId}, ${targetUserId}) on conflict do nothing returning 1`);
    if (rows.length === 0) return false;
    await emitDomainEvent(tx, { type: 'user.muted', payload: { userId, targetUserId } });
    return true;
  });
}

/** Spec §7 unmuteUser. */
export function unmuteUser(db: Db, userId: string, targetUserId: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTarget(tx, userId, targetUserId, 'undo');
    const { rows } = await tx.execute(sql`delete from user_mutes where user_id = ${userId} and target_user_id = ${targetUserId} returning 1`);
    if (rows.length === 0) return false;
    await emitDomainEvent(tx, { type: 'user.unmuted', payload: { userId, targetUserId } });
    return true;
  });
}

/** A topic named as a reader may write it ('Machine Learning'), slugged as stories store it (spec §5). */
export const normalizeTagSlug = (slug: string) => slugify(slug);

async function checkTag(tx: DbTransaction, tagSlug: string): Promise<void> {
  const { rows } = await tx.execute(sql`select 1 from tags where slug = ${tagSlug}`);
  if (rows.length === 0) throw new NotFoundError(SOCIAL_MESSAGES.tagNotFound);
}

/** Follows a topic (tag); tags.follower_count moves with the row. */
export function followTag(db: Db, userId: string, tagSlug: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTag(tx, tagSlug);
    const { rows } = await tx.execute(sql`insert into tag_follows (user_id, tag_slug) values (${userId}, ${tagSlug}) on conflict do nothing returning 1`);
    if (rows.length === 0) return false;
    await tx.execute(sql`update tags set follower_count = follower_count + 1 where slug = ${tagSlug}`);
    await emitDomainEvent(tx, { type: 'tag.followed', payload: { userId, tagSlug } });
    return true;
  });
}

export function unfollowTag(db: Db, userId: string, tagSlug: string): Promise<SocialChange> {
  return inTransaction(db, async (tx) => {
    await checkTag(tx, tagSlug);
    const { rows } = await tx.execute(sql`delete from tag_follows where user_id = ${userId} and tag_slug = ${tagSlug} returning 1`);
    if (rows.length === 0) return false;
    await tx.execute(sql`update tags set follower_count = follower_count - 1 where slug = ${tagSlug}`);
    await emitDomainEvent(tx, { type: 'tag.unfollowed', payload: { userId, tagSlug } });
    return true;
  });
}
