/**
 * Story search: a bounded candidate set, then ranking. Candidates are the best matches by
 * `quality` (engagement decayed by age), at most CANDIDATES, found in one of two ways:
 *  - walk: the WALK best stories by quality (an index range, no text) filtered by the query.
 *    A word in more than CANDIDATES / WALK of the stories fills the set here, at a fixed cost
 *    however common it is.
 *  - tier: otherwise, the matches among the TIER best stories, through a bitmap (the GIN
 *    posting list ANDed with the quality range), so only those stories are read.
 *  - bitmap: otherwise the word is rare, and every match is read through a bitmap.
 * Index walks and sequential scans are switched off for the bitmap statements: the planner's
 * guess of a prefix's frequency can be far off, and walking a million stories for a word found
 * in one is what this rules out.
 * The candidates are then ordered by text relevance (ts_rank: title A > subtitle B > body C >
 * tags D) blended with quality (README, Ranking), and the page's stories and authors read last.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { RECENCY_DAYS_PER_POINT } from './indexer.js';
import { PAGINATION_LIMIT, type SearchParams } from './params.js';
import type { FilterAttribute } from './filters.js';
import { tsqueryText, type QueryWords } from './text.js';
import type { SearchViewer } from './viewer.js';

/** The candidate bound: also how far results page (see PAGINATION_LIMIT). */
export const CANDIDATES = PAGINATION_LIMIT;
/** Best stories the walk looks at: words in more than CANDIDATES / WALK (2 %) of the stories fill the set there. */
export const WALK = 10_000;

/** Size of the top tier searched through a bitmap before the whole index: ~5 % of a 1M-story site. */
export const TIER = 50_000;

export type CandidateMode = 'walk' | 'tier' | 'bitmap';

/** The quality of the TIER-th best story (per filtered / unfiltered view), re-read at most once a minute. */
const tierFloors = new Map<boolean, { value: number; at: number }>();
async function tierFloor(db: Db, unfiltered: boolean): Promise<number> {
  const cached = tierFloors.get(unfiltered);
  if (cached && Date.now() - cached.at < 60_000) return cached.value;
  const { rows } = await db.execute<{ quality: number }>(sql`select quality from search_posts s ${unfiltered ? sql`` : sql`where s.author_ok`}
    order by s.quality desc nulls last offset ${TIER - 1} limit 1`);
  const value = rows[0]?.quality ?? Number.NEGATIVE_INFINITY;
  tierFloors.set(unfiltered, { value, at: Date.now() });
  return value;
}
/** Weight of quality against ln(text relevance) in the final score. */
export const QUALITY_WEIGHT = 0.3;

export const POST_FILTERS: Record<string, FilterAttribute> = {
  creatorId: { type: 'text', column: sql`s.creator_id` },
  postId: { type: 'text', column: sql`s.post_id` },
  collectionId: { type: 'text', column: sql`s.collection_id` },
  tags: { type: 'array', column: sql`s.tags` },
  isLocked: { type: 'bool', column: sql`s.is_locked` },
  firstPublishedAt: { type: 'time', column: sql`s.first_published_at` },
  clapCount: { type: 'number', column: sql`s.clap_count` },
};

export interface PostHitRow {
  post_id: string;
  n: number;
  title: string;
  subtitle: string;
  slug: string;
  is_locked: boolean;
  creator_id: string;
  first_published_at: Date;
  latest_published_at: Date;
  reading_time: number;
  clap_count: number;
  preview_image: { id: string } | null;
  tags: string[];
  name: string;
  username: string | null;
  image_id: string | null;
  preview_text: string;
  /** The whole body, only when asked for and the reader may read it (never sent otherwise). */
  paragraphs: Paragraph[] | null;
}

