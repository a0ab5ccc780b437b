/**
 * Story search: a bounded candidate set, then ranking. The candidates are the best matches
 * by `quality` (engagement decayed by age), at most CANDIDATES of them: for a rare word the
 * planner takes the GIN index and sorts the few matches; for a word in most stories it walks
 * the quality index and stops after CANDIDATES matches. Either way ranking touches a bounded
 * number of rows, so a common word costs no more than a rare one. The candidates are then
 * ordered by text relevance (ts_rank: title A > subtitle B > body C > tags D) blended with
 * quality (README, Ranking).
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
  const { rows } = await db.execute<PostHitRow & Record<string, unknown>>(postSearchSql(q, p, viewer, filter, wantBody));
  return rows;
}

/** The statement of searchPostRows (the bench prints its plans). */
export function postSearchSql(q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null, wantBody: boolean): SQL {
  const tsq = q.words.length > 0 ? sql`to_tsquery('inkwell_search', ${tsqueryText(q)})` : null;
  const conditions: SQL[] = [];
  if (tsq) conditions.push(sql`s.document @@ ${tsq}`);
  if (!viewer.unfiltered) conditions.push(sql`s.author_ok`);
  if (viewer.mutedIds.length > 0) conditions.push(sql`s.creator_id <> all(${sql`array[${sql.join(viewer.mutedIds.map((id) => sql`${id}`), sql`, `)}]::text[]`})`);
  if (filter) conditions.push(filter);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
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
    with cand as (
      select s.post_id, s.document, s.quality from search_posts s ${where}
      order by s.quality desc nulls last limit ${CANDIDATES}
    ), ranked as materialized (
      select c.post_id, ${relevance} + ${QUALITY_WEIGHT} * (c.quality - ${nowKey}) as score, count(*) over () as n from cand c
      order by score desc, c.post_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
    )
    select r.post_id, r.n::int as n, s.preview_text, p.title, p.subtitle, p.slug, p.is_locked, p.creator_id, p.first_published_at, p.latest_published_at,
      p.reading_time, p.clap_count, p.preview_image, p.tags, u.name, u.username, u.image_id, ${body} as paragraphs
    from ranked r join search_posts s on s.post_id = r.post_id join posts p on p.id = r.post_id join users u on u.id = p.creator_id
    where p.deleted_at is null and not u.is_suspended and u.deactivated_at is null
    order by r.score desc, r.post_id`;
}
