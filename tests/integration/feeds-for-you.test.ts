import { beforeAll, describe, expect, it } from 'vitest';
import { FOR_YOU } from '../../src/modules/feeds/feed-for-you.js';
import { followTag, followUser, muteUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { allPages, sql, story } from './feeds-fixtures.js';

const HOUR = 3_600_000;

/** For you: followed writers, followed topics and the site's popular stories, ranked, each with its reason. */
describe('For you feed', () => {
  let t: TestApp;
  let reader: Reader;
  let newcomer: Reader;
  let ann: Reader;
  let bob: Reader;
  let muted: Reader;
  const s: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    [reader, newcomer, ann, bob, muted] = await Promise.all(['Reader', 'Newcomer', 'Ann', 'Bob', 'Muted'].map((n) => newReader(t, n)));
    const ago = (h: number) => new Date(Date.now() - h * HOUR);
    s.annFresh = await story(t, ann.id, 'Ann fresh', ago(2));
    s.annOld = await story(t, ann.id, 'Ann old', ago(24 * 20));
    s.topicHot = await story(t, bob.id, 'Hot in boats', ago(5), ['boats']);
    s.topicCold = await story(t, bob.id, 'Cold in boats', ago(6), ['boats']);
    s.popular = await story(t, bob.id, 'Site hit', ago(3), ['cars']);
    s.muted = await story(t, muted.id, 'Muted boats', ago(1), ['boats']);
    s.own = await story(t, reader.id, 'My boats', ago(1), ['boats']);
    for (let i = 0; i < 9; i++) await story(t, bob.id, `Filler ${i}`, ago(30 + i), ['misc']);
    await sql(t, 'update posts set clap_count = 400, responses_count = 9 where id = $1', [s.topicHot]);
    await sql(t, 'update posts set clap_count = 900 where id = $1', [s.popular]);
    await sql(t, 'update posts set clap_count = 5000 where id = $1', [s.muted]);
    await followUser(db, reader.id, ann.id);
    await followTag(db, reader.id, 'boats');
    await followTag(db, reader.id, 'misc');
    await muteUser(db, reader.id, muted.id);
  });

  it('gives each story once with the reason that ranked it, best first', async () => {
    const { pages, ids } = await allPages(reader, 'forYouFeed', 25);
    const items = pages.flatMap((p) => p.items);
    const reason = (id: string) => items.find((i) => i.post.id === id)?.source;
    expect(new Set(ids).size).toBe(ids.length);
    expect(reason(s.annFresh)).toMatchObject({ feedId: 'for-you', postFeedReason: 'FOLLOWED_AUTHOR', authorId: ann.id });
    expect(reason(s.topicHot)).toMatchObject({ postFeedReason: 'FOLLOWED_TOPIC', tagSlug: 'boats' });
    expect(reason(s.popular)).toMatchObject({ postFeedReason: 'POPULAR_ON_SITE' });
    // Claps and responses lift a story in a followed topic above a quiet one of the same age.
    expect(ids.indexOf(s.topicHot)).toBeLessThan(ids.indexOf(s.topicCold));
    // Age decays: Ann's fresh story beats her 20-day-old one.
    expect(ids.indexOf(s.annFresh)).toBeLessThan(ids.indexOf(s.annOld));
    expect(items.map((i) => i.source.rankPosition)).toEqual(items.map((_, i) => i));
  });

  it('never shows muted writers or the reader’s own stories', async () => {
    const { ids } = await allPages(reader, 'forYouFeed', 4);
    expect(ids).not.toContain(s.muted);
    expect(ids).not.toContain(s.own);
  });

  it.each([1, 3, 7])('pages of %i list the same stories in the same order, without duplicates or gaps', async (limit) => {
    const whole = (await allPages(reader, 'forYouFeed', 25)).ids;
    const { ids, pages } = await allPages(reader, 'forYouFeed', limit);
    expect(ids).toEqual(whole);
    expect(pages.slice(0, -1).every((p) => p.items.length === limit)).toBe(true);
  });

  it('keeps paging stable while claps change: each story once', async () => {
    const first = await allPages(reader, 'forYouFeed', 25);
    const seen: string[] = [];
    let to: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await reader.browser.gql('query($to: String) { forYouFeed(paging: { limit: 3, to: $to }) { items { post { id } } pagingInfo { next { to } } } }', { to });
      const page = res.data.forYouFeed as { items: { post: { id: string } }[]; pagingInfo: { next: { to: string } | null } };
      seen.push(...page.items.map((x) => x.post.id));
      // A story already shown gains claps: it must not come back.
      if (page.items[0]) await sql(t, 'update posts set clap_count = clap_count + 1000 where id = $1', [page.items[0].post.id]);
      if (!page.pagingInfo.next) break;
      to = page.pagingInfo.next.to;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(first.ids));
  });

  it("'Show less like this' hides the story and lowers the writer's others below what they outranked", async () => {
    // Stories no earlier test touched: a topic's story scores 1/(7+2)^1.2 ≈ 0.071 at 7 h, a followed
    // writer's 1.5/(14+2)^1.2 ≈ 0.054 at 14 h; once the reader dismissed a story of the same writer
    // in the same topic, 0.071 × 0.5 × 0.8 ≈ 0.028 falls below it.
    const ago = (h: number) => new Date(Date.now() - h * HOUR);
    const dismisser = await newReader(t, 'Dismisser');
    const dan = await newReader(t, 'Dan');
    const kitesA = await story(t, bob.id, 'Kites A', ago(7), ['kites']);
    const kitesB = await story(t, bob.id, 'Kites B', ago(7), ['kites']);
    const danMid = await story(t, dan.id, 'Dan mid', ago(14));
    await followUser(t.database.db, dismisser.id, dan.id);
    await followTag(t.database.db, dismisser.id, 'kites');
    const before = (await allPages(dismisser, 'forYouFeed', 25)).ids;
    expect(before.indexOf(kitesB)).toBeLessThan(before.indexOf(danMid));
    await dismisser.browser.gql('mutation($id: ID!) { showLessLikeThis(postId: $id) }', { id: kitesA });
    const after = (await allPages(dismisser, 'forYouFeed', 25)).ids;
    expect(after).not.toContain(kitesA);
    expect(after.indexOf(kitesB)).toBeGreaterThan(after.indexOf(danMid));
    expect(after.indexOf(danMid)).toBeGreaterThanOrEqual(0);
  });

  it('ranks what the reader already read below what they did not, from followed writers and topics alike', async () => {
    // The read story of each pair is an hour fresher, so only the read factor puts it below.
    const ago = (h: number) => new Date(Date.now() - h * HOUR);
    const [readerOfRivers, eve] = await Promise.all(['Rivers', 'Eve'].map((n) => newReader(t, n)));
    const riverRead = await story(t, bob.id, 'River read', ago(2), ['rivers']);
    const riverUnread = await story(t, bob.id, 'River unread', ago(3), ['rivers']);
    const eveRead = await story(t, eve!.id, 'Eve read', ago(2));
    const eveUnread = await story(t, eve!.id, 'Eve unread', ago(3));
    await followUser(t.database.db, readerOfRivers!.id, eve!.id);
    await followTag(t.database.db, readerOfRivers!.id, 'rivers');
    const before = (await allPages(readerOfRivers!, 'forYouFeed', 25)).ids;
    expect(before.indexOf(riverRead)).toBeLessThan(before.indexOf(riverUnread));
    expect(before.indexOf(eveRead)).toBeLessThan(before.indexOf(eveUnread));
    await sql(t, 'insert into post_reads (user_id, post_id) values ($1, $2), ($1, $3)', [readerOfRivers!.id, riverRead, eveRead]);
    const after = (await allPages(readerOfRivers!, 'forYouFeed', 25)).ids;
    expect(after.indexOf(riverRead)).toBeGreaterThan(after.indexOf(riverUnread));
    expect(after.indexOf(eveRead)).toBeGreaterThan(after.indexOf(eveUnread));
    expect(after.indexOf(riverUnread)).toBeGreaterThanOrEqual(0);
  });

  it('a story trashed after the site’s candidates were read is not shown', async () => {
    const before = (await allPages(newcomer, 'forYouFeed', 25)).ids;
    expect(before).toContain(s.popular);
    await sql(t, 'update posts set deleted_at = now() where id = $1', [s.popular]);
    expect((await allPages(newcomer, 'forYouFeed', 25)).ids).not.toContain(s.popular);
    await sql(t, 'update posts set deleted_at = null where id = $1', [s.popular]);
  });

  it('a reader who follows little sees the site’s popular stories first', async () => {
    const { pages } = await allPages(newcomer, 'forYouFeed', 5);
    const first = pages[0]!.items[0]!;
    expect(first.source.postFeedReason).toBe('POPULAR_ON_SITE');
    expect(FOR_YOU.FOLLOWS_ENOUGH).toBeGreaterThan(0);
    // Signed out too.
    const anon = await t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: 'localhost:3000', 'content-type': 'application/json' }, payload: JSON.stringify({ query: '{ forYouFeed(paging: { limit: 3 }) { items { post { id } } } }' }) });
    expect(anon.json().data.forYouFeed.items).toHaveLength(3);
  });
});
