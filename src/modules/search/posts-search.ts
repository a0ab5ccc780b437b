/**
 * Story search: a bounded candidate set, then ranking. Candidates are the best matches by
 * `quality` (engagement decayed by age), at most CANDIDATES, found in one of two ways:
 *  - walk: for a query in at least COMMON_SHARE of the stories, the WALK best stories by quality
 *    (an index range, no text) filtered by the query: it fills the set at a fixed cost however
 *    common the word is.
 *  - bitmap: a rarer query (estimated from the column's statistics, storyMatch) reads the
 *    matches of the top tier (tier.ts) when the site has one and they are enough, else every
 *    match through the GIN index, with index walks and sequential scans switched off: the
 *    planner's own guess of a typed prefix's frequency can be far off, and walking a million
 *    stories for a word found in one is what this rules out.
 * The candidates are then ordered title matches first, then by text relevance (ts_rank: title A >
 * subtitle B > body C > tags D) blended with quality (README, Ranking), and the page's stories and
 * authors read last. The bitmap takes title matches first among its candidates too.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { RECENCY_DAYS_PER_POINT } from './indexer.js';
import { PAGINATION_LIMIT, type SearchParams } from './params.js';
import type { FilterAttribute } from './filters.js';
import { tsqueryText, type QueryWords } from './text.js';
import type { SearchViewer } from './viewer.js';
import { currentTier, tierCondition, type SearchTier } from './tier.js';

/** The candidate bound: also how far results page (see PAGINATION_LIMIT). */
export const CANDIDATES = PAGINATION_LIMIT;
/** Best stories the walk may look at: a query in more than CANDIDATES / WALK (0.5 %) of the stories fills the set there; it stops at the 200th match. */
export const WALK = 40_000;

export type CandidateMode = 'walk' | 'bitmap';

/** Words in at least this share of the stories take the walk; rarer ones the bitmap. */
export const COMMON_SHARE = 0.005;

/**
 * How common each lexeme is, from the planner's statistics of search_posts.document (its most
 * common elements: with the column's statistics target of 1000, every lexeme in more than about
 * 0.1 % of the stories is there, so a lexeme missing from it is rare). Re-read every 10 minutes.
 */
let lexemeShares: { map: Map<string, number>; at: number } | null = null;
async function shares(db: Db): Promise<Map<string, number>> {
  if (lexemeShares && Date.now() - lexemeShares.at < 600_000) return lexemeShares.map;
  const { rows } = await db.execute<{ e: string[] | null; f: number[] | null }>(sql`
    select most_common_elems::text::text[] as e, most_common_elem_freqs as f from pg_stats where tablename = 'search_posts' and attname = 'document'`);
  const map = new Map<string, number>();
  const e = rows[0]?.e ?? [];
  const f = rows[0]?.f ?? [];
  e.forEach((lexeme, i) => map.set(lexeme, f[i] ?? 0));
  lexemeShares = { map, at: Date.now() };
  return map;
}

/** Lexemes a typed prefix may stand for as exact words; a prefix of more is matched as a prefix. */
export const MAX_PREFIX_LEXEMES = 32;

export interface StoryMatch {
  /** The query as tsquery text (lexemes, the typed prefix as the lexemes it begins), or null: no story can match (a prefix no word begins, only stop words). */
  tsquery: string | null;
  /** Estimated share of the stories matching: the product of its lexemes' shares (a prefix sums its words). */
  share: number;
}

const likePrefix = (lexeme: string) => `${lexeme.replace(/[\\%_]/g, '\\$&')}%`;
const tsLexeme = (lexeme: string) => `'${lexeme.replace(/['\\]/g, (c) => (c === "'" ? "''" : '\\\\'))}'`;

/**
 * What a query matches, and how common that is. The word being typed becomes the lexemes it
 * begins (search_lexemes: every lexeme of every document), when there are few: a few exact GIN
 * entries cost a fraction of a prefix match; none, and nothing matches.
 */
export async function storyMatch(db: Db, q: QueryWords): Promise<StoryMatch> {
  const [map, { rows }] = await Promise.all([shares(db), db.execute<{ q: string }>(sql`select to_tsquery('inkwell_search', ${tsqueryText(q)})::text as q`)]);
  let text = rows[0]?.q ?? '';
  // Only stop words: nothing to match.
  if (text === '') return { tsquery: null, share: 0 };
  let share = 1;
  for (const m of text.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    const lexeme = m[1]!.replaceAll("''", "'");
    let s = 0;
    if (m[2]) for (const [k, v] of map) s += k.startsWith(lexeme) ? v : 0;
    else s = map.get(lexeme) ?? 0;
    share *= Math.min(1, s);
  }
  const prefix = [...text.matchAll(/'((?:[^']|'')*)':\*/g)].pop();
  if (prefix) {
    const lexeme = prefix[1]!.replaceAll("''", "'");
    const { rows: found } = await db.execute<{ lexeme: string }>(
      sql`select lexeme from search_lexemes where lexeme like ${likePrefix(lexeme)} order by lexeme limit ${MAX_PREFIX_LEXEMES + 1}`,
    );
    if (found.length === 0) return { tsquery: null, share: 0 };
    if (found.length <= MAX_PREFIX_LEXEMES) {
      const words = found.map((r) => tsLexeme(r.lexeme)).join(' | ');
      text = text.slice(0, prefix.index) + `( ${words} )` + text.slice(prefix.index! + prefix[0].length);
    }
  }
  return { tsquery: text, share };
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
  /** The publication the story appears in, and its slug (the story's address is under it). */
  collection_id: string | null;
  collection_slug: string | null;
  /** The whole body, only when asked for and the reader may read it (never sent otherwise). */
  paragraphs: Paragraph[] | null;
}

