/**
 * People search: typo-tolerant and accent-insensitive on names and usernames (pg_trgm word
 * similarity on the unaccented, lower-case `names`), plus words of the bio. Candidates are the
 * most followed matching people (read through the GIN indexes), at most PEOPLE_CANDIDATES, plus
 * the exact username wherever it ranks; they are ordered exact username first, then names
 * matched without a typo (as typed, the last word as a prefix), then closeness of the name,
 * then followers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FilterAttribute } from './filters.js';
import type { SearchParams } from './params.js';
import { tsqueryText, type QueryWords } from './text.js';
import type { SearchViewer } from './viewer.js';

/** pg_trgm word similarity a name needs to match: 0.4 lets one wrong letter in a short name through ('elanor' ~ 'eleanor' is 0.5). */
export const NAME_SIMILARITY = 0.4;
export const PEOPLE_CANDIDATES = 200;

export const USER_FILTERS: Record<string, FilterAttribute> = {
  userId: { type: 'text', column: sql`s.user_id` },
  followerCount: { type: 'number', column: sql`s.follower_count` },
};

export interface UserHitRow {
  user_id: string;
  n: number;
  name: string;
  username: string | null;
  bio: string;
  image_id: string | null;
  follower_count: number;
}

const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;

export async function searchUserRows(db: Db, q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null): Promise<UserHitRow[]> {
  const typed = q.words.join(' ');
  const exact = q.words.join('');
  // Visitors find active, high-quality people, staff every active one. Without words, the most
  // followed through the partial followers index (active and author_ok). With words, through
  // the GIN indexes, reading matches only: written so that index cannot serve it (`is true`
  // proves nothing to the planner; a bitmap of every eligible person would test each name),
  // while the partial GIN indexes over author_ok can.
  const eligible = viewer.unfiltered ? sql`s.active is true` : q.words.length > 0 ? sql`s.author_ok and s.active is true` : sql`s.active and s.author_ok`;
  const base: SQL[] = [eligible];
  if (viewer.mutedIds.length > 0) base.push(sql`s.user_id <> all(${textArray(viewer.mutedIds)})`);
  if (filter) base.push(filter);
  // Names and words as typed, the last one as a prefix: no typo.
  const prefix = sql`s.document @@ to_tsquery('inkwell_names', ${tsqueryText(q)})`;
  // With a letter wrong (pg_trgm word similarity), from three letters on (closeness means nothing shorter).
  const fuzzy = sql`(s.names %> ${typed} or ${prefix})`;
  const closeness = q.words.length > 0 ? sql`(b.username_key = ${exact})::int * 10 + b.no_typo::int * 2 + word_similarity(${typed}, b.names)` : sql`0`;
  const noTypo = q.words.length > 0 ? prefix : sql`true`;
  const where = sql.join(base, sql` and `);
  const statement = (match: SQL) => sql`
      with cand as (
        select s.user_id, s.names, s.username_key, s.follower_count, ${noTypo} as no_typo from search_users s where ${where} ${match}
        order by s.follower_count desc nulls last limit ${PEOPLE_CANDIDATES}
      ), b as (
        select * from cand
        union
        select s.user_id, s.names, s.username_key, s.follower_count, ${noTypo} as no_typo from search_users s where s.username_key = ${exact} and ${where}
      ), ranked as materialized (
        select b.user_id, ${closeness} as score, b.follower_count, count(*) over () as n from b
        order by score desc, b.follower_count desc, b.user_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
      )
      select r.user_id, r.n::int as n, u.name, u.username, u.bio, u.image_id, u.follower_count
      from ranked r join users u on u.id = r.user_id
      where not u.is_suspended and u.deactivated_at is null
      order by r.score desc, r.follower_count desc, r.user_id`;
  return db.transaction(async (tx) => {
    // The threshold of %> for this query only (SET LOCAL ends with the transaction).
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${NAME_SIMILARITY}`));
    // Matches come from the GIN indexes; walking everyone by followers and testing each name
    // costs more whenever the match is not very common (the planner cannot tell).
    if (q.words.length > 0) await tx.execute(sql.raw('set local enable_indexscan = off; set local enable_seqscan = off'));
    if (q.words.length === 0) return (await tx.execute<UserHitRow & Record<string, unknown>>(statement(sql``))).rows;
    // As Algolia ranks fewer typos first: when the names without a typo fill the candidates,
    // the names with one cannot rank among them, and are not read (a trigram match tests each
    // name it finds).
    const exactRows = (await tx.execute<UserHitRow & Record<string, unknown>>(statement(sql`and ${prefix}`))).rows;
    if (exact.length < 3 || (exactRows[0]?.n ?? 0) >= PEOPLE_CANDIDATES) return exactRows;
    return (await tx.execute<UserHitRow & Record<string, unknown>>(statement(sql`and ${fuzzy}`))).rows;
  });
}
