/**
 * People search: typo-tolerant and accent-insensitive on names and usernames (pg_trgm word
 * similarity on the unaccented, lower-case `names`), plus words of the bio. The exact username
 * comes first, then closeness of the name, then followers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { FilterAttribute } from './filters.js';
import type { SearchParams } from './params.js';
import { tsqueryText, type QueryWords } from './text.js';
import type { SearchViewer } from './viewer.js';

/** pg_trgm word similarity a name needs to match: 0.4 lets one wrong letter in a short name through ('elanor' ~ 'eleanor' is 0.5). */
export const NAME_SIMILARITY = 0.4;

export const USER_FILTERS: Record<string, FilterAttribute> = {
  userId: { type: 'text', column: sql`s.user_id` },
  followerCount: { type: 'number', column: sql`u.follower_count` },
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
  const conditions: SQL[] = [sql`s.active`, sql`not u.is_suspended`, sql`u.deactivated_at is null`];
  if (!viewer.unfiltered) conditions.push(sql`s.author_ok`);
  if (viewer.mutedIds.length > 0) conditions.push(sql`s.user_id <> all(${textArray(viewer.mutedIds)})`);
  if (filter) conditions.push(filter);
  let closeness: SQL = sql`0`;
  if (q.words.length > 0) {
    const exact = q.words.join('');
    conditions.push(sql`(s.names %> ${typed} or s.username_key = ${exact} or s.document @@ to_tsquery('inkwell_names', ${tsqueryText(q)}))`);
    closeness = sql`(s.username_key = ${exact})::int * 10 + word_similarity(${typed}, s.names)`;
  }
  return db.transaction(async (tx) => {
    // The threshold of %> for this query only (SET LOCAL ends with the transaction).
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${NAME_SIMILARITY}`));
    const { rows } = await tx.execute<UserHitRow & Record<string, unknown>>(sql`
      select s.user_id, count(*) over ()::int as n, u.name, u.username, u.bio, u.image_id, u.follower_count
      from search_users s join users u on u.id = s.user_id
      where ${sql.join(conditions, sql` and `)}
      order by ${closeness} desc, u.follower_count desc, s.user_id
      limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}`);
    return rows;
  });
}
