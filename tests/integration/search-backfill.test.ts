import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchBackfillSweep } from '../../src/modules/search/indexer.js';
import { startSweeper } from '../../src/platform/jobs/sweeper.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory } from '../support/readers.js';

/** Documents missing for any reason are built by the workers' sweep, a batch at a time. */
describe('search backfill sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('indexes stories, people and tags that have no document, then finds nothing to do', async () => {
    const writer = await newReader(t, 'Backfill Writer');
    const ids = [await newStory(t, writer.id, { title: 'Lighthouse keepers' }), await newStory(t, writer.id, { title: 'Salt marshes' }), await newStory(t, writer.id, { title: 'Tidal clocks' })];
    const { db } = t.database;
    // As if the rows were bulk-loaded: no documents.
    await db.execute(sql`delete from search_posts where post_id = any(${`{${ids.join(',')}}`}::text[])`);
    await db.execute(sql`delete from search_users where user_id = ${writer.id}`);
    const count = async (table: 'search_posts' | 'search_users', where: ReturnType<typeof sql>) =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`)).rows[0]!.n;
    expect(await count('search_posts', sql`post_id = any(${`{${ids.join(',')}}`}::text[])`)).toBe(0);

    const sweeper = startSweeper({ sweep: searchBackfillSweep(db), logger: createLogger('silent'), batchSize: 2, startDelayMs: 60_000, intervalMs: 3_600_000 });
    const handled = await sweeper.runNow();
    expect(handled).toBeGreaterThanOrEqual(4); // 3 stories and the writer, two a batch
    expect(await count('search_posts', sql`post_id = any(${`{${ids.join(',')}}`}::text[])`)).toBe(3);
    expect(await count('search_users', sql`user_id = ${writer.id}`)).toBe(1);
    expect(await sweeper.runNow()).toBe(0);
    await sweeper.stop();
  });
});