/** The page of ranked story hits and how many candidates matched (at most CANDIDATES). */
export async function searchPostRows(db: Db, q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null, wantBody: boolean): Promise<PostHitRow[]> {
  const walked = await db.execute<PostHitRow & Record<string, unknown>>(postSearchSql(q, p, viewer, filter, wantBody, 'walk'));
  // The walk filled the set (or there is no text to match): the word is common enough.
  if (q.words.length === 0 || (walked.rows[0]?.n ?? 0) >= CANDIDATES) return walked.rows;
  const floor = await tierFloor(db, viewer.unfiltered);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const tier = await tx.execute<PostHitRow & Record<string, unknown>>(postSearchSql(q, p, viewer, filter, wantBody, 'tier', floor));
    if ((tier.rows[0]?.n ?? 0) >= CANDIDATES) return tier.rows;
    const { rows } = await tx.execute<PostHitRow & Record<string, unknown>>(postSearchSql(q, p, viewer, filter, wantBody, 'bitmap'));
    return rows;
  });
}

/** The statement of searchPostRows (the bench prints its plans). */
export function postSearchSql(q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null, wantBody: boolean, mode: CandidateMode, floor = 0): SQL {
  const tsq = q.words.length > 0 ? sql`to_tsquery('inkwell_search', ${tsqueryText(q)})` : null;
  const conditions: SQL[] = [];
  if (!viewer.unfiltered) conditions.push(sql`s.author_ok`);
  if (viewer.mutedIds.length > 0) conditions.push(sql`s.creator_id <> all(${sql`array[${sql.join(viewer.mutedIds.map((id) => sql`${id}`), sql`, `)}]::text[]`})`);
  if (filter) conditions.push(filter);
  const where = (extra: SQL[]) => (conditions.length + extra.length > 0 ? sql`where ${sql.join([...conditions, ...extra], sql` and `)}` : sql``);
  const matches = tsq ? [sql`s.document @@ ${tsq}`] : [];
  const candidates =
    mode === 'walk'
      ? sql`select w.post_id, w.document, w.quality from (
          select s.post_id, s.document, s.quality from search_posts s ${where([])} order by s.quality desc nulls last limit ${WALK}
        ) w ${tsq ? sql`where w.document @@ ${tsq}` : sql``} order by w.quality desc nulls last limit ${CANDIDATES}`
      : sql`select s.post_id, s.document, s.quality from search_posts s ${where(mode === 'tier' ? [...matches, sql`s.quality >= ${floor}`] : matches)} order by s.quality desc nulls last limit ${CANDIDATES}`;
  const nowKey = Date.now() / 86_400_000 / RECENCY_DAYS_PER_POINT;
  // Ranked on the whole words typed (ts_rank of a prefix query costs several times more per
  // story); the word still being typed selects candidates but does not add to relevance.
  const ranked = q.words.length > 1 && q.prefixLast ? q.words.slice(0, -1) : q.words;
  const relevance = tsq ? sql`ln(greatest(ts_rank('{0.1, 0.2, 0.4, 1.0}', c.document, to_tsquery('inkwell_search', ${tsqueryText({ words: ranked, prefixLast: false })})), 1e-6))` : sql`0`;
  // Body only for readers who may read it; the CASE is evaluated per row, so locked text is never fetched for others.
  const body = wantBody
    ? sql`case when not p.is_locked or ${viewer.fullAccess} or p.creator_id = ${viewer.id ?? ''} then p.paragraphs end`
    : sql`null::jsonb`;
  // The page is cut from the ranked candidates before anything else is read: the stories and
  // authors are joined for its rows only (a suspended author's story drops out of the page).
  return sql`
    with cand as (${candidates}), ranked as materialized (
      select c.post_id, ${relevance} + ${QUALITY_WEIGHT} * (c.quality - ${nowKey}) as score, count(*) over () as n from cand c
      order by score desc, c.post_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
    )
    select r.post_id, r.n::int as n, s.preview_text, p.title, p.subtitle, p.slug, p.is_locked, p.creator_id, p.first_published_at, p.latest_published_at,
      p.reading_time, p.clap_count, p.preview_image, p.tags, u.name, u.username, u.image_id, ${body} as paragraphs
    from ranked r join search_posts s on s.post_id = r.post_id join posts p on p.id = r.post_id join users u on u.id = p.creator_id
    where p.deleted_at is null and not u.is_suspended and u.deactivated_at is null
    order by r.score desc, r.post_id`;
}
