/**
 * The top tier of story search: a second GIN index over the best stories by `quality` only
 * (a partial index, `where quality >= threshold`), about SEARCH_TIER_SIZE of them. A query
 * that is not common enough for the walk (posts-search.ts) looks there first: its posting
 * lists are a tenth as long, and its matches are read from the heap a tenth as often. When
 * the tier holds at least CANDIDATES matches, they are exactly the best CANDIDATES matches of
 * the whole index (every story outside it has a lower quality); otherwise the whole index is
 * read. So the tier changes speed, never results, whatever its threshold.
 *
 * New stories rank high (quality grows with the publication date), so the tier grows as the
 * site does; the worker's sweep (searchTierSweep) builds a new index at a new threshold when
 * it has grown past 1.5 times its size (or shrunk below half), swaps it in and drops the old.
 * Sites with fewer than twice SEARCH_TIER_SIZE stories have none (the whole index is small).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { cachedPerDb } from '../../platform/db/per-db-cache.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';

export const SEARCH_TIER_SIZE = 100_000;

export interface SearchTier {
  /** The partial index's predicate constant: `quality >= threshold`. */
  threshold: number;
  indexName: string;
}

/** The tier in use, read once a minute per process (a stale one is still correct, only slower). */
export const currentTier = cachedPerDb<SearchTier | null>(60_000, async (db) => {
  const { rows } = await db.execute<{ threshold: number; index_name: string }>(sql`select threshold, index_name from search_tier where id = 1`);
  const row = rows[0];
  return row ? { threshold: row.threshold, indexName: row.index_name } : null;
});

/**
 * The tier's condition for a query: a literal, not a parameter, so the planner can prove it
 * implies the index's predicate (it cannot for a parameter of a generic plan). Written with
 * the shortest text that reads back as the same double, as the index was created with.
 */
export const tierCondition = (tier: SearchTier) => sql.raw(`s.quality >= ${formatThreshold(tier.threshold)}`);

const formatThreshold = (threshold: number): string => {
  if (!Number.isFinite(threshold)) throw new Error(`search tier threshold is not a number: ${threshold}`);
  return String(threshold);
};

export interface TierCheck {
  size: number;
  /** Stories above which there is no tier. */
  minStories?: number;
}

/**
 * Rebuilds the tier when it is missing or far from its size, under an advisory lock so one
 * process builds at a time; returns whether it built one. CREATE INDEX CONCURRENTLY takes no
 * lock that stops searches or writes.
 */
export async function refreshSearchTier(db: Db, opts: TierCheck = { size: SEARCH_TIER_SIZE }): Promise<boolean> {
  const size = opts.size;
  const minStories = opts.minStories ?? size * 2;
  const client = await db.$client.connect();
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext('search_tier')) as ok`);
    if (!locked[0]?.ok) return false;
    try {
      const { rows: tierRows } = await client.query<{ threshold: number; index_name: string }>(`select threshold, index_name from search_tier where id = 1`);
      const tier = tierRows[0] ?? null;
      // A build a crash cut short leaves its index behind (invalid, but still written to): drop it.
      const { rows: strays } = await client.query<{ name: string }>(
        `select indexname as name from pg_indexes where tablename = 'search_posts' and indexname like 'search\\_posts\\_tier\\_%' and indexname <> $1`,
        [tier?.index_name ?? ''],
      );
      for (const { name } of strays) await client.query(`drop index concurrently if exists "${name}"`);
      const { rows: counts } = await client.query<{ total: number; above: number | null; cut: number | null }>(
        `select (select count(*)::int from search_posts) as total,
                (select count(*)::int from search_posts where quality >= $1) as above,
                (select quality from search_posts order by quality desc nulls last offset $2 limit 1) as cut`,
        [tier?.threshold ?? 0, size],
      );
      const { total, above, cut } = counts[0]!;
      if (total < minStories || cut === null) {
        if (tier) await dropTier(client, tier.index_name);
        return false;
      }
      if (tier && above !== null && above <= size * 1.5 && above >= size / 2) return false;
      const indexName = `search_posts_tier_${Date.now().toString(36)}`;
      try {
        await client.query(`create index concurrently "${indexName}" on search_posts using gin (document) where quality >= ${formatThreshold(cut)}`);
      } catch (err) {
        // A failed concurrent build leaves an invalid index behind.
        await client.query(`drop index concurrently if exists "${indexName}"`);
        throw err;
      }
      await client.query(
        `insert into search_tier (id, threshold, index_name, built_at) values (1, $1, $2, now())
         on conflict (id) do update set threshold = excluded.threshold, index_name = excluded.index_name, built_at = excluded.built_at`,
        [cut, indexName],
      );
      if (tier) await client.query(`drop index concurrently if exists "${tier.index_name}"`);
      return true;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('search_tier'))`);
    }
  } finally {
    client.release();
  }
}

async function dropTier(client: { query(text: string): Promise<unknown> }, indexName: string): Promise<void> {
  await client.query(`delete from search_tier where id = 1`);
  await client.query(`drop index concurrently if exists "${indexName}"`);
}

/** The worker's sweep: checks the tier on each pass (hourly), rebuilding it when due. */
export function searchTierSweep(db: Db, opts?: TierCheck): Sweep {
  return {
    name: 'search-tier',
    async runBatch() {
      await refreshSearchTier(db, opts);
      // One check a pass, whatever it did.
      return 0;
    },
  };
}
