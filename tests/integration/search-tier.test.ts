import { beforeAll, describe, expect, it } from 'vitest';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { reindexPost } from '../../src/modules/search/indexer.js';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { parseSearchParams } from '../../src/modules/search/params.js';
import { CANDIDATES, postSearchSql } from '../../src/modules/search/posts-search.js';
import { queryWords } from '../../src/modules/search/text.js';
import { currentTier, refreshSearchTier, type SearchTier } from '../../src/modules/search/tier.js';
import { ANONYMOUS_SEARCHER } from '../../src/modules/search/viewer.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { multiQuery, person } from './search-fixtures.js';

/**
 * The top tier of story search (src/modules/search/tier.ts) changes speed, never results: the
 * same pages with and without it, whether the tier holds enough matches or not.
 */
describe('search: the top tier', () => {
  let t: TestApp;

  /** Every page of a query's story hits, as ids. */
  const allPages = async (query: string): Promise<string[][]> => {
    const pages: string[][] = [];
    for (let page = 0; page < 30; page++) {
      const { status, body } = await multiQuery(t, null, [{ indexName: 'posts', params: `query=${encodeURIComponent(query)}&hitsPerPage=20&page=${page}` }]);
      expect(status).toBe(200);
      const ids = body.results[0].hits.map((h: { objectID: string }) => h.objectID);
      if (ids.length === 0) break;
      pages.push(ids);
    }
    return pages;
  };
  /** Reads the tier in use now, as a process does once a minute (each call a minute later than the last). */
  let minutes = 0;
  const reloadTier = () => currentTier(t.database.db, Date.now() + 120_000 * ++minutes);
  const indexExists = async (indexName: string) => (await t.database.pool.query('select 1 from pg_indexes where indexname = $1', [indexName])).rowCount === 1;
  /**
   * The indexes of search_posts the tier's statement for `query` reads when the tier's is the
   * only one left (every other dropped in a transaction rolled back) and sequential scans are
   * off: whether the tier's condition, as the statement writes it, lets the planner prove the
   * partial index's predicate (if not, it can only scan the table). On 300 rows the planner
   * would rather read other indexes; on a million it reads the tier (bench/search.mjs plans).
   */
  const tierPlan = async (query: string, tier: SearchTier) => {
    const statement = postSearchSql(queryWords(query), parseSearchParams({ query }), ANONYMOUS_SEARCHER, null, false, 'bitmap', { tier });
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      const others = await client.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'search_posts' and indexname <> $1`, [tier.indexName]);
      for (const { indexname } of others.rows) {
        if (indexname === 'search_posts_pkey') await client.query('alter table search_posts drop constraint search_posts_pkey');
        else await client.query(`drop index "${indexname}"`);
      }
      await client.query('set local enable_seqscan = off');
      const query = new PgDialect().sqlToQuery(sql`explain ${statement}`);
      const plan = (await client.query(query.sql, query.params)).rows.map((r) => String(Object.values(r)[0])).join('\n');
      return [...plan.matchAll(/Index Scan on (\S+)/g)].map((m) => m[1]).filter((name) => name!.startsWith('search_posts_'));
    } finally {
      await client.query('rollback');
      client.release();
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const writers = [await person(t, 'Harbour Writer', 'harbourwriter'), await person(t, 'Coast Writer', 'coastwriter')];
    // 300 stories on lighthouse keepers (more than CANDIDATES), of rising engagement and date;
    // the 80 least engaged also mention fog. Each is indexed as it is published (no ANALYZE: the
    // words stay "rare" to the planner's statistics, so these searches take the bitmap path).
    for (let i = 0; i < 300; i++) {
      const id = await insertPublishedPost(db, {
        creatorId: writers[i % 2]!,
        title: `Keeper's log ${i}`,
        subtitle: '',
        paragraphs: [{ name: 'p0', type: 'P', text: `A lighthouse keeper writes about the lamp${i < 80 ? ' in the fog' : ''}.`, markups: [] }],
        tags: [],
        publishedAt: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000),
      });
      await t.database.pool.query('update posts set clap_count = $2 where id = $1', [id, 1 + ((i * 37) % 200)]);
      await reindexPost(db, id);
    }
  });

  it('answers the same pages once the tier is built, from the tier when it holds enough matches', async () => {
    const keepers = await allPages('lighthouse keep');
    const fog = await allPages('fog lamp');
    expect(keepers.flat()).toHaveLength(CANDIDATES);
    expect(fog.flat()).toHaveLength(80);

    expect(await refreshSearchTier(t.database.db, { size: 250, minStories: 0 })).toBe(true);
    const tier = await reloadTier();
    expect(tier).not.toBeNull();
    expect(await tierPlan('lighthouse keep', tier!)).toEqual([tier!.indexName]);

    // 250 of the 300 are in the tier: enough for the whole candidate set.
    expect(await allPages('lighthouse keep')).toEqual(keepers);
    // The fog stories are the least engaged: the tier holds few of them, the whole index answers.
    expect(await allPages('fog lamp')).toEqual(fog);
  });

  it('rebuilds the tier only when it is far from its size, and drops it when the site is small', async () => {
    await refreshSearchTier(t.database.db, { size: 250, minStories: 0 });
    const first = (await reloadTier())!;
    expect(await refreshSearchTier(t.database.db, { size: 250, minStories: 0 })).toBe(false);
    expect(await refreshSearchTier(t.database.db, { size: 100, minStories: 0 })).toBe(true);
    const second = (await reloadTier())!;
    expect(second.indexName).not.toBe(first.indexName);
    expect(second.threshold).toBeGreaterThan(first.threshold);
    expect(await indexExists(first.indexName)).toBe(false);
    expect(await indexExists(second.indexName)).toBe(true);

    // An index a crashed build left behind goes at the next check.
    await t.database.pool.query('create index search_posts_tier_stray on search_posts using gin (document) where quality >= 1');
    expect(await refreshSearchTier(t.database.db, { size: 100, minStories: 0 })).toBe(false);
    expect(await indexExists('search_posts_tier_stray')).toBe(false);
    expect(await indexExists(second.indexName)).toBe(true);

    expect(await refreshSearchTier(t.database.db, { size: 200 })).toBe(false);
    expect(await reloadTier()).toBeNull();
    expect(await indexExists(second.indexName)).toBe(false);
  });
});
