import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../accounts/tables.js';
import { afterCursor, formatKeysetCursor, microsOf, type KeysetCursor } from '../posts/pins-cursor.js';
import { userFollows } from './tables.js';

export interface PeoplePage {
  /** User ids in list order. */
  ids: string[];
  /** Cursor of the next page; null on the last one. */
  next: string | null;
}

type Side = 'followers' | 'following';

/**
 * A page of a user's followers (who follow them) or following (whom they follow), the
 * most recent follow first; ties in time by the other user's id. Deactivated accounts are
 * left out, as everywhere they are hidden.
 *
 * Followers walk user_follows_target_idx (target_user_id, created_at) backwards, so a
 * page costs its size even for a writer with millions of followers. Following reads the
 * primary key's (follower_id, …) range and sorts it: bounded by how many people one
 * reader follows (a few thousand at most), which a top-N sort handles in well under a
 * millisecond per thousand rows.
 */
export async function peoplePage(db: Db, side: Side, userId: string, limit: number, cursor: KeysetCursor | null): Promise<PeoplePage> {
  const mine = side === 'followers' ? userFollows.targetUserId : userFollows.followerId;
  const other = side === 'followers' ? userFollows.followerId : userFollows.targetUserId;
  const rows = await db
    .select({ id: other, micros: microsOf(userFollows.createdAt) })
    .from(userFollows)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(mine, userId), isNull(users.deactivatedAt), cursor ? afterCursor(userFollows.createdAt, other, cursor) : undefined))
    .orderBy(desc(userFollows.createdAt), desc(other))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { ids: page.map((r) => r.id), next: rows.length > limit && last ? formatKeysetCursor(last.micros, last.id) : null };
}
