import type { Db } from '../../platform/db/client.js';
import { CLAP_AS_YOURSELF_MESSAGE, clampedClapsMessage, MAX_CLAPS_PER_STORY, NUM_CLAPS_MESSAGE } from '../../shared/claps.js';
import { VISIBILITY } from './model.js';

/** A list's claps follow a story's rules (claps/README.md), in the words of a list. */
export const CATALOG_CLAP_MESSAGES = {
  numClaps: NUM_CLAPS_MESSAGE,
  notYou: CLAP_AS_YOURSELF_MESSAGE,
  ownList: 'You cannot applaud your own list.',
  signIn: 'Sign in to clap.',
  notFound: 'List not found.',
  clamped: (added: number, asked: number) => clampedClapsMessage('list', added, asked),
} as const;

export type CatalogClapOutcome =
  | { kind: 'clapped'; clapCount: number; viewerClapCount: number; added: number; message: string | null }
  | { kind: 'not-found' }
  | { kind: 'own-list' };

/**
 * One statement and one round trip, as for a story (claps/commands.ts explains the shape):
 * the reader's row is locked first, so the amount added is the true difference even when
 * calls race, and catalogs.clap_count moves by exactly that amount in the same statement.
 * A list is clappable when it is public (a private list is only its owner's, who may not
 * applaud it); a predefined list not used yet has no row and is not found.
 */
const CLAP_CATALOG_SQL = `
with target as (
  select c.id, c.user_id from catalogs c join users u on u.id = c.user_id
  where c.id = $1 and c.visibility = ${VISIBILITY.PUBLIC} and u.deactivated_at is null
),
clappable as (
  select id from target where user_id <> $2
),
old as (
  select k.count from catalog_claps k join clappable t on t.id = k.catalog_id where k.user_id = $2 for update of k
),
ins as (
  insert into catalog_claps (catalog_id, user_id, count)
  select id, $2, least($3::int, ${MAX_CLAPS_PER_STORY}) from clappable where not exists (select 1 from old)
  on conflict (catalog_id, user_id) do nothing
  returning count
),
upd as (
  update catalog_claps k set count = least(old.count + $3::int, ${MAX_CLAPS_PER_STORY}), updated_at = now()
  from old
  where k.catalog_id = $1 and k.user_id = $2 and old.count < ${MAX_CLAPS_PER_STORY}
  returning k.count as count, k.count - old.count as added
),
delta as (
  select coalesce((select count from ins), 0) + coalesce((select added from upd), 0) as added
),
bumped as (
  update catalogs set clap_count = clap_count + delta.added from delta
  where catalogs.id = $1 and delta.added > 0
  returning clap_count
)
select
  exists (select 1 from target) as found,
  exists (select 1 from target where user_id = $2) as is_owner,
  exists (select 1 from old) or exists (select 1 from ins) as settled,
  (select added from delta) as added,
  coalesce((select count from ins), (select count from upd), (select count from old), 0) as viewer_clap_count,
  coalesce((select clap_count from bumped), (select clap_count from catalogs where id = $1)) as clap_count`;

interface ClapRow {
  found: boolean;
  is_owner: boolean;
  settled: boolean;
  added: number;
  viewer_clap_count: number;
  clap_count: number;
}

/** Adds `numClaps` (1..50, validated at the edge) of `userId` to a list, clamped at 50 per reader. */
export async function clapCatalog(db: Db, catalogId: string, userId: string, numClaps: number): Promise<CatalogClapOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.$client.query<ClapRow>({ name: 'clap_catalog', text: CLAP_CATALOG_SQL, values: [catalogId, userId, numClaps] });
    const row = rows[0]!;
    if (!row.found) return { kind: 'not-found' };
    if (row.is_owner) return { kind: 'own-list' };
    // Two first claps of one reader raced: this one inserted nothing and saw no row; run again.
    if (!row.settled) continue;
    return {
      kind: 'clapped',
      clapCount: row.clap_count,
      viewerClapCount: row.viewer_clap_count,
      added: row.added,
      message: row.added < numClaps ? CATALOG_CLAP_MESSAGES.clamped(row.added, numClaps) : null,
    };
  }
  throw new Error(`clapCatalog: no settled clap for list ${catalogId} after 3 attempts`);
}

/** The viewer's claps on each list asked for (0 where none): one query. */
export async function viewerCatalogClaps(db: Db, userId: string, catalogIds: readonly string[]): Promise<number[]> {
  const { rows } = await db.$client.query<{ catalog_id: string; count: number }>({
    name: 'viewer_catalog_claps',
    text: 'select catalog_id, count from catalog_claps where user_id = $1 and catalog_id = any($2)',
    values: [userId, [...catalogIds]],
  });
  const byId = new Map(rows.map((r) => [r.catalog_id, r.count]));
  return catalogIds.map((id) => byId.get(id) ?? 0);
}

/** The readers who clapped a list, the latest first (spec §3 Catalog clappers). */
export async function catalogClapperIds(db: Db, catalogId: string, limit: number): Promise<string[]> {
  const { rows } = await db.$client.query<{ user_id: string }>({
    name: 'catalog_clappers',
    text: 'select k.user_id from catalog_claps k join users u on u.id = k.user_id where k.catalog_id = $1 and u.deactivated_at is null order by k.updated_at desc, k.user_id limit $2',
    values: [catalogId, limit],
  });
  return rows.map((r) => r.user_id);
}
