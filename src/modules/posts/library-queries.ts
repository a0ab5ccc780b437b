import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { posts } from './tables.js';

/**
 * Your stories (spec §2.3 /me/stories[/{filterBy}]): the viewer's own posts in five tabs.
 * Each post is in exactly one tab: the trash first, then never published (drafts), then
 * published responses, then published stories by visibility (member-only stories are
 * public; the rare PRIVATE goes with unlisted: neither is listed anywhere).
 */
export const YOUR_STORIES_FILTERS = ['drafts', 'public', 'unlisted', 'responses', 'deleted'] as const;
export type YourStoriesFilter = (typeof YOUR_STORIES_FILTERS)[number];
export const isYourStoriesFilter = (v: string | undefined): v is YourStoriesFilter => (YOUR_STORIES_FILTERS as readonly string[]).includes(v ?? '');

const inTrash = sql`${posts.deletedAt} is not null`;
const live = sql`${posts.deletedAt} is null`;
const published = sql`${posts.firstPublishedAt} is not null`;
const isResponse = sql`(${posts.inResponseToPostId} is not null or ${posts.inResponseToCatalogId} is not null)`;
const listed = sql`${posts.visibility} in ('PUBLIC', 'LOCKED')`;

const FILTER_WHERE: Record<YourStoriesFilter, SQL> = {
  drafts: sql`${live} and not ${published}`,
  public: sql`${live} and ${published} and not ${isResponse} and ${listed}`,
  unlisted: sql`${live} and ${published} and not ${isResponse} and not ${listed}`,
  responses: sql`${live} and ${published} and ${isResponse}`,
  deleted: inTrash,
};

/** The date each tab is sorted by, newest first: last edit, first publication, trash date. */
const SORT_KEY: Record<YourStoriesFilter, SQL> = {
  drafts: sql`${posts.updatedAt}`,
  public: sql`${posts.firstPublishedAt}`,
  unlisted: sql`${posts.firstPublishedAt}`,
  responses: sql`${posts.firstPublishedAt}`,
  deleted: sql`${posts.deletedAt}`,
};

/** Which tab a post is in (the same rules as FILTER_WHERE). */
export function yourStoriesFilterOf(p: Pick<PostRow, 'deletedAt' | 'firstPublishedAt' | 'inResponseToPostId' | 'visibility'> & { inResponseToCatalogId?: string | null }): YourStoriesFilter {
  if (p.deletedAt) return 'deleted';
  if (!p.firstPublishedAt) return 'drafts';
  if (p.inResponseToPostId || p.inResponseToCatalogId) return 'responses';
  return p.visibility === 'PUBLIC' || p.visibility === 'LOCKED' ? 'public' : 'unlisted';
}

export type YourStoriesCounts = Record<YourStoriesFilter, number>;

/** The five tab counts in one pass over the viewer's posts. */
export async function yourStoriesCounts(db: Db, creatorId: string): Promise<YourStoriesCounts> {
  const [row] = await db
    .select({
      drafts: sql<number>`count(*) filter (where ${FILTER_WHERE.drafts})::int`,
      public: sql<number>`count(*) filter (where ${FILTER_WHERE.public})::int`,
      unlisted: sql<number>`count(*) filter (where ${FILTER_WHERE.unlisted})::int`,
      responses: sql<number>`count(*) filter (where ${FILTER_WHERE.responses})::int`,
      deleted: sql<number>`count(*) filter (where ${FILTER_WHERE.deleted})::int`,
    })
    .from(posts)
    .where(eq(posts.creatorId, creatorId));
  return row ?? { drafts: 0, public: 0, unlisted: 0, responses: 0, deleted: 0 };
}

export interface YourStoryRow extends PostRow {
  /** The subtitle, else the opening text of the body (a draft often has no subtitle yet). */
  previewText: string;
}

/** The subtitle, else the first text of the body, computed where the body is (not sent). */
const previewText = sql<string>`coalesce(nullif(${posts.subtitle}, ''), (
  select p->>'text' from jsonb_array_elements(${posts.paragraphs}) p
  where p->>'type' in ('P', 'BQ', 'PQ', 'ULI', 'OLI', 'H1', 'H2', 'H3', 'H4') and btrim(p->>'text') <> '' limit 1
), '')`;
const YOUR_STORY_COLUMNS = { ...POST_SUMMARY_COLUMNS, previewText };

/** A post as Your stories shows it (the answer to a delete or restore its caller was allowed). */
export async function yourStoryById(db: Db, postId: string): Promise<YourStoryRow | null> {
  const [row] = await db.select(YOUR_STORY_COLUMNS).from(posts).where(eq(posts.id, postId));
  return row ?? null;
}

/**
 * A page cursor: the sort key in microseconds (PostgreSQL's precision, so no row is
 * skipped or repeated) and the id that breaks ties.
 */
interface Cursor {
  micros: string;
  id: string;
}
const encodeCursor = (c: Cursor) => `${c.micros}_${c.id}`;
function decodeCursor(to: string | null | undefined): Cursor | null {
  const m = /^(\d{1,20})_([0-9a-f]{1,32})$/.exec(to ?? '');
  return m ? { micros: m[1]!, id: m[2]! } : null;
}

/**
 * One page of a tab, newest first. `to` is the cursor of the previous page's pagingInfo;
 * an unreadable one starts from the top.
 */
export async function yourStoriesPage(
  db: Db,
  creatorId: string,
  filter: YourStoriesFilter,
  limit: number,
  to: string | null | undefined,
): Promise<{ items: YourStoryRow[]; next: string | null }> {
  const key = SORT_KEY[filter];
  const keyMicros = sql`(extract(epoch from ${key}) * 1000000)::bigint`;
  const cursor = decodeCursor(to);
  const rows = await db
    .select({
      ...YOUR_STORY_COLUMNS,
      cursorMicros: sql<string>`${keyMicros}::text`,
    })
    .from(posts)
    .where(and(eq(posts.creatorId, creatorId), FILTER_WHERE[filter], cursor ? sql`(${keyMicros}, ${posts.id}) < (${cursor.micros}::bigint, ${cursor.id})` : undefined))
    .orderBy(desc(key), desc(posts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? encodeCursor({ micros: last.cursorMicros, id: last.id }) : null;
  return { items: page.map(({ cursorMicros: _c, ...row }) => row), next };
}
