/**
 * Publication search (spec §7 index `collections`): by the words of the name and slug (weighted
 * above), tags and description, each word as written or stemmed, the last as a prefix while
 * typed. Candidates are the most followed matches (at most COLLECTION_CANDIDATES) plus the
 * exact name wherever it ranks, so a publication is always found by its name; they are ordered
 * exact name first, then the whole query in the name, then the words' weight, then followers
 * (read live from the publication).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FilterAttribute } from './filters.js';
import type { SearchParams } from './params.js';
import type { QueryWords } from './text.js';

export const COLLECTION_CANDIDATES = 200;

export const COLLECTION_FILTERS: Record<string, FilterAttribute> = {
  collectionId: { type: 'text', column: sql`c.id` },
  tags: { type: 'array', column: sql`c.tags` },
  followerCount: { type: 'number', column: sql`c.followers_count` },
};

export interface CollectionHitRow {
  collection_id: string;
  n: number;
  name: string;
  slug: string;
  description: string;
  tags: string[];
  avatar_image_id: string | null;
  followers_count: number;
}

/** Every word as written or stemmed (the document holds both), the last one as a prefix while typed. */
function collectionQuery(q: QueryWords): SQL {
  return sql.join(
    q.words.map((w, i) => {
      const term = `'${w}'${q.prefixLast && i === q.words.length - 1 ? ':*' : ''}`;
      return sql`(to_tsquery('inkwell_names', ${term}) || to_tsquery('inkwell_search', ${term}))`;
    }),
    sql` && `,
  );
}

export async function searchCollectionRows(db: Db, q: QueryWords, p: SearchParams, filter: SQL | null): Promise<CollectionHitRow[]> {
  const conditions: SQL[] = [];
  if (filter) conditions.push(filter);
  const words = q.words.length > 0 ? collectionQuery(q) : null;
  const typed = q.words.join(' ');
  const where = (extra: SQL[]) => sql.join([...conditions, ...extra, sql`true`], sql` and `);
  const rank = words
    ? sql`(s.name_key = ${typed})::int * 10 + (ts_filter(s.document, '{a}') @@ (${words}))::int * 2 + ts_rank('{0.1, 0.2, 0.4, 1.0}', s.document, ${words})`
    : sql`0::real`;
  const matches = words ? [sql`s.document @@ (${words})`] : [];
  const exact = words ? sql`union select s.collection_id from search_collections s join publications c on c.id = s.collection_id where s.name_key = ${typed} and ${where([])}` : sql``;
  const { rows } = await db.execute<CollectionHitRow & Record<string, unknown>>(sql`
    with cand as (
      (select s.collection_id from search_collections s join publications c on c.id = s.collection_id
        where ${where(matches)} order by c.followers_count desc, c.id limit ${COLLECTION_CANDIDATES})
      ${exact}
    ), ranked as materialized (
      select s.collection_id, ${rank} as score, c.followers_count, count(*) over () as n
      from cand join search_collections s on s.collection_id = cand.collection_id join publications c on c.id = s.collection_id
      order by score desc, c.followers_count desc, s.collection_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
    )
    select c.id as collection_id, r.n::int as n, c.name, c.slug, c.description, c.tags, c.avatar_image_id, c.followers_count
    from ranked r join publications c on c.id = r.collection_id
    order by r.score desc, r.followers_count desc, r.collection_id`);
  return rows;
}
