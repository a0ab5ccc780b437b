/**
 * Topic search: tag names by their words as typed (the last as a prefix), and by trigram
 * closeness (typos) when those are few, unaccented; only tags with at least one story (spec §5:
 * tag search requires postCount ≥ 1). Ranked: names starting with the query, then without a
 * typo, then closeness, then stories. Counts are read live.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FilterAttribute } from './filters.js';
import type { SearchParams } from './params.js';
import { tsqueryText, type QueryWords } from './text.js';

/**
 * Stricter than people's names (0.4): topic names are short words, where 0.4 lets 'tide'
 * find 'Tips'; 0.5 still forgives a letter in a longer name ('databses', 'oceen').
 */
const TAG_SIMILARITY = 0.5;

export const TAG_FILTERS: Record<string, FilterAttribute> = {
  tagSlug: { type: 'text', column: sql`g.slug` },
  postCount: { type: 'number', column: sql`g.post_count` },
};

export interface TagHitRow {
  slug: string;
  n: number;
  display_title: string;
  post_count: number;
  follower_count: number;
}

/** Candidates of a query: the most used matching topics (the page is cut from them). */
export const TAG_CANDIDATES = 200;

export async function searchTagRows(db: Db, q: QueryWords, p: SearchParams, filter: SQL | null): Promise<TagHitRow[]> {
  const typed = q.words.join(' ');
  const conditions: SQL[] = [sql`g.post_count >= 1`];
  if (filter) conditions.push(filter);
  const where = sql.join(conditions, sql` and `);
  const page = sql`limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}`;
  if (q.words.length === 0) {
    const { rows } = await db.execute<TagHitRow & Record<string, unknown>>(sql`
      select g.slug, count(*) over ()::int as n, g.display_title, g.post_count, g.follower_count
      from search_tags s join tags g on g.slug = s.tag_slug where ${where} order by g.post_count desc, g.slug ${page}`);
    return rows;
  }
  const startsWith = `${typed.replace(/[%_\\]/g, '')}%`;
  // Words as typed, the last one as a prefix: no typo.
  const noTypo = sql`s.words @@ to_tsquery('simple', ${tsqueryText(q)})`;
  const statement = (match: SQL) => sql`
    with cand as (
      select s.tag_slug, s.names, ${noTypo} as no_typo, g.post_count from search_tags s join tags g on g.slug = s.tag_slug
      where ${where} and ${match} order by g.post_count desc, g.slug limit ${TAG_CANDIDATES}
    ), ranked as materialized (
      select c.tag_slug, (c.names like ${startsWith})::int + c.no_typo::int + word_similarity(${typed}, c.names) as score, c.post_count,
        count(*) over () as n from cand c
      order by score desc, c.post_count desc, c.tag_slug ${page}
    )
    select g.slug, r.n::int as n, g.display_title, g.post_count, g.follower_count
    from ranked r join tags g on g.slug = r.tag_slug order by r.score desc, r.post_count desc, g.slug`;
  return db.transaction(async (tx) => {
    const exact = (await tx.execute<TagHitRow & Record<string, unknown>>(statement(noTypo))).rows;
    // As people (users-search.ts): names with a typo only when those without one do not fill
    // the candidates, and from three letters on. Through the trigram index, not by testing
    // every topic's name.
    if (typed.length < 3 || (exact[0]?.n ?? 0) >= TAG_CANDIDATES) return exact;
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${TAG_SIMILARITY}; set local enable_seqscan = off`));
    return (await tx.execute<TagHitRow & Record<string, unknown>>(statement(sql`(${noTypo} or s.names %> ${typed})`))).rows;
  });
}
