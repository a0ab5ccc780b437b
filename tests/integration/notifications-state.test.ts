import { beforeAll, describe, expect, it } from 'vitest';
import { clapPost } from '../../src/modules/claps/commands.js';
import { followUser } from '../../src/modules/social/commands.js';
import { UNREAD_COUNT_SQL, unreadNotificationCount } from '../../src/modules/notifications/queries.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { NOTIFICATIONS, notificationsDispatcher, publishedStory, UNREAD } from './notifications-fixtures.js';

/** Redelivery, fan-out in batches, the badge's count, read state and paging. */
describe('notification state', () => {
  let t: TestApp;
  let d: ReturnType<typeof notificationsDispatcher>;

  beforeAll(async () => {
    t = await createTestApp();
    d = notificationsDispatcher(t);
  });

  const snapshot = async () => (await t.database.pool.query('select * from notifications order by id')).rows;
  const unread = async (r: Reader) => (await r.browser.gql(UNREAD)).data.unreadNotificationCount as number;
  /** Readers signed up in bulk (the fan-out needs thousands). */
  const bulkFollowers = async (writerId: string, n: number, tag: string) => {
    await t.database.pool.query(
      `insert into users (id, name, username, email) select substr(md5($1 || g), 1, 12), 'Fan ' || g, $1 || '_' || g, $1 || g || '@example.com' from generate_series(1, $2) g`,
      [tag, n],
    );
    await t.database.pool.query(
      `insert into user_follows (follower_id, target_user_id, created_at)
       select substr(md5($1 || g), 1, 12), $2, now() - make_interval(secs => (g % 7)) from generate_series(1, $3) g`,
      [tag, writerId, n],
    );
  };

  it('a redelivered event changes nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cat = await newReader(t, 'Cat');
    const story = await publishedStory(t, ann.id);
    await followUser(t.database.db, bob.id, ann.id);
    await clapPost(t.database.db, story, bob.id, 2);
    await clapPost(t.database.db, story, cat.id, 2);
    await d.drain();
    const before = await snapshot();
    expect(before.filter((r) => r.recipient_id === ann.id).map((r) => [r.kind, r.actor_count])).toEqual([
      ['follow', 1],
      ['clap', 2],
    ]);
    // Every event delivered again, in order and out of order.
    await t.database.pool.query('update domain_events set handled_at = null');
    await d.drain();
    await t.database.pool.query(`update domain_events set handled_at = null where type = 'post.clapped' and payload->>'userId' = $1`, [bob.id]);
    await d.drain();
    expect(await snapshot()).toEqual(before);
  });

  it('a writer with 2,500 followers: three batches, each follower told once, also when delivered again', async () => {
    const writer = await newReader(t, 'Writer');
    await bulkFollowers(writer.id, 2500, 'fanout');
    await t.database.pool.query(`insert into notification_channels (user_id, kind, channel) select substr(md5('fanout' || g), 1, 12), 'publish', 'OFF' from generate_series(1, 10) g`);
    const story = await publishedStory(t, writer.id, 'To many');
    await d.drain();
    const count = async () => (await t.database.pool.query(`select count(*)::int as n, count(distinct recipient_id)::int as d from notifications where aggregation_key = $1`, [`publish:${story}`])).rows[0];
    expect(await count()).toEqual({ n: 2490, d: 2490 });
    const batches = (await t.database.pool.query(`select count(*)::int as n from domain_events where type = 'notifications.fanout' and payload->>'postId' = $1`, [story])).rows[0].n;
    expect(batches).toBe(2);
    await t.database.pool.query(`update domain_events set handled_at = null where payload->>'postId' = $1`, [story]);
    await d.drain();
    expect(await count()).toEqual({ n: 2490, d: 2490 });
  });

  it('the badge: unread since the last visit, capped at 100; seen, read one, read all', async () => {
    const ann = await newReader(t, 'Ann');
    expect(await unread(ann)).toBe(0);
    await t.database.pool.query(
      `insert into notifications (recipient_id, kind, aggregation_key, data, updated_at) select $1, 'system', 'n' || g, '{"text":"Notice"}', now() - make_interval(secs => g) from generate_series(1, 150) g`,
      [ann.id],
    );
    expect(await unread(ann)).toBe(100);
    expect((await ann.browser.gql('mutation { markNotificationsSeen }')).data.markNotificationsSeen).toBe(0);
    expect(await unread(ann)).toBe(0);
    // Seen is not read: the list still shows them unread.
    const page = (await ann.browser.gql(NOTIFICATIONS, { paging: { limit: 3 } })).data.notifications;
    expect(page.items.map((i: { isRead: boolean }) => i.isRead)).toEqual([false, false, false]);

    const bob = await newReader(t, 'Bob');
    await followUser(t.database.db, bob.id, ann.id);
    await d.drain();
    expect(await unread(ann)).toBe(1);
    const [top] = (await ann.browser.gql(NOTIFICATIONS, { paging: { limit: 1 } })).data.notifications.items;
    expect(top.kind).toBe('FOLLOW');
    // Another reader cannot mark it.
    expect((await bob.browser.gql('mutation($id: ID!) { markNotificationRead(notificationId: $id) }', { id: top.id })).data.markNotificationRead).toBe(false);
    expect((await ann.browser.gql('mutation($id: ID!) { markNotificationRead(notificationId: $id) }', { id: top.id })).data.markNotificationRead).toBe(true);
    expect(await unread(ann)).toBe(0);
    expect((await ann.browser.gql(NOTIFICATIONS, { paging: { limit: 1 } })).data.notifications.items[0].isRead).toBe(true);

    expect((await ann.browser.gql('mutation { markAllNotificationsRead }')).data.markAllNotificationsRead).toBe(150);
    const { rows } = await t.database.pool.query('select count(*)::int as n from notifications where recipient_id = $1 and read_at is null', [ann.id]);
    expect(rows[0].n).toBe(0);
    // Signed out: 0, not an error (the header asks on every page).
    expect((await testBrowser(t.app).gql(UNREAD)).data.unreadNotificationCount).toBe(0);
  });

  it('pages through every notification once, newest activity first, ties included', async () => {
    const ann = await newReader(t, 'Ann');
    await t.database.pool.query(
      `insert into notifications (recipient_id, kind, aggregation_key, data, updated_at) select $1, 'system', 'p' || g, jsonb_build_object('text', 'n' || g), now() - make_interval(secs => g / 3) from generate_series(1, 23) g`,
      [ann.id],
    );
    const seen: string[] = [];
    let to: string | null = null;
    let pages = 0;
    do {
      const res = (await ann.browser.gql(NOTIFICATIONS, { paging: { limit: 5, to } })) as { data: { notifications: { items: { text: string }[]; pagingInfo: { next: { to: string } | null } } } };
      seen.push(...res.data.notifications.items.map((i) => i.text));
      to = res.data.notifications.pagingInfo.next?.to ?? null;
      pages += 1;
    } while (to);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    // n1 and n2 happened in the same second: the later row first.
    expect(seen.slice(0, 3)).toEqual(['n2', 'n1', 'n5']);
    expect((await ann.browser.gql(NOTIFICATIONS, { paging: { to: 'nonsense' } })).errors?.[0]?.message).toMatch(/bad paging cursor/);
  });

  it('the count is one index-only scan of the unread index', async () => {
    const ann = await newReader(t, 'Ann');
    // Others' notifications around Ann's, as in a real table (a tiny table is read whole).
    await bulkFollowers(ann.id, 200, 'crowd');
    await t.database.pool.query(
      `insert into notifications (recipient_id, kind, aggregation_key, data) select substr(md5('crowd' || (g % 200 + 1)), 1, 12), 'system', 'c' || g, '{}' from generate_series(1, 40000) g`,
    );
    await t.database.pool.query(
      `insert into notifications (recipient_id, kind, aggregation_key, data) select $1, 'system', 'x' || g, '{}' from generate_series(1, 500) g`,
      [ann.id],
    );
    await t.database.pool.query('vacuum analyze notifications');
    const { rows } = await t.database.pool.query(`explain (format json) ${UNREAD_COUNT_SQL}`, [ann.id]);
    const plan = JSON.stringify(rows[0]["QUERY PLAN"]);
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"notifications_unread_idx"');
    expect(await unreadNotificationCount(t.database.db, ann.id)).toBe(100);
  });

  it('settings: channels per kind and the digest frequency, saved and read back', async () => {
    const ann = await newReader(t, 'Ann');
    const SETTINGS = '{ channels { kind channel } digestFrequency }';
    const initial = (await ann.browser.gql(`{ notificationSettings ${SETTINGS} }`)).data.notificationSettings;
    expect(initial.digestFrequency).toBe('WEEKLY');
    expect(initial.channels.map((c: { kind: string; channel: string }) => `${c.kind}:${c.channel}`)).toEqual(['FOLLOW:ALL', 'CLAP:ALL', 'RESPONSE:ALL', 'MENTION:ALL', 'HIGHLIGHT:ALL', 'PUBLISH:ALL', 'CATALOG:ALL']);
    await ann.browser.gql(`mutation { setNotificationChannel(kind: CLAP, channel: NETWORK) ${SETTINGS} }`);
    const after = (await ann.browser.gql(`mutation { setDigestFrequency(frequency: DAILY) ${SETTINGS} }`)).data.setDigestFrequency;
    expect(after.digestFrequency).toBe('DAILY');
    expect(after.channels.find((c: { kind: string }) => c.kind === 'CLAP').channel).toBe('NETWORK');
    expect((await ann.browser.gql(`mutation { setNotificationChannel(kind: SYSTEM, channel: OFF) ${SETTINGS} }`)).errors?.[0]?.message).toBe('System notices cannot be turned off.');
    expect((await ann.browser.gql(`mutation { setNotificationChannel(kind: CLAP, channel: SOMETIMES) ${SETTINGS} }`)).errors).toBeDefined();

    // NETWORK: claps only from people Ann follows.
    const story = await publishedStory(t, ann.id);
    const stranger = await newReader(t, 'Stranger');
    const friend = await newReader(t, 'Friend');
    await followUser(t.database.db, ann.id, friend.id);
    await clapPost(t.database.db, story, stranger.id, 1);
    await d.drain();
    expect((await ann.browser.gql(NOTIFICATIONS)).data.notifications.items).toEqual([]);
    await clapPost(t.database.db, story, friend.id, 1);
    await d.drain();
    const items = (await ann.browser.gql(NOTIFICATIONS)).data.notifications.items;
    expect(items.map((i: { kind: string; actorCount: number; actors: { id: string }[] }) => [i.kind, i.actorCount, i.actors.map((a) => a.id)])).toEqual([['CLAP', 1, [friend.id]]]);
  });
});
