import { beforeAll, describe, expect, it } from 'vitest';
import { dayFromSlug, slugOfDay } from '../../src/modules/feeds/day-slug.js';
import { STAFF_ONLY_MESSAGE } from '../../src/modules/feeds/staff-picks.js';
import { followTag, followUser, muteUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { sql, story } from './feeds-fixtures.js';

const CLAP = 'mutation($postId: ID!, $userId: ID!, $n: Int!) { clap(targetPostId: $postId, userId: $userId, numClaps: $n) { __typename } }';
const PICKS = '{ staffPicksFeed(paging: { limit: 10 }) { items { id isStaffPick } } }';
const TOP = 'query($slug: String) { topStories(monthDayYearSlug: $slug) { day monthDayYearSlug previousDaySlug nextDaySlug posts { id } } }';

/** Staff picks (staff only), top stories of a day, and the sidebar lists: never a muted writer. */
describe('staff picks, top stories and the home sidebar', () => {
  let t: TestApp;
  let staff: Reader;
  let reader: Reader;
  let ann: Reader;
  let bob: Reader;
  let clappers: Reader[];
  const s: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    [staff, reader, ann, bob] = await Promise.all([newReader(t, 'Staff', { isStaff: true }), newReader(t, 'Reader'), newReader(t, 'Ann'), newReader(t, 'Bob')]);
    clappers = await Promise.all([1, 2, 3].map(() => newReader(t, 'Clapper')));
    s.ann1 = await story(t, ann.id, 'Ann one', new Date(Date.now() - 3_600_000), ['boats']);
    s.ann2 = await story(t, ann.id, 'Ann two', new Date(Date.now() - 7_200_000), ['cars']);
    s.bob1 = await story(t, bob.id, 'Bob one', new Date(Date.now() - 3_600_000), ['boats']);
    s.draftish = await story(t, bob.id, 'Unlisted', new Date(Date.now() - 3_600_000));
    await sql(t, `update posts set visibility = 'UNLISTED' where id = $1`, [s.draftish]);
    await muteUser(t.database.db, reader.id, bob.id);
  });

  it('only staff add and remove staff picks; the newest pick goes first; readers never see muted writers there', async () => {
    const refused = await reader.browser.gql('mutation($id: ID!) { addStaffPick(postId: $id) { id } }', { id: s.ann1 });
    expect(refused.errors?.[0]?.message).toBe(STAFF_ONLY_MESSAGE);
    const anon = await testBrowser(t.app).gql('mutation($id: ID!) { removeStaffPick(postId: $id) { id } }', { id: s.ann1 });
    expect(anon.errors?.[0]?.message).toBe(STAFF_ONLY_MESSAGE);
    expect((await sql(t, 'select count(*)::int as n from staff_picks')).rows[0].n).toBe(0);

    for (const id of [s.ann2, s.bob1, s.ann1, s.ann1]) {
      const res = await staff.browser.gql('mutation($id: ID!) { addStaffPick(postId: $id) { id isStaffPick } }', { id });
      expect(res.data.addStaffPick).toEqual({ id, isStaffPick: true });
    }
    const unlisted = await staff.browser.gql('mutation($id: ID!) { addStaffPick(postId: $id) { id } }', { id: s.draftish });
    expect(unlisted.errors?.[0]?.message).toBe('Only a published public story can be a staff pick.');
    expect((await staff.browser.gql(PICKS)).data.staffPicksFeed.items.map((p: { id: string }) => p.id)).toEqual([s.ann1, s.bob1, s.ann2]);
    expect((await reader.browser.gql(PICKS)).data.staffPicksFeed.items.map((p: { id: string }) => p.id)).toEqual([s.ann1, s.ann2]);

    const removed = await staff.browser.gql('mutation($id: ID!) { removeStaffPick(postId: $id) { id isStaffPick } }', { id: s.ann1 });
    expect(removed.data.removeStaffPick).toEqual({ id: s.ann1, isStaffPick: false });
    expect((await staff.browser.gql(PICKS)).data.staffPicksFeed.items.map((p: { id: string }) => p.id)).toEqual([s.bob1, s.ann2]);
  });

  it('top stories of a day rank by the claps received that day, with previous and next day links', async () => {
    for (const c of clappers) {
      await c.browser.gql(CLAP, { postId: s.ann2, userId: c.id, n: 10 });
      await c.browser.gql(CLAP, { postId: s.bob1, userId: c.id, n: 3 });
    }
    await clappers[0]!.browser.gql(CLAP, { postId: s.ann1, userId: clappers[0]!.id, n: 5 });
    await clappers[0]!.browser.gql(CLAP, { postId: s.ann1, userId: clappers[0]!.id, n: 2 });
    // Claps of an earlier day count on that day only.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await sql(t, `insert into daily_post_claps (day, post_id, claps) values ($1, $2, 999)`, [yesterday, s.ann1]);

    const today = new Date().toISOString().slice(0, 10);
    const day = (await staff.browser.gql(TOP, { slug: slugOfDay(today) })).data.topStories;
    expect(day.posts.map((p: { id: string }) => p.id)).toEqual([s.ann2, s.bob1, s.ann1]);
    expect(day).toMatchObject({ day: today, monthDayYearSlug: slugOfDay(today), previousDaySlug: slugOfDay(yesterday), nextDaySlug: null });
    const { rows } = await sql(t, 'select claps from daily_post_claps where post_id = $1 and day = $2', [s.ann1, today]);
    expect(rows[0].claps).toBe(7);
    // The reader muted Bob.
    expect((await reader.browser.gql(TOP, { slug: slugOfDay(today) })).data.topStories.posts.map((p: { id: string }) => p.id)).toEqual([s.ann2, s.ann1]);
    const before = (await staff.browser.gql(TOP, { slug: slugOfDay(yesterday) })).data.topStories;
    expect(before.posts.map((p: { id: string }) => p.id)).toEqual([s.ann1]);
    expect(before.nextDaySlug).toBe(slugOfDay(today));
    // Without a day: the latest day with claps.
    expect((await staff.browser.gql(TOP, {})).data.topStories.day).toBe(today);
    expect((await staff.browser.gql(TOP, { slug: 'february-30-2024' })).data.topStories).toBeNull();
    expect((await staff.browser.gql(TOP, { slug: 'june-1-2999' })).data.topStories).toBeNull();
    expect(dayFromSlug('june-1-2024')).toBe('2024-06-01');
  });

  it('the sidebar recommends topics not followed and writers neither followed nor muted; reading history skips muted writers', async () => {
    await followTag(t.database.db, reader.id, 'boats');
    const side = await reader.browser.gql('{ recommendedTopics(limit: 5) { normalizedTagSlug } whoToFollow(limit: 5) { id } }');
    expect(side.data.recommendedTopics.map((x: { normalizedTagSlug: string }) => x.normalizedTagSlug)).toEqual(['cars']);
    expect(side.data.whoToFollow.map((u: { id: string }) => u.id)).toEqual([ann.id]);
    await followUser(t.database.db, reader.id, ann.id);
    expect((await reader.browser.gql('{ whoToFollow { id } }')).data.whoToFollow).toEqual([]);
    await sql(t, `insert into post_reads (user_id, post_id, last_read_at) values ($1, $2, now()), ($1, $3, now() - interval '1 hour')`, [reader.id, s.bob1, s.ann2]);
    expect((await reader.browser.gql('{ recentlyReadPosts { id } }')).data.recentlyReadPosts).toEqual([{ id: s.ann2 }]);
  });
});
