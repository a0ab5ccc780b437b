/**
 * Topic search: tag names by prefix and by trigram closeness (typos), unaccented; only tags
 * with at least one story (spec §5: tag search requires postCount ≥ 1). Counts are read live.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FilterAttribute } from './filters.js';
import type { SearchParams } from './params.js';
import type { QueryWords } from './text.js';

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

export async function searchTagRows(db: Db, q: QueryWords, p: SearchParams, filter: SQL | null): Promise<TagHitRow[]> {
  const typed = q.words.join(' ');
  const conditions: SQL[] = [sql`g.post_count >= 1`];
  if (filter) conditions.push(filter);
  let closeness: SQL = sql`0`;
  if (q.words.length > 0) {
    const prefix = `${typed.replace(/[%_\\]/g, '')}%`;
    conditions.push(sql`(s.names %> ${typed} or s.names like ${prefix} or s.names like ${`% ${prefix}`})`);
    closeness = sql`(s.names like ${prefix})::int + word_similarity(${typed}, s.names)`;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${TAG_SIMILARITY}`));
    const { rows } = await tx.execute<TagHitRow & Record<string, unknown>>(sql`
      select g.slug, count(*) over ()::int as n, g.display_title, g.post_count, g.follower_count
      from search_tags s join tags g on g.slug = s.tag_slug
      where ${sql.join(conditions, sql` and `)}
      order by ${closeness} desc, g.post_count desc, g.slug
      limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}`);
    return rows;
  });
}
