import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from '../posts/queries.js';
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

/**
 * The stories a tag page lists: exactly the ones tags.post_count counts (published, public,
 * not trashed, not responses). Written as the predicate of posts_listed_tags_idx so the
 * planner may use that partial GIN index.
 */
export function listedIn(slugs: readonly string[], mode: 'all' | 'any' = 'all'): SQL {
  const arr = sql`${sql.raw('array[')}${sql.join(
    slugs.map((s) => sql`${s}`),
    sql`, `,
  )}${sql.raw(']::text[]')}`;
  return sql`${posts.tags} ${sql.raw(mode === 'all' ? '@>' : '&&')} ${arr} and ${posts.deletedAt} is null and ${posts.firstPublishedAt} is not null and ${posts.visibility} = 'PUBLIC' and ${posts.inResponseToPostId} is null`;
}

/** Writers left out for this reader (muted ones; the viewer themself where it matters). */
export function notBy(creatorIds: readonly string[]): SQL {
  if (creatorIds.length === 0) return sql`true`;
  return sql`${posts.creatorId} <> all(${sql`array[${sql.join(
    creatorIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`})`;
}

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

const after = (k: Keyset | null) => (k ? or(lt(posts.firstPublishedAt, k.at), and(eq(posts.firstPublishedAt, k.at), lt(posts.id, k.id))) : undefined);

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
    .from(posts)
    .where(and(listedIn([slug]), notBy(opts.exclude), after(opts.after), opts.from ? gte(posts.firstPublishedAt, opts.from) : undefined, opts.to ? lt(posts.firstPublishedAt, opts.to) : undefined))
    .orderBy(desc(posts.firstPublishedAt), desc(posts.id))
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
      from ${posts}
      where ${listedIn([slug])} and ${notBy(opts.exclude)} and ${posts.firstPublishedAt} >= ${since}
      order by ${posts.firstPublishedAt} desc
      limit ${TOPICS_LIMITS.recommendedCandidates}
    ) c
    order by (claps + 3 * responses + 1) / power(greatest(extract(epoch from (${opts.now}::timestamptz - at)) / 3600, 0) + 2, 1.5) desc, id desc
    limit ${opts.limit} offset ${opts.offset}`);
  return rows.rows.map((r) => r.id);
}

/** Spec §2.3 /tag/{tagSlug}/top/{timePeriod}: the periods a top list covers. */
export const TIME_PERIODS = { day: 1, week: 7, month: 30, year: 365 } as const;
export type TimePeriod = keyof typeof TIME_PERIODS;
export const isTimePeriod = (p: string): p is TimePeriod => Object.hasOwn(TIME_PERIODS, p);

/** The most-clapped stories of a tag published within the period, most claps first. */
export async function topInTag(db: Db, slug: string, opts: { period: TimePeriod; limit: number; offset: number; exclude: readonly string[]; now: Date }): Promise<string[]> {
  const since = new Date(opts.now.getTime() - TIME_PERIODS[opts.period] * 86_400_000);
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(listedIn([slug]), notBy(opts.exclude), gte(posts.firstPublishedAt, since)))
    .orderBy(desc(posts.clapCount), desc(posts.firstPublishedAt), desc(posts.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => r.id);
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
      select extract(${part} from ${posts.firstPublishedAt} at time zone 'UTC')::int as value, count(*)::int as post_count
      from ${posts}
      where ${listedIn([slug])} and ${notBy(opts.exclude)}
        ${from ? sql`and ${posts.firstPublishedAt} >= ${from}` : sql``} ${to ? sql`and ${posts.firstPublishedAt} < ${to}` : sql``}
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
  const rows = await db.execute<{ user_id: string; claps: number; n: number }>(sql`
    select creator_id as user_id, sum(claps)::int as claps, count(*)::int as n from (
      select ${posts.creatorId} as creator_id, ${posts.clapCount} as claps
      from ${posts}
      where ${listedIn(slugs, 'any')} and ${notBy(opts.exclude)} and ${posts.firstPublishedAt} >= ${since}
      order by ${posts.firstPublishedAt} desc
      limit ${TOPICS_LIMITS.writersCandidates}
    ) c
    group by creator_id
    order by claps desc, n desc, creator_id
    limit ${opts.limit} offset ${opts.offset}`);
  return rows.rows.map((r) => ({ userId: r.user_id, clapCount: Number(r.claps), postCount: Number(r.n) }));
}

/** Tags written about together with this one in its newest stories, most shared first. */
export async function relatedTags(db: Db, slug: string, limit: number): Promise<TagRow[]> {
  const rows = await db.execute<{ slug: string; display_title: string; post_count: number; follower_count: number }>(sql`
    select t.slug, t.display_title, t.post_count, t.follower_count from (
      select other, count(*) as n from (
        select ${posts.tags} as tags from ${posts}
        where ${listedIn([slug])}
        order by ${posts.firstPublishedAt} desc
        limit ${TOPICS_LIMITS.relatedCandidates}
      ) recent, unnest(recent.tags) as other
      where other <> ${slug}
      group by other
    ) co join ${tags} t on t.slug = co.other
    where t.post_count > 0
    order by co.n desc, t.post_count desc, t.slug
    limit ${limit}`);
  return rows.rows.map((r) => ({ slug: r.slug, displayTitle: r.display_title, postCount: Number(r.post_count), followerCount: Number(r.follower_count) }));
}

/** Topics by popularity (most followed, then most written about); only tags with stories. */
export async function popularTags(db: Db, opts: { limit: number; offset: number }): Promise<TagRow[]> {
  return db
    .select(TAG_COLUMNS)
    .from(tags)
    .where(sql`${tags.postCount} >= 1`)
    .orderBy(desc(tags.followerCount), desc(tags.postCount), tags.slug)
    .limit(opts.limit)
    .offset(opts.offset);
}

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
