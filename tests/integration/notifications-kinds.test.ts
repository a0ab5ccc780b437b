import { beforeAll, describe, expect, it } from 'vitest';
import { clapPost } from '../../src/modules/claps/commands.js';
import { publishResponse } from '../../src/modules/posts/responses.js';
import { moveToTrash, restoreFromTrash } from '../../src/modules/posts/trash.js';
import { createQuote } from '../../src/modules/quotes/commands.js';
import { followUser, muteUser } from '../../src/modules/social/commands.js';
import { sendSystemNotice } from '../../src/modules/notifications/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { NOTIFICATIONS, notificationsDispatcher, publishedStory } from './notifications-fixtures.js';

/** Every kind of notification, created by the handlers of the domain events the commands emit. */
describe('notifications from domain events', () => {
  let t: TestApp;
  let d: ReturnType<typeof notificationsDispatcher>;

  beforeAll(async () => {
    t = await createTestApp();
    d = notificationsDispatcher(t);
  });

  const list = async (r: Reader, filter = 'ALL') => {
    const res = await r.browser.gql(NOTIFICATIONS, { filter });
    expect(res.errors).toBeUndefined();
    return res.data.notifications.items as { kind: string; actorCount: number; actors: { id: string; name: string }[]; post: { id: string; title: string } | null; response: { id: string } | null; text: string | null; href: string | null; isRead: boolean }[];
  };
  const rows = async (recipientId: string) =>
    (await t.database.pool.query('select kind, aggregation_key, actor_ids, actor_count, updated_at, read_at from notifications where recipient_id = $1 order by id', [recipientId])).rows;

  it('someone followed you', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    await followUser(t.database.db, bob.id, ann.id);
    await d.drain();
    const items = await list(ann);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'FOLLOW', actorCount: 1, post: null, isRead: false });
    expect(items[0]!.actors.map((a) => a.id)).toEqual([bob.id]);
    expect(await list(bob)).toEqual([]);
  });

  it("claps aggregate on one row per story: 'A and N others', later readers first", async () => {
    const ann = await newReader(t, 'Ann');
    const story = await publishedStory(t, ann.id, 'Clapped story');
    const readers = [];
    for (const name of ['C1', 'C2', 'C3', 'C4']) readers.push(await newReader(t, name));
    for (const r of readers) {
      await clapPost(t.database.db, story, r.id, 3);
      await clapPost(t.database.db, story, r.id, 5); // a later clap of the same reader adds no event
    }
    const events = (await t.database.pool.query(`select count(*)::int as n from domain_events where type = 'post.clapped' and payload->>'postId' = $1`, [story])).rows[0].n;
    expect(events).toBe(4);
    await d.drain();
    const stored = await rows(ann.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'clap', aggregation_key: `clap:${story}`, actor_count: 4 });
    expect(stored[0].actor_ids).toEqual([readers[3]!.id, readers[2]!.id, readers[1]!.id]);
    const [item] = await list(ann);
    expect(item).toMatchObject({ kind: 'CLAP', actorCount: 4, post: { id: story, title: 'Clapped story' } });
    expect(item!.actors[0]!.id).toBe(readers[3]!.id);
  });

  it('a response to your story, and a reply to your response; the Responses tab keeps them', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cat = await newReader(t, 'Cat');
    const story = await publishedStory(t, ann.id, 'Discussed');
    const para = (text: string) => [{ name: 'r1r1', type: 'P' as const, text, markups: [] }];
    const response = await publishResponse(t.database.db, { id: bob.id, isStaff: false }, { inResponseToPostId: story, paragraphs: para('I disagree, kindly.') });
    if (response.kind !== 'ok') throw new Error('response');
    const reply = await publishResponse(t.database.db, { id: cat.id, isStaff: false }, { inResponseToPostId: response.postId, paragraphs: para('So do I.') });
    if (reply.kind !== 'ok') throw new Error('reply');
    // Ann answering on her own story tells nobody about herself.
    await publishResponse(t.database.db, { id: ann.id, isStaff: false }, { inResponseToPostId: story, paragraphs: para('Thanks, all.') });
    await clapPost(t.database.db, story, bob.id, 1);
    await d.drain();
    const annItems = await list(ann, 'RESPONSES');
    expect(annItems).toHaveLength(1);
    expect(annItems[0]).toMatchObject({ kind: 'RESPONSE', post: { id: story }, response: { id: response.postId } });
    expect((await list(ann)).map((i) => i.kind)).toEqual(['CLAP', 'RESPONSE']);
    const bobItems = await list(bob);
    expect(bobItems).toHaveLength(1);
    expect(bobItems[0]).toMatchObject({ kind: 'RESPONSE', post: { id: response.postId }, response: { id: reply.postId } });
    expect(bobItems[0]!.actors[0]!.id).toBe(cat.id);
    // A response sent to the trash leaves the list (and comes back with it).
    await moveToTrash(t.database.db, { id: cat.id, isStaff: false }, reply.postId, new Date());
    expect(await list(bob)).toEqual([]);
    await restoreFromTrash(t.database.db, { id: cat.id, isStaff: false }, reply.postId, new Date());
    expect(await list(bob)).toHaveLength(1);
  });

  it('a link to /@username in a published story or response mentions that reader', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cat = await newReader(t, 'Cat');
    const { rows: names } = await t.database.pool.query<{ id: string; username: string }>('select id, username from users where id = any($1)', [[bob.id, cat.id]]);
    const username = (id: string) => names.find((n) => n.id === id)!.username;
    const text = 'Thanks to both of them and to this story.';
    const story = await publishedStory(t, ann.id, 'With thanks', [
      {
        name: 'm1m1',
        type: 'P',
        text,
        markups: [
          { type: 'A', start: 10, end: 14, href: `http://localhost:3000/@${username(bob.id)}` },
          { type: 'A', start: 15, end: 18, href: `http://localhost:3000/@${username(cat.id).toUpperCase()}?source=x` },
          // A story under a profile is not a mention.
          { type: 'A', start: 30, end: 40, href: `http://localhost:3000/@${username(bob.id)}/some-story-1a2b3c4d5e6f` },
        ],
      },
    ]);
    await d.drain();
    for (const r of [bob, cat]) {
      const items = (await list(r)).filter((i) => i.kind === 'MENTION');
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ post: { id: story }, actors: [{ id: ann.id }] });
    }
    expect((await list(bob, 'RESPONSES')).map((i) => i.kind)).toEqual(['MENTION']);
  });

  it('highlighted your story, once per reader and story', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const paragraphs = [{ name: 'h1h1', type: 'P' as const, text: 'A sentence to highlight, and another one after it.', markups: [] }];
    const story = await publishedStory(t, ann.id, 'Quotable', paragraphs);
    await createQuote(t.database.db, { postId: story, userId: bob.id, visibleParagraphs: paragraphs, paragraphName: 'h1h1', startOffset: 0, endOffset: 10 });
    await createQuote(t.database.db, { postId: story, userId: bob.id, visibleParagraphs: paragraphs, paragraphName: 'h1h1', startOffset: 20, endOffset: 30 });
    await d.drain();
    const items = await list(ann);
    expect(items.map((i) => [i.kind, i.actors[0]?.id])).toEqual([['HIGHLIGHT', bob.id]]);
  });

  it('a followed author published: each follower once, by channel; responses and unlisted stories are not news', async () => {
    const writer = await newReader(t, 'Writer');
    const fans = [];
    for (const name of ['F1', 'F2', 'F3']) {
      const r = await newReader(t, name);
      await followUser(t.database.db, r.id, writer.id);
      fans.push(r);
    }
    await fans[1]!.browser.gql('mutation { setNotificationChannel(kind: PUBLISH, channel: OFF) { digestFrequency } }');
    await fans[2]!.browser.gql('mutation { setNotificationChannel(kind: PUBLISH, channel: NETWORK) { digestFrequency } }');
    const story = await publishedStory(t, writer.id, 'News');
    await publishedStory(t, writer.id, 'Link only', undefined, 'UNLISTED');
    await publishResponse(t.database.db, { id: writer.id, isStaff: false }, { inResponseToPostId: story, paragraphs: [{ name: 'x1x1', type: 'P', text: 'An addendum.', markups: [] }] });
    await d.drain();
    const published = async (r: Reader) => (await list(r)).filter((i) => i.kind === 'PUBLISH').map((i) => i.post?.title);
    expect(await published(fans[0]!)).toEqual(['News']);
    expect(await published(fans[1]!)).toEqual([]);
    expect(await published(fans[2]!)).toEqual(['News']);
  });

  it('system notices: created from their event, once per key', async () => {
    const ann = await newReader(t, 'Ann');
    await sendSystemNotice(t.database.db, { userId: ann.id, key: 'welcome', text: 'Welcome to the site.', href: '/me/settings' });
    await sendSystemNotice(t.database.db, { userId: ann.id, key: 'welcome', text: 'Welcome to the site.', href: '/me/settings' });
    await d.drain();
    const items = await list(ann);
    expect(items).toEqual([expect.objectContaining({ kind: 'SYSTEM', text: 'Welcome to the site.', href: '/me/settings', actors: [] })]);
  });

  it('nothing from a muted reader, nothing to yourself, nothing while signed out', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    await muteUser(t.database.db, ann.id, bob.id);
    const story = await publishedStory(t, ann.id);
    await followUser(t.database.db, bob.id, ann.id);
    await clapPost(t.database.db, story, bob.id, 1);
    await d.drain();
    expect(await rows(ann.id)).toEqual([]);
    const { testBrowser } = await import('../support/test-browser.js');
    const anon = await testBrowser(t.app).gql(NOTIFICATIONS, {});
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });
});
