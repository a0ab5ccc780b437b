import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/platform/clock.js';
import { pruneStoryViewVisitorsBatch } from '../../src/modules/stats/retention.js';
import { recordStoryView } from '../../src/modules/stats/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory } from '../support/readers.js';

/** The per-visitor keys of story views are needed only on their day; the workers' sweep deletes older ones. */
describe('stats: story_view_visitors retention', () => {
  let t: TestApp;
  const days = async (postId: string) =>
    (await t.database.pool.query(`select to_char(day, 'YYYY-MM-DD') as day from story_view_visitors where post_id = $1 order by day, visitor`, [postId])).rows.map((r) => r.day as string);
  const views = async (postId: string) => Number((await t.database.pool.query('select coalesce(sum(views), 0) as n from story_view_days where post_id = $1', [postId])).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp();
  });

  it('deletes keys older than yesterday in batches, keeps yesterday and today, and leaves the day counts alone', async () => {
    const writer = await newReader(t, 'Writer');
    const story = await newStory(t, writer.id);
    await t.database.pool.query('update posts set first_published_at = $1 where id = $2', [new Date('2026-01-01T00:00:00Z'), story]);
    const view = (at: string, visitorId: string) => recordStoryView(t.database.db, { postId: story, viewerId: null, visitorId }, new Date(at));
    expect(await view('2026-03-07T10:00:00Z', 'lo_0000000000000001')).toBe('counted');
    expect(await view('2026-03-08T10:00:00Z', 'lo_0000000000000001')).toBe('counted');
    expect(await view('2026-03-08T11:00:00Z', 'lo_0000000000000002')).toBe('counted');
    expect(await view('2026-03-09T23:59:00Z', 'lo_0000000000000001')).toBe('counted');
    expect(await view('2026-03-10T00:01:00Z', 'lo_0000000000000001')).toBe('counted');

    const clock = manualClock(new Date('2026-03-10T00:30:00Z')); // yesterday is 2026-03-09
    expect(await pruneStoryViewVisitorsBatch(t.database.db, clock, 2)).toBe(2);
    expect(await pruneStoryViewVisitorsBatch(t.database.db, clock, 2)).toBe(1);
    expect(await pruneStoryViewVisitorsBatch(t.database.db, clock, 2)).toBe(0);
    expect(await days(story)).toEqual(['2026-03-09', '2026-03-10']);
    expect(await views(story)).toBe(5);
    // Today's key still keeps a second view today from counting.
    expect(await view('2026-03-10T00:40:00Z', 'lo_0000000000000001')).toBe('already-counted');
  });
});
