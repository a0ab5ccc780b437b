import { beforeAll, describe, expect, it } from 'vitest';
import { followTag, followUser, muteUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { allPages, FEED_ITEM, sql, story } from './feeds-fixtures.js';

/** The Following tab: newest first from followed writers and topics, paged by cursor without duplicates or gaps. */
describe('Following feed', () => {
  let t: TestApp;
  let reader: Reader;
  let ann: Reader;
  let bob: Reader;
  let cid: Reader;
  let muted: Reader;
  let stranger: Reader;
  const expected: { id: string; at: number }[] = [];
  const hidden: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    [reader, ann, bob, cid, muted, stranger] = await Promise.all(['Reader', 'Ann', 'Bob', 'Cid', 'Muted', 'Stranger'].map((n) => newReader(t, n)));
    await followUser(db, reader.id, ann.id);
    await followUser(db, reader.id, bob.id);
    await followUser(db, reader.id, muted.id);
    await muteUser(db, reader.id, muted.id);
    // Many stories at the same instant: the order must still be total (ties by id).
    const tie = new Date('2026-03-01T10:00:00Z');
    for (let i = 0; i < 7; i++) {
      const at = i < 4 ? tie : new Date(Date.UTC(2026, 1, 20 - i, 9));
      const id = await story(t, i % 2 ? ann.id : bob.id, `Followed ${i}`, at);
      expected.push({ id, at: at.getTime() });
    }
    // Cid is not followed, but writes in a followed topic.
    await story(t, cid.id, 'Sailing', new Date('2026-01-01T00:00:00Z'), ['boats']).then((id) => expected.push({ id, at: Date.parse('2026-01-01T00:00:00Z') }));
    const tagFollow = await followTag(db, reader.id, 'boats');
    expect(tagFollow).toBeTruthy();
    // Also in the topic and by a followed writer: listed once.
    await story(t, ann.id, 'Ann sails', tie, ['boats']).then((id) => expected.push({ id, at: tie.getTime() }));
    hidden.muted = await story(t, muted.id, 'Muted writes', new Date('2026-03-02T00:00:00Z'), ['boats']);
    hidden.stranger = await story(t, stranger.id, 'Not followed', new Date('2026-03-03T00:00:00Z'), ['cars']);
    hidden.own = await story(t, reader.id, 'My own boats', new Date('2026-03-03T00:00:00Z'), ['boats']);
    hidden.unlisted = await story(t, ann.id, 'Unlisted', new Date('2026-03-04T00:00:00Z'), ['boats']);
    hidden.private = await story(t, ann.id, 'Private', new Date('2026-03-04T00:00:00Z'));
    hidden.trashed = await story(t, bob.id, 'Trashed', new Date('2026-03-04T00:00:00Z'), ['boats']);
    hidden.response = await story(t, bob.id, 'A response', new Date('2026-03-04T00:00:00Z'), ['boats']);
    await sql(t, `update posts set visibility = 'UNLISTED' where id = $1`, [hidden.unlisted]);
    await sql(t, `update posts set visibility = 'PRIVATE' where id = $1`, [hidden.private]);
    await sql(t, `update posts set deleted_at = now() where id = $1`, [hidden.trashed]);
    await sql(t, `update posts set in_response_to_post_id = $1, response_depth = 1 where id = $2`, [expected[0]!.id, hidden.response]);
    expected.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  });

  it('lists followed writers and topics newest first, ties by id, each story once', async () => {
    const { ids, pages } = await allPages(reader, 'followingFeed', 25);
    expect(pages).toHaveLength(1);
    expect(ids).toEqual(expected.map((e) => e.id));
    expect(pages[0]!.items.every((i) => i.source.feedId === 'following' && i.source.postFeedReason === 'FOLLOWING')).toBe(true);
    // The story that is both by a followed writer and in a followed topic counts as the writer's.
    const annSails = pages[0]!.items.find((i) => i.post.title === 'Ann sails')!;
    expect(annSails.source.authorId).toBe(ann.id);
    expect(pages[0]!.items.find((i) => i.post.title === 'Sailing')!.source.tagSlug).toBe('boats');
  });

  it.each([1, 2, 3, 4])('pages of %i give the same list with no duplicates or gaps', async (limit) => {
    const { ids, pages } = await allPages(reader, 'followingFeed', limit);
    expect(ids).toEqual(expected.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages.slice(0, -1).every((p) => p.items.length === limit)).toBe(true);
  });

  it('never shows muted writers, unlisted, private, trashed stories, responses, the reader’s own or unfollowed sources', async () => {
    const { ids } = await allPages(reader, 'followingFeed', 3);
    for (const id of Object.values(hidden)) expect(ids).not.toContain(id);
  });

  it("a restored story comes back; a story published in a followed topic appears at once", async () => {
    await sql(t, `update posts set deleted_at = null where id = $1`, [hidden.trashed]);
    const late = await story(t, stranger.id, 'Brand new boats', new Date('2026-04-01T00:00:00Z'), ['boats']);
    const { ids } = await allPages(reader, 'followingFeed', 5);
    expect(ids[0]).toBe(late);
    expect(ids).toContain(hidden.trashed);
    await sql(t, `update posts set deleted_at = now() where id = $1`, [hidden.trashed]);
    await sql(t, `delete from posts where id = $1`, [late]);
    expect((await allPages(reader, 'followingFeed', 5)).ids).toEqual(expected.map((e) => e.id));
  });

  it("'Show less like this' hides the story from the reader's feeds, and Undo brings it back", async () => {
    const target = expected[2]!.id;
    const res = await reader.browser.gql('mutation($id: ID!) { showLessLikeThis(postId: $id) }', { id: target });
    expect(res.data.showLessLikeThis).toBe(true);
    expect((await allPages(reader, 'followingFeed', 4)).ids).toEqual(expected.map((e) => e.id).filter((id) => id !== target));
    expect((await allPages(reader, 'forYouFeed', 25)).ids).not.toContain(target);
    await reader.browser.gql('mutation($id: ID!) { undoShowLessLikeThis(postId: $id) }', { id: target });
    expect((await allPages(reader, 'followingFeed', 4)).ids).toEqual(expected.map((e) => e.id));
  });

  it('is empty signed out and for a reader who follows nothing; a bad cursor reads as the first page', async () => {
    const out = await stranger.browser.gql(`{ followingFeed { ${FEED_ITEM} } }`);
    expect(out.data.followingFeed).toEqual({ items: [], pagingInfo: { next: null } });
    const first = await reader.browser.gql(`query($to: String) { followingFeed(paging: { limit: 2, to: $to }) { ${FEED_ITEM} } }`, { to: 'garbage' });
    expect(first.data.followingFeed.items.map((i: { post: { id: string } }) => i.post.id)).toEqual(expected.slice(0, 2).map((e) => e.id));
    const dismissAnon = await stranger.browser.gql('mutation($id: ID!) { showLessLikeThis(postId: $id) }', { id: 'ffffffffffff' });
    expect(dismissAnon.errors?.[0]?.message).toBe('Post not found.');
  });
});