/** What searchPostRows did, for the bench: the match, then each statement's plan as it ran it. */
export interface SearchTrace {
  match(match: StoryMatch): void;
  /** EXPLAIN (ANALYZE, BUFFERS) of a statement, run before the statement itself. */
  plan(label: string, plan: string): void;
}

/** The page of ranked story hits and how many candidates matched (at most CANDIDATES). */
export async function searchPostRows(db: Db, q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null, wantBody: boolean, trace?: SearchTrace): Promise<PostHitRow[]> {
  const match = q.words.length === 0 ? { tsquery: null, share: 1 } : await storyMatch(db, q);
  trace?.match(match);
  if (q.words.length > 0 && match.tsquery === null) return [];
  const statement = (mode: CandidateMode, tier?: SearchTier) => postSearchSql(q, p, viewer, filter, wantBody, mode, { tier, tsquery: match.tsquery ?? undefined });
  if (q.words.length === 0 || match.share >= COMMON_SHARE) {
    const walked = await run(db, 'walk', statement('walk'), trace);
    // The walk filled the set (or there is no text to match): done. Else (filters, or a word
    // rarer than estimated) the bitmap gives every match.
    if (q.words.length === 0 || (walked[0]?.n ?? 0) >= CANDIDATES) return walked;
  }
  // The top tier first, when the site has one: its matches are the best of all when there
  // are enough of them (tier.ts).
  const tier = await currentTier(db);
  if (tier) {
    const rows = await bitmapSearch(db, `bitmap, top tier (quality >= ${tier.threshold.toFixed(2)})`, statement('bitmap', tier), trace);
    if ((rows[0]?.n ?? 0) >= CANDIDATES) return rows;
  }
  return bitmapSearch(db, 'bitmap', statement('bitmap'), trace);
}

function bitmapSearch(db: Db, label: string, statement: SQL, trace: SearchTrace | undefined): Promise<PostHitRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return run(tx, label, statement, trace);
  });
}

async function run(conn: Pick<Db, 'execute'>, label: string, statement: SQL, trace: SearchTrace | undefined): Promise<PostHitRow[]> {
  if (trace) trace.plan(label, (await conn.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers, costs off) ${statement}`)).rows.map((r) => r['QUERY PLAN']).join('\n'));
  return (await conn.execute<PostHitRow & Record<string, unknown>>(statement)).rows;
}

export interface StatementOptions {
  /** Read the top tier's index (tier.ts). */
  tier?: SearchTier;
  /** The query as storyMatch wrote it (the typed prefix as the lexemes it begins); else the words as typed. */
  tsquery?: string;
}

/** The statement of searchPostRows (the bench prints its plans). */
export function postSearchSql(q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null, wantBody: boolean, mode: CandidateMode, opts: StatementOptions = {}): SQL {
  const { tier } = opts;
  const tsq = q.words.length === 0 ? null : opts.tsquery !== undefined ? sql`${opts.tsquery}::tsquery` : sql`to_tsquery('inkwell_search', ${tsqueryText(q)})`;
  const conditions: SQL[] = [];
  if (!viewer.unfiltered) conditions.push(sql`s.author_ok`);
  if (viewer.mutedIds.length > 0) conditions.push(sql`s.creator_id <> all(${sql`array[${sql.join(viewer.mutedIds.map((id) => sql`${id}`), sql`, `)}]::text[]`})`);
  if (filter) conditions.push(filter);
  const where = (extra: SQL[]) => (conditions.length + extra.length > 0 ? sql`where ${sql.join([...conditions, ...extra], sql` and `)}` : sql``);
  const matches = tsq ? [sql`s.document @@ ${tsq}`] : [];
  // The whole query found in the title (the document's A-weighted words): such stories come
  // before every story matching elsewhere, however engaged (README, Ranking).
  const inTitle = (row: SQL) => (tsq ? sql`(ts_filter(${row}.document, '{a}') @@ ${tsq})` : sql`false`);
  if (tier) matches.push(tierCondition(tier));
  const candidates =
    mode === 'walk'
      ? sql`select w.post_id, w.document, w.quality from (
          select s.post_id, s.document, s.quality from search_posts s ${where([])} order by s.quality desc nulls last limit ${WALK}
        ) w ${tsq ? sql`where w.document @@ ${tsq}` : sql``} order by w.quality desc nulls last limit ${CANDIDATES}`
      : sql`select s.post_id, s.document, s.quality from search_posts s ${where(matches)} order by ${inTitle(sql`s`)} desc, s.quality desc nulls last limit ${CANDIDATES}`;
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
      select c.post_id, ${inTitle(sql`c`)} as in_title, ${relevance} + ${QUALITY_WEIGHT} * (c.quality - ${nowKey}) as score, count(*) over () as n from cand c
      order by in_title desc, score desc, c.post_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
    )
    select r.post_id, r.n::int as n, s.preview_text, p.title, p.subtitle, p.slug, p.is_locked, p.creator_id, p.first_published_at, p.latest_published_at,
      p.reading_time, p.clap_count, p.preview_image, p.tags, u.name, u.username, u.image_id, ${body} as paragraphs,
      p.collection_id, pc.slug as collection_slug
    from ranked r join search_posts s on s.post_id = r.post_id join posts p on p.id = r.post_id join users u on u.id = p.creator_id
      left join publications pc on pc.id = p.collection_id
    where p.deleted_at is null and not u.is_suspended and u.deactivated_at is null
    order by r.in_title desc, r.score desc, r.post_id`;
}
