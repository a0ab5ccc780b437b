import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { afterCursor, formatKeysetCursor, microsOf, type KeysetCursor } from './pins-cursor.js';
import { shownPinnedOf } from './pins.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { posts } from './tables.js';
import { listedConditions } from './listed.js';

export interface ProfilePage {
  rows: PostRow[];
  /** Cursor of the next page; null on the last one. */
  next: string | null;
}

/** Published public stories of a writer (not responses, not trashed): what the Home tab lists. */
const storiesOf = (creatorId: string) => [eq(posts.creatorId, creatorId), ...listedConditions()];

/**
 * A page of rows newest first by firstPublishedAt (ties by id), one more than asked to
 * know whether a next page exists. The scan walks posts_creator_published_idx
 * (creator_id, first_published_at) backwards: bounded by the page, not the writer's
 * whole output.
 */
async function newestFirst(db: Db, where: ReturnType<typeof and>, limit: number, cursor: KeysetCursor | null): Promise<ProfilePage> {
  if (limit <= 0) return { rows: [], next: null };
  const rows = await db
    .select({ ...POST_SUMMARY_COLUMNS, micros: microsOf(posts.firstPublishedAt) })
    .from(posts)
    .where(and(where, cursor ? afterCursor(posts.firstPublishedAt, posts.id, cursor) : undefined))
    .orderBy(desc(posts.firstPublishedAt), desc(posts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page.map(({ micros: _m, ...row }) => row), next: rows.length > limit && last ? formatKeysetCursor(last.micros, last.id) : null };
}

/**
 * Profile Home tab (spec §2.3 /@{username}): pinned stories first (most recently pinned
 * first), then the rest newest first. The first page carries the pins and fills up to
 * the limit; later pages (a cursor) hold only unpinned stories, so no story is listed
 * twice however the pages fall.
 */
export async function profileStoriesPage(db: Db, creatorId: string, limit: number, cursor: KeysetCursor | null, pinnedFirst = true): Promise<ProfilePage> {
  // The Latest tab: every story in publishing order, pinned or not.
  if (!pinnedFirst) return newestFirst(db, and(...storiesOf(creatorId)), limit, cursor);
  const pinned = cursor ? [] : await db.select(POST_SUMMARY_COLUMNS).from(posts).where(and(...shownPinnedOf(creatorId))).orderBy(desc(posts.pinnedAt));
  const rest = await newestFirst(db, and(...storiesOf(creatorId), isNull(posts.pinnedAt)), Math.max(limit - pinned.length, 1), cursor);
  return { rows: [...pinned, ...rest.rows], next: rest.next };
}

/**
 * Profile Responses tab (/@{username}/responses): the writer's published responses,
 * newest first. One hidden by the author it answers is shown only to its own writer.
 */
export async function profileResponsesPage(db: Db, creatorId: string, viewerId: string | null, limit: number, cursor: KeysetCursor | null): Promise<ProfilePage> {
  const visible = viewerId === creatorId ? undefined : isNull(posts.hiddenByParentAuthorAt);
  return newestFirst(db, and(eq(posts.creatorId, creatorId), isNotNull(posts.firstPublishedAt), or(isNotNull(posts.inResponseToPostId), isNotNull(posts.inResponseToCatalogId)), isNull(posts.deletedAt), visible), limit, cursor);
}
