import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { muteUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const DAY = 86_400_000;
const body = [{ name: 'a1', type: 'P' as const, text: 'Words about the topic.', markups: [] }];

const TAG = `query($slug: String!, $paging: PagingOptions, $period: String!) { tagResult(tagSlug: $slug) { __typename
  ... on NotFound { message }
  ... on Tag { normalizedTagSlug displayTitle postCount followerCount
    latestPosts(paging: $paging) { items { id title creator { id } } pagingInfo { next { limit to } } }
    recommendedPosts(paging: { limit: 5 }) { items { id title } pagingInfo { next { limit to } } }
    topPosts(timePeriod: $period) { items { id title } }
    whoToFollow { items { clapCount postCount user { id name } } }
    relatedTags { normalizedTagSlug displayTitle postCount } } } }`;

const ARCHIVE = `query($slug: String!, $year: Int, $month: Int, $day: Int, $paging: PagingOptions) { tagResult(tagSlug: $slug) { __typename
  ... on Tag { archive(year: $year, month: $month, day: $day) { year month day years { year postCount } months { month postCount } days { day postCount }
    posts(paging: $paging) { items { id title } pagingInfo { next { to } } } } } } }`;

/** Tag lists: what they hold, their order and paging, counts, and who is left out. */
describe('tag pages data', () => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let cat: string;
  let reader: Reader;
  const ids: Record<string, string> = {};
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ann = await createUser(db, { name: 'Ann Tide', username: 'ann', email: 'ann@example.com' });
    bob = await createUser(db, { name: 'Bob Reef', username: 'bob', email: 'bob@example.com' });
    cat = await createUser(db, { name: 'Cat Gone', username: 'cat', email: 'cat@example.com' });
    const publish = async (key: string, creatorId: string, daysAgo: number, tags: string[], claps = 0, at?: Date) => {
      ids[key] = await insertPublishedPost(db, { creatorId, title: key, subtitle: '', paragraphs: body, tags, publishedAt: at ?? new Date(now - daysAgo * DAY) });
      if (claps) await t.database.pool.query('update posts set clap_count = $1 where id = $2', [claps, ids[key]]);
    };
    await publish('ann-new', ann, 1, ['Oceans', 'Science'], 5);
    await publish('ann-old', ann, 40, ['Oceans'], 400);
    await publish('bob-mid', bob, 3, ['Oceans', 'Travel'], 50);
    await publish('bob-2024', bob, 0, ['Oceans'], 0, new Date(Date.UTC(2024, 1, 29, 12)));
    await publish('bob-2024b', bob, 0, ['Oceans'], 0, new Date(Date.UTC(2024, 1, 3, 12)));
    await publish('cat-one', cat, 2, ['Oceans'], 1000);
    await publish('unlisted', ann, 1, ['Oceans']);
    await publish('trashed', ann, 1, ['Oceans']);
    await publish('response', bob, 1, ['Oceans']);
    await publish('other-tag', ann, 1, ['Science']);
    await t.database.pool.query(`update posts set visibility = 'UNLISTED' where id = $1`, [ids.unlisted]);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [ids.trashed]);
    await t.database.pool.query('update posts set in_response_to_post_id = $1, response_depth = 1 where id = $2', [ids['ann-new'], ids.response]);
    // A deactivated writer's stories leave lists with them.
    await t.database.pool.query('update users set deactivated_at = now() where id = $1', [cat]);
    reader = await newReader(t);
  });

  const titles = (items: { title: string }[]) => items.map((i) => i.title);

  it('lists the listed stories of a tag newest first, pages by cursor without gaps or repeats, and counts them', async () => {
    const first = await reader.browser.gql(TAG, { slug: 'oceans', paging: { limit: 2 }, period: 'month' });
    expect(first.errors).toBeUndefined();
    const tag = first.data.tagResult;
    expect(tag).toMatchObject({ __typename: 'Tag', normalizedTagSlug: 'oceans', displayTitle: 'Oceans' });
    expect(titles(tag.latestPosts.items)).toEqual(['ann-new', 'bob-mid']);
    const seen = [...titles(tag.latestPosts.items)];
    let next = tag.latestPosts.pagingInfo.next;
    while (next) {
      const page = (await reader.browser.gql(TAG, { slug: 'oceans', paging: { limit: 2, to: next.to }, period: 'month' })).data.tagResult.latestPosts;
      seen.push(...titles(page.items));
      next = page.pagingInfo.next;
    }
    expect(seen).toEqual(['ann-new', 'bob-mid', 'ann-old', 'bob-2024', 'bob-2024b']);
  });

  it('ranks recommended by claps and responses decayed by age, top of a period by claps, who to follow by claps', async () => {
    const tag = (await reader.browser.gql(TAG, { slug: 'oceans', period: 'week' })).data.tagResult;
    // 400 claps 40 days ago weigh less than 50 three days ago; stories past the window are out.
    expect(titles(tag.recommendedPosts.items)).toEqual(['bob-mid', 'ann-new', 'ann-old']);
    expect(titles(tag.topPosts.items)).toEqual(['bob-mid', 'ann-new']);
    expect(tag.whoToFollow.items.map((w: { user: { name: string }; clapCount: number }) => [w.user.name, w.clapCount])).toEqual([
      ['Ann Tide', 405],
      ['Bob Reef', 50],
    ]);
    expect(tag.relatedTags.map((r: { normalizedTagSlug: string }) => r.normalizedTagSlug).sort()).toEqual(['science', 'travel']);
  });

  it('leaves out the writers a reader muted, everywhere on the tag page, and the reader from who to follow', async () => {
    await muteUser(t.database.db, reader.id, bob);
    const tag = (await reader.browser.gql(TAG, { slug: 'oceans', period: 'year' })).data.tagResult;
    expect(titles(tag.latestPosts.items)).toEqual(['ann-new', 'ann-old']);
    expect(titles(tag.recommendedPosts.items)).not.toContain('bob-mid');
    expect(titles(tag.topPosts.items)).toEqual(['ann-old', 'ann-new']);
    expect(tag.whoToFollow.items.map((w: { user: { name: string } }) => w.user.name)).toEqual(['Ann Tide']);
    const archive = (await reader.browser.gql(ARCHIVE, { slug: 'oceans' })).data.tagResult.archive;
    expect(archive.years.some((y: { year: number }) => y.year === 2024)).toBe(false);
    // Another reader still sees Bob.
    const other = (await testBrowser(t.app).gql(TAG, { slug: 'oceans', period: 'year' })).data.tagResult;
    expect(titles(other.latestPosts.items)).toContain('bob-mid');
    const annBrowser = testBrowser(t.app);
    annBrowser.jar.set('sid', (await createSession(t.database.db, ann, { userAgent: 'test', ip: '203.0.113.9' })).token);
    const own = (await annBrowser.gql(TAG, { slug: 'oceans', period: 'year' })).data.tagResult;
    expect(own.whoToFollow.items.map((w: { user: { name: string } }) => w.user.name)).toEqual(['Bob Reef']);
  });

  it('counts the archive per year, month and day and lists a period’s stories', async () => {
    const anon = testBrowser(t.app);
    const all = (await anon.gql(ARCHIVE, { slug: 'oceans' })).data.tagResult.archive;
    const thisYear = new Date().getUTCFullYear();
    expect(all.years).toContainEqual({ year: 2024, postCount: 2 });
    expect(all.months).toEqual([]);
    expect(all.years.at(-1).year).toBeLessThanOrEqual(thisYear);
    const feb = (await anon.gql(ARCHIVE, { slug: 'oceans', year: 2024, month: 2 })).data.tagResult.archive;
    expect(feb.months).toEqual([{ month: 2, postCount: 2 }]);
    expect(feb.days).toEqual([
      { day: 3, postCount: 1 },
      { day: 29, postCount: 1 },
    ]);
    expect(titles(feb.posts.items)).toEqual(['bob-2024', 'bob-2024b']);
    const day = (await anon.gql(ARCHIVE, { slug: 'oceans', year: 2024, month: 2, day: 29 })).data.tagResult.archive;
    expect(titles(day.posts.items)).toEqual(['bob-2024']);
    // Dates that do not exist have no archive (the page answers 404).
    for (const bad of [{ year: 2023, month: 2, day: 29 }, { year: 2024, month: 13 }, { year: 1900 }]) {
      expect((await anon.gql(ARCHIVE, { slug: 'oceans', ...bad })).data.tagResult.archive).toBeNull();
    }
  });

  it('shares archive counts for a minute among readers who muted no one', async () => {
    const { sharedArchiveCounts, ARCHIVE_COUNTS_TTL_MS } = await import('../../src/modules/topics/archive-cache.js');
    const db = t.database.db;
    const at = Date.now();
    const first = await sharedArchiveCounts(db, 'science', { exclude: [] }, at);
    await insertPublishedPost(db, { creatorId: bob, title: 'science-2023', subtitle: '', paragraphs: body, tags: ['Science'], publishedAt: new Date(Date.UTC(2023, 5, 1)) });
    expect(await sharedArchiveCounts(db, 'science', { exclude: [] }, at + 1000)).toEqual(first);
    // A reader with muted writers counts exactly, and the minute's end brings the new story in.
    expect((await sharedArchiveCounts(db, 'science', { exclude: [cat] }, at + 1000)).years).toContainEqual({ value: 2023, postCount: 1 });
    expect((await sharedArchiveCounts(db, 'science', { exclude: [] }, at + ARCHIVE_COUNTS_TTL_MS + 1)).years).toContainEqual({ value: 2023, postCount: 1 });
  });

  it('answers NotFound for a tag no story named, normalizes the slug, and refuses an unknown period', async () => {
    const anon = testBrowser(t.app);
    expect((await anon.gql(TAG, { slug: 'no-such-tag', period: 'day' })).data.tagResult).toEqual({ __typename: 'NotFound', message: 'Tag not found.' });
    expect((await anon.gql(`{ tagResult(tagSlug: "OCEANS ") { __typename ... on Tag { normalizedTagSlug } } }`)).data.tagResult.normalizedTagSlug).toBe('oceans');
    const bad = await anon.gql(`{ tagResult(tagSlug: "oceans") { ... on Tag { topPosts(timePeriod: "decade") { items { id } } } } }`);
    expect(bad.errors?.[0]?.message).toBe('The time period must be day, week, month or year.');
  });

  it('lists popular topics with stories and suggests tags by prefix only when they have stories', async () => {
    await t.database.pool.query(`insert into tags (slug, display_title, post_count, follower_count) values ('empty-topic', 'Empty topic', 0, 99)`);
    const anon = testBrowser(t.app);
    const popular = (await anon.gql(`{ popularTags(paging: { limit: 2 }) { items { normalizedTagSlug postCount } pagingInfo { next { to } } } }`)).data.popularTags;
    expect(popular.items.map((i: { normalizedTagSlug: string }) => i.normalizedTagSlug)).toEqual(['oceans', 'science']);
    expect(popular.pagingInfo.next.to).toBe('2');
    const rest = (await anon.gql(`{ popularTags(paging: { limit: 2, to: "2" }) { items { normalizedTagSlug } pagingInfo { next { to } } } }`)).data.popularTags;
    expect(rest.items.map((i: { normalizedTagSlug: string }) => i.normalizedTagSlug)).toEqual(['travel']);
    expect(rest.pagingInfo.next).toBeNull();
    const sugg = async (q: string) => (await anon.gql(`query($q: String!) { tagSuggestions(query: $q) { normalizedTagSlug } }`, { q })).data.tagSuggestions.map((s: { normalizedTagSlug: string }) => s.normalizedTagSlug);
    expect(await sugg('oc')).toEqual(['oceans']);
    expect(await sugg('emp')).toEqual([]);
    expect(await sugg('%')).toEqual([]);
  });
});
