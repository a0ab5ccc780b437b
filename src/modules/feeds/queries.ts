import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedSelect, namedStatement } from '../../platform/db/named-select.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from '../posts/queries.js';
import { posts } from '../posts/tables.js';
import { staffPicks } from './tables.js';
import { listedText } from '../posts/listed.js';
import { keptStaffPicks } from './kept-staff-picks.js';

/** Named: pages past the kept list's MAX (kept-staff-picks.ts) ask for them. */
const staffPickIds = namedStatement<{ id: string }, [limit: number, offset: number]>(
  'staff_pick_ids',
  `select s.post_id as id from staff_picks s join posts p on p.id = s.post_id
   where ${listedText('p')}
   order by s.position asc, s.picked_at desc limit $1 offset $2`,
);

/**
 * Staff picks in the staff's order; with no picks yet, the newest public stories stand
 * in so a fresh site's 404 and landing pages are not empty.
 */
export async function staffPickPostIds(db: Db, limit: number, cursor: number | null, kept = keptStaffPicks(db)): Promise<{ ids: string[]; next: number | null }> {
  const offset = cursor ?? 0;
  const list = await kept.list();
  // The kept list answers unless the page reaches past a list cut at its MAX.
  let ids = list.whole || offset + limit + 1 <= list.listed.length ? list.listed.slice(offset, offset + limit + 1) : (await staffPickIds(db, limit + 1, offset)).map((r) => r.id);
  if (ids.length === 0 && offset === 0) {
    const latest = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(isNull(posts.deletedAt), isNotNull(posts.firstPublishedAt), eq(posts.visibility, 'PUBLIC')))
      .orderBy(desc(posts.firstPublishedAt))
      .limit(limit);
    return { ids: latest.map((r) => r.id), next: null };
  }
  const hasMore = ids.length > limit;
  ids = ids.slice(0, limit);
  return { ids, next: hasMore ? offset + limit : null };
}

/** A writer's stories that are published and not in the trash (conditions for a where clause). */
export function publishedStoriesOf(creatorId: string) {
  return [eq(posts.creatorId, creatorId), isNull(posts.deletedAt), isNotNull(posts.firstPublishedAt)];
}

/**
 * A writer's listed stories (not their responses), newest first (the story page's 'More
 * from'), as whole rows: the caller primes its loader with them instead of a second query.
 */
export async function postsByCreator(db: Db, creatorId: string, limit: number, before: Date | null): Promise<PostRow[]> {
  return before ? byCreator.before(db, creatorId, limit, before.toISOString()) : byCreator.newest(db, creatorId, limit);
}

/** Named selects (platform/db/named-select.ts): every story page asks for its writer's 'More from'. */
const byCreator = {
  newest: namedSelect<PostRow, [creatorId: string, limit: number]>(
    'posts_by_creator',
    POST_SUMMARY_COLUMNS,
    `from posts where posts.creator_id = $1 and ${listedText('posts')} order by posts.first_published_at desc limit $2`,
  ),
  before: namedSelect<PostRow, [creatorId: string, limit: number, before: string]>(
    'posts_by_creator_before',
    POST_SUMMARY_COLUMNS,
    `from posts where posts.creator_id = $1 and ${listedText('posts')} and posts.first_published_at < $3::timestamptz order by posts.first_published_at desc limit $2`,
  ),
};

export async function addStaffPick(db: Db, postId: string, position: number): Promise<void> {
  await db.insert(staffPicks).values({ postId, position }).onConflictDoUpdate({ target: staffPicks.postId, set: { position } });
}
