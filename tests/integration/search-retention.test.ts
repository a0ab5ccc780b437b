import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.js';
import { pruneSearchAnalyticsBatch, SEARCH_ANALYTICS_RETENTION_MS } from '../../src/modules/search/retention.js';
import { createTestApp, type TestApp } from '../support/app.js';

/** Search analytics are kept 90 days, then the workers' sweep deletes them. */
describe('search: analytics retention', () => {
  let t: TestApp;
  const count = async (table: string) => Number((await t.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

  beforeAll(async () => {
    t = await createTestApp();
  });

  it('deletes query records and clicks older than 90 days, in batches, and keeps the rest', async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const old = new Date(now.getTime() - SEARCH_ANALYTICS_RETENTION_MS - 60_000);
    const recent = new Date(now.getTime() - SEARCH_ANALYTICS_RETENTION_MS + 60_000);
    for (const [i, at] of [old, old, old, recent].entries()) {
      await t.database.pool.query(`insert into search_queries (query_id, index_name, query, nb_hits, created_at) values ($1, 'posts', 'tides', 3, $2)`, [`q${i}`.padEnd(32, '0'), at]);
      await t.database.pool.query(
        `insert into search_clicks (id, query_id, index_name, event_name, object_ids, positions, created_at) values ($1, $2, 'posts', 'Result clicked', '{a1b2c3d4e5f6}', '{1}', $3)`,
        [`c${i}`, `q${i}`.padEnd(32, '0'), at],
      );
    }
    const clock = manualClock(now);
    expect(await pruneSearchAnalyticsBatch(t.database.db, clock, 2)).toBe(2);
    expect(await pruneSearchAnalyticsBatch(t.database.db, clock, 2)).toBe(1);
    expect(await pruneSearchAnalyticsBatch(t.database.db, clock, 2)).toBe(0);
    expect(await count('search_queries')).toBe(1);
    expect(await count('search_clicks')).toBe(1);
    expect((await t.database.pool.query('select query_id from search_queries')).rows[0].query_id.startsWith('q3')).toBe(true);
  });
});
