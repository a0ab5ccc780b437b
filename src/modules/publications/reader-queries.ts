import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { clapsSince } from '../feeds/claps-since.js';
import { archiveRange } from '../topics/queries.js';
import { LISTED, publicationPostIds } from './queries.js';

type Exec = Pick<Db, 'execute'>;

/** Stories per page of /{slug}/all/{page} and of the other reader lists. */
export const PUBLICATION_LIST_PAGE = 20;
/** Trending: stories of the last this many days, by the claps they drew in them. */
export const TRENDING_DAYS = 30;
/** Trending looks at no more than this many of the window's newest stories (a bounded scan). */
const TRENDING_CANDIDATES = 500;

/** How many stories the publication lists (the page count of /all). */
export async function publicationStoryCount(db: Exec, publicationId: string): Promise<number> {
  const { rows } = await db.execute(sql`select count(*)::int as n from posts p where p.collection_id = ${publicationId} and ${LISTED}`);
  return Number((rows[0] as { n: number }).n);
}

/** One numbered page of the listed stories, newest first (/all/{page}, 1-based). */
export async function publicationPostIdsOnPage(db: Exec, publicationId: string, page: number, size = PUBLICATION_LIST_PAGE): Promise<string[]> {
  const { rows } = await db.execute(sql`select p.id from posts p where p.collection_id = ${publicationId} and ${LISTED}
    order by p.first_published_at desc, p.id desc limit ${size} offset ${(page - 1) * size}`);
  return (rows as { id: string }[]).map((r) => r.id);
}

/**
 * Listed stories carrying any of `tags` (a feature page), newest first, with the cursor format of
 * publicationPostIds ("{ms}:{id}").
 */
export function publicationPostIdsInTags(db: Exec, publicationId: string, tags: readonly string[], opts: { limit: number; after?: string | null }) {
  return publicationPostIds(db, publicationId, { ...opts, anyOfTags: tags });
}

/**
 * Trending (/{slug}/trending): the stories published in the last TRENDING_DAYS, most clapped in
 * that window first (claps from the feeds module's daily counts), then newest.
 */
export async function trendingPublicationPostIds(db: Exec, publicationId: string, now: Date, limit: number): Promise<string[]> {
  const since = new Date(now.getTime() - TRENDING_DAYS * 86_400_000);
  const { rows } = await db.execute(sql`select p.id, p.first_published_at as at from posts p
    where p.collection_id = ${publicationId} and ${LISTED} and p.first_published_at >= ${since.toISOString()}
    order by p.first_published_at desc, p.id desc limit ${TRENDING_CANDIDATES}`);
  const candidates = rows as { id: string }[];
  const claps = await clapsSince(db, candidates.map((c) => c.id), since.toISOString().slice(0, 10));
  // Stable: equal claps keep the newest-first order of the candidates.
  return candidates
    .map((c, i) => ({ id: c.id, i, claps: claps.get(c.id) ?? 0 }))
    .sort((a, b) => b.claps - a.claps || a.i - b.i)
    .slice(0, limit)
    .map((c) => c.id);
}

export interface PeriodCount {
  value: number;
  postCount: number;
}

/** Listed stories per UTC year, per month of `year`, per day of `year`/`month` (the archive's navigation). */
export async function publicationArchiveCounts(db: Exec, publicationId: string, opts: { year?: number; month?: number }) {
  const count = async (unit: 'year' | 'month' | 'day', range?: [Date, Date]): Promise<PeriodCount[]> => {
    const within = range ? sql` and p.first_published_at >= ${range[0].toISOString()} and p.first_published_at < ${range[1].toISOString()}` : sql``;
    const { rows } = await db.execute(sql`select extract(${sql.raw(`'${unit}'`)} from p.first_published_at at time zone 'UTC')::int as value, count(*)::int as n
      from posts p where p.collection_id = ${publicationId} and ${LISTED}${within} group by 1 order by 1`);
    return (rows as { value: number; n: number }[]).map((r) => ({ value: Number(r.value), postCount: Number(r.n) }));
  };
  const years = await count('year');
  const months = opts.year !== undefined ? await count('month', archiveRange(opts.year)) : [];
  const days = opts.year !== undefined && opts.month !== undefined ? await count('day', archiveRange(opts.year, opts.month)) : [];
  return { years, months, days };
}

/** Whether year/month/day name a date that exists (an archive address). */
export function validArchiveDate(year: number, month?: number, day?: number): boolean {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return false;
  if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12)) return false;
  if (day !== undefined && (month === undefined || !Number.isInteger(day) || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())) return false;
  return true;
}
