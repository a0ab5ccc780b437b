import { and, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedSelect } from '../../platform/db/named-select.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from '../posts/queries.js';
import { postTags } from '../feeds/tables.js';
import { posts, tags } from '../posts/tables.js';
import { TOPICS_LIMITS } from './limits.js';

export interface TagRow {
  slug: string;
  displayTitle: string;
  postCount: number;
  followerCount: number;
}

const TAG_COLUMNS = { slug: tags.slug, displayTitle: tags.displayTitle, postCount: tags.postCount, followerCount: tags.followerCount };

export async function tagBySlug(db: Db, slug: string): Promise<TagRow | null> {
  const [row] = await db.select(TAG_COLUMNS).from(tags).where(eq(tags.slug, slug)).limit(1);
  return row ?? null;
}

/** Writers left out for this reader (muted ones; the viewer themself where it matters). */
export function notBy(creatorIds: readonly string[], column: typeof posts.creatorId | typeof postTags.creatorId = posts.creatorId): SQL {
  if (creatorIds.length === 0) return sql`true`;
  return sql`${column} <> all(${sql`array[${sql.join(
    creatorIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`})`;
}

/**
 * A tag's listed stories (exactly the ones tags.post_count counts: published, PUBLIC, not
 * trashed, not responses) come from the feeds module's post_tags, one row per listed story
 * and tag kept by a trigger on posts; its index post_tags_newest_idx on (tag_slug,
 * first_published_at desc, post_id desc) makes every read a range scan, whatever the tag's size.
 */
function inTag(slug: string, exclude: readonly string[], from?: Date, to?: Date): SQL {
  return sql`${postTags.tagSlug} = ${slug} and ${notBy(exclude, postTags.creatorId)}
    ${from ? sql`and ${postTags.firstPublishedAt} >= ${from}` : sql``} ${to ? sql`and ${postTags.firstPublishedAt} < ${to}` : sql``}`;
}

/** post_tags_newest_idx's order exactly (its columns are desc nulls last), so the index serves it. */
const NEWEST_FIRST = sql`${postTags.firstPublishedAt} desc nulls last, ${postTags.postId} desc nulls last`;

/** A keyset position in a newest-first list: the last story's publication time and id. */
export interface Keyset {
  at: Date;
  id: string;
}

export const encodeKeyset = (row: Pick<PostRow, 'firstPublishedAt' | 'id'>) => `${row.firstPublishedAt!.getTime()}_${row.id}`;

export function decodeKeyset(to: string | null | undefined): Keyset | null {
  const m = /^(\d{1,15})_([0-9a-f]{1,40})$/.exec(to ?? '');
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

const after = (k: Keyset | null) => (k ? sql`(${postTags.firstPublishedAt}, ${postTags.postId}) < (${k.at}, ${k.id})` : undefined);

/**
 * Newest first in a tag, optionally within [from, to) (the archive), after a keyset.
 * Returns up to `limit` rows; the caller asks for one more than it shows to know if
 * another page exists.
 */
export async function latestInTag(
  db: Db,
  slug: string,
  opts: { limit: number; after: Keyset | null; exclude: readonly string[]; from?: Date; to?: Date },
): Promise<PostRow[]> {
  return db
    .select(POST_SUMMARY_COLUMNS)
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(and(inTag(slug, opts.exclude, opts.from, opts.to), after(opts.after)))
    .orderBy(NEWEST_FIRST)
    .limit(opts.limit);
}

/**
 * Recommended in a tag: the newest stories of the recency window (at most
 * recommendedCandidates of them, so a huge tag costs the same as a small one), ranked by
 * engagement decayed by age: (claps + 3·responses + 1) / (hours + 2)^1.5. Offset paging
 * over that bounded, stable ranking.
 */
export async function recommendedInTag(db: Db, slug: string, opts: { limit: number; offset: number; exclude: readonly string[]; now: Date }): Promise<string[]> {
  const since = new Date(opts.now.getTime() - TOPICS_LIMITS.recommendedWindowDays * 86_400_000);
  const rows = await db.execute<{ id: string }>(sql`
    select id from (
      select ${posts.id} as id, ${posts.clapCount} as claps, ${posts.responsesCount} as responses, ${posts.firstPublishedAt} as at
      from (
        select ${postTags.postId} as post_id from ${postTags}
        where ${inTag(slug, opts.exclude, since)}
        order by ${NEWEST_FIRST}
        limit ${TOPICS_LIMITS.recommendedCandidates}
      ) recent join ${posts} on ${posts.id} = recent.post_id
    ) c
    order by (claps + 3 * responses + 1) / power(greatest(extract(epoch from (${opts.now}::timestamptz - at)) / 3600, 0) + 2, 1.5) desc, id desc
    limit ${opts.limit} offset ${opts.offset}`);
  return rows.rows.map((r) => r.id);
}

/** Spec §2.3 /tag/{tagSlug}/top/{timePeriod}: the periods a top list covers. */
export const TIME_PERIODS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type TimePeriod = keyof typeof TIME_PERIODS;
export const isTimePeriod = (p: string): p is TimePeriod => Object.hasOwn(TIME_PERIODS, p);

/**
 * The most-clapped stories of a tag published within the period, most claps first, among
 * the period's newest topCandidates stories of the tag (a bounded read for huge tags).
 */
export async function topInTag(db: Db, slug: string, opts: { period: TimePeriod; limit: number; offset: number; exclude: readonly string[]; now: Date }): Promise<string[]> {
  const since = new Date(opts.now.getTime() - TIME_PERIODS[opts.period] * 86_400_000);
  const rows = await db.execute<{ id: string }>(sql`
    select ${posts.id} as id from (
      select ${postTags.postId} as post_id from ${postTags}
      where ${inTag(slug, opts.exclude, since)}
      order by ${NEWEST_FIRST}
      limit ${TOPICS_LIMITS.topCandidates}
    ) recent join ${posts} on ${posts.id} = recent.post_id
    order by ${posts.clapCount} desc, ${posts.firstPublishedAt} desc, ${posts.id} desc
    limit ${opts.limit} offset ${opts.offset}`);
  return rows.rows.map((r) => r.id);
}

export interface PeriodCount {
  /** Year, month (1-12) or day of month (1-31). */
  value: number;
  postCount: number;
}

/**
 * Story counts of a tag per UTC year, per month of `year`, per day of `year`/`month`
 * (the archive's navigation). One grouped scan of the tag's stories per level asked for.
 */
export async function archiveCounts(db: Db, slug: string, opts: { year?: number; month?: number; exclude: readonly string[] }) {
  const count = async (unit: 'year' | 'month' | 'day', from?: Date, to?: Date): Promise<PeriodCount[]> => {
    const part = sql.raw(`'${unit}'`);
    const rows = await db.execute<{ value: number; post_count: number }>(sql`
      select extract(${part} from ${postTags.firstPublishedAt} at time zone 'UTC')::int as value, count(*)::int as post_count
      from ${postTags}
      where ${inTag(slug, opts.exclude, from, to)}
      group by 1 order by 1`);
    return rows.rows.map((r) => ({ value: Number(r.value), postCount: Number(r.post_count) }));
  };
  const years = await count('year');
  const months = opts.year !== undefined ? await count('month', ...archiveRange(opts.year)) : [];
  const days = opts.year !== undefined && opts.month !== undefined ? await count('day', ...archiveRange(opts.year, opts.month)) : [];
  return { years, months, days };
}

/** [from, to) in UTC of a year, a month of it or a day of that. */
export function archiveRange(year: number, month?: number, day?: number): [Date, Date] {
  if (month === undefined) return [new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1))];
  if (day === undefined) return [new Date(Date.UTC(year, month - 1, 1)), new Date(Date.UTC(year, month, 1))];
  return [new Date(Date.UTC(year, month - 1, day)), new Date(Date.UTC(year, month - 1, day + 1))];
}

export interface WriterInTags {
  userId: string;
  clapCount: number;
  postCount: number;
}

/**
 * Who to follow in tags: the writers whose stories there drew the most claps, counted over
 * the newest writersCandidates stories of the last writersWindowDays (a bounded scan).
 */
export async function writersInTags(db: Db, slugs: readonly string[], opts: { limit: number; offset: number; exclude: readonly string[]; now: Date }): Promise<WriterInTags[]> {
  if (slugs.length === 0) return [];
  const since = new Date(opts.now.getTime() - TOPICS_LIMITS.writersWindowDays * 86_400_000);
  const perTag = Math.ceil(TOPICS_LIMITS.writersCandidates / slugs.length);
  const list = sql.join(
    slugs.map((s) => sql`${s}`),
    sql`, `,
  );
  // Each tag's newest stories by an index range scan of post_tags, a story in several of them once.
  const rows = await db.execute<{ user_id: string; claps: number; n: number }>(sql`
    select p.creator_id as user_id, sum(p.clap_count)::int as claps, count(*)::int as n
    from (
      select distinct newest.post_id from unnest(array[${list}]::text[]) as s(slug), lateral (
        select ${postTags.postId} as post_id from ${postTags}
        where ${postTags.tagSlug} = s.slug and ${notBy(opts.exclude, postTags.creatorId)} and ${postTags.firstPublishedAt} >= ${since}
        order by ${NEWEST_FIRST}
        limit ${perTag}
      ) newest
    ) c join ${posts} p on p.id = c.post_id
    group by p.creator_id
    order by claps desc, n desc, p.creator_id
    limit ${opts.limit} offset ${opts.offset}`);
  return rows.rows.map((r) => ({ userId: r.user_id, clapCount: Number(r.claps), postCount: Number(r.n) }));
}

/** Tags written about together with this one in its newest stories, most shared first. */
export async function relatedTags(db: Db, slug: string, limit: number): Promise<TagRow[]> {
  const rows = await db.execute<{ slug: string; display_title: string; post_count: number; follower_count: number }>(sql`
    select t.slug, t.display_title, t.post_count, t.follower_count from (
      select other, count(*) as n from (
        select ${posts.tags} as tags from (
          select ${postTags.postId} as post_id from ${postTags} where ${inTag(slug, [])}
          order by ${NEWEST_FIRST}
          limit ${TOPICS_LIMITS.relatedCandidates}
        ) newest join ${posts} on ${posts.id} = newest.post_id
      ) recent, unnest(recent.tags) as other
      where other <> ${slug}
      group by other
    ) co join ${tags} t on t.slug = co.other
    where t.post_count > 0
    order by co.n desc, t.post_count desc, t.slug
    limit ${limit}`);
  return rows.rows.map((r) => ({ slug: r.slug, displayTitle: r.display_title, postCount: Number(r.post_count), followerCount: Number(r.follower_count) }));
}

/**
 * Topics by popularity (most followed, then most written about); only tags with stories, and
 * none of `excluding` (a reader's own topics, for the sidebar's recommendations).
 */
export async function popularTags(db: Db, opts: { limit: number; offset: number; excluding?: readonly string[] }): Promise<TagRow[]> {
  return popularTagRows(db, opts.excluding ?? [], opts.limit, opts.offset);
}
/** Named (the home sidebar asks on every page), in tags_popular_idx's order (its DESC is NULLS LAST): a walk of the index, not a sort of every tag. */
const popularTagRows = namedSelect<TagRow, [excluding: readonly string[], limit: number, offset: number]>(
  'popular_tags',
  TAG_COLUMNS,
  'from tags where post_count >= 1 and slug <> all($1::text[]) order by follower_count desc nulls last, post_count desc nulls last, slug limit $2 offset $3',
);

/**
 * Tag suggestions for a typed text: tags whose slug or title starts with it (or a word of
 * the title does), with at least one story, the most written about first.
 */
export async function suggestTags(db: Db, text: string, limit: number): Promise<TagRow[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const slug = q.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return db
    .select(TAG_COLUMNS)
    .from(tags)
    .where(and(gte(tags.postCount, 1), or(slug ? sql`${tags.slug} like ${`${slug}%`}` : undefined, sql`lower(${tags.displayTitle}) like ${like}`, sql`lower(${tags.displayTitle}) like ${`% ${like}`}`)))
    .orderBy(desc(tags.postCount), tags.slug)
    .limit(limit);
}
