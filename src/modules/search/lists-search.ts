/**
 * List search: public lists with stories, by the words of their name (weighted above) and
 * description, the last word as a prefix while typed. Candidates are the most followed
 * matching lists (at most LIST_CANDIDATES), ranked by the words' weight, then followers.
 * Visibility, item count and the creator's standing are checked live on every search: a list
 * made private or emptied is never found, even before its document is updated.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { PredefinedKind } from '../catalogs/model.js';
import type { FilterAttribute } from './filters.js';
import { SEARCHABLE_LIST } from './lists-index.js';
import type { SearchParams } from './params.js';
import { tsqueryText, type QueryWords } from './text.js';
import type { SearchViewer } from './viewer.js';

export const LIST_CANDIDATES = 200;

export const LIST_FILTERS: Record<string, FilterAttribute> = {
  catalogId: { type: 'text', column: sql`c.id` },
  creatorId: { type: 'text', column: sql`c.user_id` },
  itemCount: { type: 'number', column: sql`c.items_count` },
  followerCount: { type: 'number', column: sql`c.followers_count` },
};

export interface ListHitRow {
  catalog_id: string;
  n: number;
  name: string;
  description: string;
  predefined: PredefinedKind | null;
  items_count: number;
  followers_count: number;
  updated_at: Date;
  user_id: string;
  user_name: string;
  username: string | null;
  image_id: string | null;
}

const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`;

export async function searchListRows(db: Db, q: QueryWords, p: SearchParams, viewer: SearchViewer, filter: SQL | null): Promise<ListHitRow[]> {
  const conditions: SQL[] = [SEARCHABLE_LIST('c'), sql`u.deactivated_at is null and not u.is_suspended`];
  if (viewer.mutedIds.length > 0) conditions.push(sql`c.user_id <> all(${textArray(viewer.mutedIds)})`);
  if (filter) conditions.push(filter);
  const words = q.words.length > 0 ? sql`to_tsquery('inkwell_search', ${tsqueryText(q)})` : null;
  if (words) conditions.push(sql`s.document @@ ${words}`);
  const rank = words ? sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', s.document, ${words})` : sql`0::real`;
  const { rows } = await db.execute<ListHitRow & Record<string, unknown>>(sql`
    with cand as (
      select s.catalog_id, ${rank} as score, c.followers_count
      from search_lists s join catalogs c on c.id = s.catalog_id join users u on u.id = c.user_id
      where ${sql.join(conditions, sql` and `)}
      order by c.followers_count desc, c.id limit ${LIST_CANDIDATES}
    ), ranked as materialized (
      select cand.*, count(*) over () as n from cand
      order by score desc, followers_count desc, catalog_id limit ${p.hitsPerPage} offset ${p.page * p.hitsPerPage}
    )
    select c.id as catalog_id, r.n::int as n, c.name, c.description, c.predefined, c.items_count, c.followers_count, c.updated_at,
      u.id as user_id, u.name as user_name, u.username, u.image_id
    from ranked r join catalogs c on c.id = r.catalog_id join users u on u.id = c.user_id
    order by r.score desc, r.followers_count desc, r.catalog_id`);
  return rows;
}
