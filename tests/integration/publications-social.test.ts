import { beforeAll, describe, expect, it } from 'vitest';
import { announceStoryInPublication } from '../../src/modules/publications/announce.js';
import { notificationHandlers } from '../../src/modules/notifications/handlers.js';
import { publicationNotificationHandlers } from '../../src/modules/notifications/publication-fanout.js';
import { followTag, followUser, muteUser } from '../../src/modules/social/commands.js';
import { startEventDispatcher } from '../../src/platform/events/dispatcher.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createMemoryPubSub } from '../../src/platform/pubsub/memory.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { allPages, sql, story } from './feeds-fixtures.js';

const EDGE = 'id subscriberCount viewerEdge { isFollowing isMuting }';
const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`;
const ACTIONS = ['followCollection', 'unfollowCollection', 'muteCollection', 'unmuteCollection'] as const;
const mutation = (name: string) => `mutation($id: ID!) { ${name}(targetCollectionId: $id) { ${EDGE} } }`;

describe('publications: following and muting', () => {
  let t: TestApp;
  let owner: Reader;
  const count = async (id: string) => (await sql(t, 'select followers_count as n, (select count(*)::int from publication_follows where publication_id = $1) as rows from publications where id = $1', [id])).rows[0];
  const makePublication = async (slug: string, by: Reader = owner) => (await by.browser.gql(CREATE, { input: { name: `Pub ${slug}`, slug } })).data.createCollection.collection.id as string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
  });

  it('follows and unfollows idempotently, the count moving once with the row', async () => {
    const id = await makePublication('harbour');
    const ann = await newReader(t, 'Ann');
    const first = (await ann.browser.gql(mutation('followCollection'), { id })).data.followCollection;
    expect(first).toMatchObject({ subscriberCount: 1, viewerEdge: { isFollowing: true, isMuting: false } });
    const again = (await ann.browser.gql(mutation('followCollection'), { id })).data.followCollection;
    expect(again.subscriberCount).toBe(1);
    // Concurrent double clicks insert one row.
    const bob = await newReader(t, 'Bob');
    await Promise.all([1, 2, 3].map(() => bob.browser.gql(mutation('followCollection'), { id })));
    expect(await count(id)).toEqual({ n: 2, rows: 2 });
    expect((await ann.browser.gql(mutation('unfollowCollection'), { id })).data.unfollowCollection).toMatchObject({ subscriberCount: 1, viewerEdge: { isFollowing: false } });
    expect((await ann.browser.gql(mutation('unfollowCollection'), { id })).data.unfollowCollection.subscriberCount).toBe(1);
    expect(await count(id)).toEqual({ n: 1, rows: 1 });
    const events = await sql(t, `select type, count(*)::int as n from domain_events where payload->>'publicationId' = $1 and type like 'publication.%follow%' group by type order by type`, [id]);
    expect(events.rows).toEqual([
      { type: 'publication.followed', n: 2 },
      { type: 'publication.unfollowed', n: 1 },
    ]);
  });

  it('mutes and unmutes idempotently, keeping a follow as it is', async () => {
    const id = await makePublication('mute-me');
    const ann = await newReader(t, 'Ann');
    await ann.browser.gql(mutation('followCollection'), { id });
    for (let i = 0; i < 2; i++) expect((await ann.browser.gql(mutation('muteCollection'), { id })).data.muteCollection.viewerEdge).toEqual({ isFollowing: true, isMuting: true });
    expect((await sql(t, 'select count(*)::int as n from publication_mutes where publication_id = $1', [id])).rows[0].n).toBe(1);
    for (let i = 0; i < 2; i++) expect((await ann.browser.gql(mutation('unmuteCollection'), { id })).data.unmuteCollection.viewerEdge).toEqual({ isFollowing: true, isMuting: false });
    expect((await count(id)).n).toBe(1);
  });

  // Role × action: readers and members may follow and mute; the owner may not follow or mute their own; signed out may do nothing.
  const table: [role: string, action: (typeof ACTIONS)[number], outcome: 'ok' | 'refused' | 'sign-in'][] = [];
  for (const role of ['OWNER', 'EDITOR', 'WRITER', 'reader', 'signed-out'])
    for (const action of ACTIONS)
      table.push([role, action, role === 'signed-out' ? 'sign-in' : role === 'OWNER' && (action === 'followCollection' || action === 'muteCollection') ? 'refused' : 'ok']);

  it.each(table)('%s: %s is %s', async (role, action, outcome) => {
    const id = await makePublication(`roles-${role.toLowerCase()}-${action.toLowerCase()}`);
    const who = role === 'OWNER' ? owner : role === 'signed-out' ? null : await newReader(t, role);
    if (who && (role === 'EDITOR' || role === 'WRITER')) await sql(t, 'insert into publication_members (publication_id, user_id, role) values ($1, $2, $3)', [id, who.id, role]);
    const browser = who?.browser ?? testBrowser(t.app);
    const before = await count(id);
    const res = await browser.gql(mutation(action), { id });
    if (outcome === 'ok') {
      expect(res.errors).toBeUndefined();
      expect(res.data[action].id).toBe(id);
    } else {
      expect(res.errors?.[0]?.message).toBe(
        outcome === 'sign-in' ? 'Sign in to create and follow publications.' : action === 'followCollection' ? 'You already receive the stories of your own publication.' : 'You cannot mute your own publication.',
      );
      expect(await count(id)).toEqual(before);
      expect((await sql(t, 'select count(*)::int as n from publication_mutes where publication_id = $1', [id])).rows[0].n).toBe(0);
    }
  });

  it('answers an unknown publication with not found', async () => {
    const ann = await newReader(t, 'Ann');
    const res = await ann.browser.gql(mutation('followCollection'), { id: 'aaaaaaaaaaaa' });
    expect(res.errors?.[0]?.message).toBe('Publication not found.');
  });

  it('/_/subscribe/collection/{id} follows (POST) and unfollows (DELETE) with the xsrf token only', async () => {
    const id = await makePublication('subscribe-http');
    const ann = await newReader(t, 'Ann');
    const call = (method: 'POST' | 'DELETE', r: Reader | null, xsrf = r?.xsrf, target = id) =>
      t.app.inject({ method, url: `/_/subscribe/collection/${target}`, headers: { host: TEST_HOST, cookie: r ? `sid=${r.browser.jar.get('sid')}` : '', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) } });
    expect((await call('POST', null)).statusCode).toBe(401);
    expect((await call('POST', ann, 'wrong')).statusCode).toBe(403);
    expect((await call('POST', ann, '')).statusCode).toBe(403);
    expect((await call('POST', ann, ann.xsrf, 'aaaaaaaaaaaa')).statusCode).toBe(404);
    expect((await count(id)).n).toBe(0);
    const followed = await call('POST', ann);
    expect(followed.json()).toEqual({ collectionId: id, isFollowing: true, subscriberCount: 1, changed: true });
    expect((await call('POST', ann)).json()).toMatchObject({ subscriberCount: 1, changed: false });
    expect((await call('DELETE', ann)).json()).toEqual({ collectionId: id, isFollowing: false, subscriberCount: 0, changed: true });
    expect((await call('POST', owner)).statusCode).toBe(400);
  });
});

describe('publications in the feeds', () => {
  let t: TestApp;
  let reader: Reader;
  let writer: Reader;
  let followedPub: string;
  let mutedPub: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await newReader(t, 'Owner');
    [reader, writer] = await Promise.all([newReader(t, 'Reader'), newReader(t, 'Writer')]);
    const create = async (slug: string) => (await owner.browser.gql(CREATE, { input: { name: slug, slug } })).data.createCollection.collection.id as string;
    followedPub = await create('followed-pub');
    mutedPub = await create('muted-pub');
    await reader.browser.gql(mutation('followCollection'), { id: followedPub });
    await reader.browser.gql(mutation('followCollection'), { id: mutedPub });
    await reader.browser.gql(mutation('muteCollection'), { id: mutedPub });
    // The reader follows the writer and a topic too: a muted publication's stories leave even then.
    await followUser(t.database.db, reader.id, writer.id);
    ids.inFollowed = await story(t, owner.id, 'In the followed publication', new Date('2026-03-01T10:00:00Z'));
    ids.inMutedByWriter = await story(t, writer.id, 'In the muted one, by a followed writer', new Date('2026-03-01T11:00:00Z'), ['boats']);
    ids.byWriter = await story(t, writer.id, 'By the followed writer, in no publication', new Date('2026-03-01T09:00:00Z'));
    ids.elsewhere = await story(t, owner.id, 'Not followed at all', new Date('2026-03-01T12:00:00Z'));
    await sql(t, 'update posts set collection_id = $1 where id = $2', [followedPub, ids.inFollowed]);
    await sql(t, 'update posts set collection_id = $1 where id = $2', [mutedPub, ids.inMutedByWriter]);
    await followTag(t.database.db, reader.id, 'boats');
  });

  it("Following lists the followed publication's stories and none of the muted one's", async () => {
    const { ids: got, pages } = await allPages(reader, 'followingFeed', 25);
    expect(got).toEqual([ids.inFollowed, ids.byWriter]);
    expect(pages[0]!.items[0]!.source.postFeedReason).toBe('FOLLOWING');
  });

  it("For you leaves out the muted publication's stories, and has them back after unmuting", async () => {
    const before = (await allPages(reader, 'forYouFeed', 50)).ids;
    expect(before).toContain(ids.byWriter);
    expect(before).not.toContain(ids.inMutedByWriter);
    await reader.browser.gql(mutation('unmuteCollection'), { id: mutedPub });
    // A fresh request reads the sources again: the story is back.
    expect((await allPages(reader, 'forYouFeed', 50)).ids).toContain(ids.inMutedByWriter);
    expect((await allPages(reader, 'followingFeed', 25)).ids).toContain(ids.inMutedByWriter);
    await reader.browser.gql(mutation('muteCollection'), { id: mutedPub });
  });
});

describe('publications: telling followers of a story', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  const dispatcher = () =>
    startEventDispatcher({
      db: t.database.db,
      logger: createLogger('silent'),
      handlers: { ...notificationHandlers(async () => createMemoryPubSub()), ...publicationNotificationHandlers(async () => createMemoryPubSub()), 'post.published': [] },
      pollIntervalMs: 3_600_000,
    });
  const publishes = async (postId: string) =>
    (await sql(t, `select recipient_id from notifications where kind = 'publish' and aggregation_key = $1 order by recipient_id`, [`publish:${postId}`])).rows.map((r) => r.recipient_id as string);

  it('tells each follower once per story, not those who muted the publication or the writer, nor those with publish OFF', async () => {
    const owner = await newReader(t, 'Owner');
    const writer = await newReader(t, 'Writer');
    const id = (await owner.browser.gql(CREATE, { input: { name: 'Told', slug: 'told-pub' } })).data.createCollection.collection.id as string;
    const readers = await Promise.all(['A', 'B', 'MutesPub', 'MutesWriter', 'Off', 'AlsoFollowsWriter'].map((n) => newReader(t, n)));
    const [a, b, mutesPub, mutesWriter, off, both] = readers as [Reader, Reader, Reader, Reader, Reader, Reader];
    for (const r of readers) await r.browser.gql(mutation('followCollection'), { id });
    await writer.browser.gql(mutation('followCollection'), { id });
    await mutesPub.browser.gql(mutation('muteCollection'), { id });
    await muteUser(t.database.db, mutesWriter.id, writer.id);
    await sql(t, `insert into notification_channels (user_id, kind, channel) values ($1, 'publish', 'OFF')`, [off.id]);
    await followUser(t.database.db, both.id, writer.id);
    const postId = await story(t, writer.id, 'Approved story', new Date());
    await sql(t, 'update posts set collection_id = $1 where id = $2', [id, postId]);
    // The writer's own fan-out got there first for the reader who follows both.
    await sql(t, `insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id) values ($1, 'publish', $2, array[$3], 1, $4)`, [both.id, `publish:${postId}`, writer.id, postId]);
    await t.database.db.transaction((tx) => announceStoryInPublication(tx, { publicationId: id, postId }));
    await t.database.db.transaction((tx) => announceStoryInPublication(tx, { publicationId: id, postId }));
    const d = dispatcher();
    await d.drain();
    await d.stop();
    expect(await publishes(postId)).toEqual([a.id, b.id, both.id].sort());
    const rows = await sql(t, `select count(*)::int as n from notifications where aggregation_key = $1 and recipient_id = $2`, [`publish:${postId}`, both.id]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('fans out in batches and tells nobody of a story no longer in the publication', async () => {
    const owner = await newReader(t, 'Owner');
    const id = (await owner.browser.gql(CREATE, { input: { name: 'Batched', slug: 'batched-pub' } })).data.createCollection.collection.id as string;
    const followers = await Promise.all([1, 2, 3, 4, 5].map((i) => newReader(t, `F${i}`)));
    for (const r of followers) await r.browser.gql(mutation('followCollection'), { id });
    const { fanOutPublicationStory } = await import('../../src/modules/notifications/publication-fanout.js');
    const postId = await story(t, owner.id, 'Batched story', new Date());
    const moved = await story(t, owner.id, 'Moved out', new Date());
    await sql(t, 'update posts set collection_id = $1 where id = any($2)', [id, [postId, moved]]);
    const now = new Date(Date.now() + 60_000).toISOString();
    const told = await t.database.db.transaction((tx) => fanOutPublicationStory(tx, { publicationId: id, postId, followedBefore: now, afterCreatedAt: '-infinity', afterUserId: '' }, 2));
    expect(told).toHaveLength(2);
    const d = dispatcher();
    await d.drain();
    await d.stop();
    expect(await publishes(postId)).toEqual(followers.map((f) => f.id).sort());
    await sql(t, 'update posts set collection_id = null where id = $1', [moved]);
    await t.database.db.transaction((tx) => announceStoryInPublication(tx, { publicationId: id, postId: moved }));
    const d2 = dispatcher();
    await d2.drain();
    await d2.stop();
    expect(await publishes(moved)).toEqual([]);
  });
});

describe('publications: the followers page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  it('lists followers newest first, paged without repeats, and is 404 for a missing publication', async () => {
    const owner = await newReader(t, 'Owner');
    const id = (await owner.browser.gql(CREATE, { input: { name: 'Listed', slug: 'listed-pub' } })).data.createCollection.collection.id as string;
    const fans = await Promise.all([1, 2, 3].map((i) => newReader(t, `Fan ${i}`)));
    for (const [i, f] of fans.entries()) {
      await f.browser.gql(mutation('followCollection'), { id });
      await sql(t, `update publication_follows set created_at = $1 where publication_id = $2 and user_id = $3`, [new Date(Date.UTC(2026, 0, 1 + i)), id, f.id]);
    }
    const PAGE = `query($s: String, $to: String) { collection(domainOrSlug: $s) { followersConnection(paging: { limit: 2, to: $to }) { users { id } pagingInfo { next { to } } } } }`;
    const first = (await testBrowser(t.app).gql(PAGE, { s: 'listed-pub' })).data.collection.followersConnection;
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    const second = (await testBrowser(t.app).gql(PAGE, { s: 'listed-pub', to: first.pagingInfo.next.to })).data.collection.followersConnection;
    expect(second).toEqual({ users: [{ id: fans[0]!.id }], pagingInfo: { next: null } });
    const page = await testBrowser(t.app).get('/listed-pub/followers');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fan 3');
    expect((await testBrowser(t.app).get('/no-such-pub/followers')).statusCode).toBe(404);
  });
});
