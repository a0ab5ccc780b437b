import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import { oncePerDb } from '../../platform/db/per-db-cache.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from '../posts/queries.js';
import { posts } from '../posts/tables.js';
import { staffPicks } from './tables.js';
import { listedConditions, listedText } from '../posts/listed.js';
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
  const statements = byCreatorStatements(db);
  return before ? statements.before.execute({ creatorId, limit, before: before.toISOString() }) : statements.newest.execute({ creatorId, limit });
}

/** Named and built once per database: every story page asks for its writer's 'More from'. */
const byCreatorStatements = oncePerDb((db: Db) => {
  const page = (withBefore: boolean) =>
    db
      .select(POST_SUMMARY_COLUMNS)
      .from(posts)
      .where(
        and(
          eq(posts.creatorId, sql.placeholder('creatorId')),
          ...listedConditions(),
          withBefore ? sql`${posts.firstPublishedAt} < ${sql.placeholder('before')}::timestamptz` : undefined,
        ),
      )
      .orderBy(desc(posts.firstPublishedAt))
      .limit(sql.placeholder('limit'))
      .prepare(withBefore ? 'posts_by_creator_before' : 'posts_by_creator');
  return { newest: page(false), before: page(true) };
});

export async function addStaffPick(db: Db, postId: string, position: number): Promise<void> {
  await db.insert(staffPicks).values({ postId, position }).onConflictDoUpdate({ target: staffPicks.postId, set: { position } });
}
