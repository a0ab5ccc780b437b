import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';

/**
 * Reads of the follow graph for other modules (feeds, topics, notifications) and for the
 * viewer's own pages. Every read goes through a primary key or the target index of its
 * table (tables.ts), and lists are bounded by a limit.
 */

/** Writers `userId` follows (user_follows primary key: follower_id first). */
export async function followedUserIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`select target_user_id as id from user_follows where follower_id = ${userId}`);
  return rows.map((r) => r.id);
}

/** Topics (tag slugs) `userId` follows. */
export async function followedTagSlugs(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ slug: string }>(sql`select tag_slug as slug from tag_follows where user_id = ${userId}`);
  return rows.map((r) => r.slug);
}

/** Writers `userId` muted: their stories appear in none of that reader's feeds. */
export async function mutedUserIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`select target_user_id as id from user_mutes where user_id = ${userId}`);
  return rows.map((r) => r.id);
}

export interface UserEdge {
  isFollowing: boolean;
  isMuting: boolean;
}

/** The viewer's follow and mute of each user asked for in a request: one query for all of them. */
const userEdges = namedStatement<{ id: string; following: boolean; muting: boolean }, [viewerId: string, ids: readonly string[]]>(
  'user_edges',
  `select t.id,
     exists (select 1 from user_follows where follower_id = $1 and target_user_id = t.id) as following,
     exists (select 1 from user_mutes where user_id = $1 and target_user_id = t.id) as muting
   from unnest($2::text[]) as t(id)`,
);
const followedTagsAmong = namedStatement<{ slug: string }, [viewerId: string, slugs: readonly string[]]>(
  'followed_tags_among',
  'select tag_slug as slug from tag_follows where user_id = $1 and tag_slug = any($2::text[])',
);
const tagCounts = namedStatement<{ slug: string; post_count: number; follower_count: number }, [slugs: readonly string[]]>(
  'tag_counts',
  'select slug, post_count, follower_count from tags where slug = any($1::text[])',
);

export function createUserEdgeLoader(db: Db, viewerId: string): DataLoader<string, UserEdge> {
  return new DataLoader(async (ids) => {
    const rows = await userEdges(db, viewerId, ids);
    const map = new Map(rows.map((r) => [r.id, { isFollowing: r.following, isMuting: r.muting }]));
    return ids.map((id) => map.get(id) ?? { isFollowing: false, isMuting: false });
  });
}

/** The viewer's follow of each tag asked for in a request. */
export function createTagEdgeLoader(db: Db, viewerId: string): DataLoader<string, boolean> {
  return new DataLoader(async (slugs) => {
    const rows = await followedTagsAmong(db, viewerId, slugs);
    const set = new Set(rows.map((r) => r.slug));
    return slugs.map((s) => set.has(s));
  });
}

export interface TagCounts {
  postCount: number;
  followerCount: number;
}

/** Story and follower counts of tags (zero for a slug without a row). */
export function createTagCountsLoader(db: Db): DataLoader<string, TagCounts> {
  return new DataLoader(async (slugs) => {
    const rows = await tagCounts(db, slugs);
    const map = new Map(rows.map((r) => [r.slug, { postCount: r.post_count, followerCount: r.follower_count }]));
    return slugs.map((s) => map.get(s) ?? { postCount: 0, followerCount: 0 });
  });
}
