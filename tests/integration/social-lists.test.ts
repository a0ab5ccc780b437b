import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const FOLLOW = 'mutation($id: ID!) { followUser(targetUserId: $id) { id } }';
const MUTE = 'mutation($id: ID!) { muteUser(targetUserId: $id) { id } }';
const FOLLOW_TAG = 'mutation($slug: String!) { followTag(tagSlug: $slug) { normalizedTagSlug postCount followerCount viewerEdge { isFollowing } } }';
const UNFOLLOW_TAG = 'mutation($slug: String!) { unfollowTag(tagSlug: $slug) { normalizedTagSlug followerCount viewerEdge { isFollowing } } }';
const FOLLOWED = 'query($to: String) { viewerFollowedUsers(paging: { limit: 2, to: $to }) { users { id } pagingInfo { next { limit to } } } }';
const MUTED = '{ viewerMutedUsers { users { id viewerEdge { isMuting } } } }';
const TAGS = '{ viewerFollowedTags { tags { normalizedTagSlug displayTitle viewerEdge { isFollowing } } } }';
const SUGGESTIONS = '{ viewerFollowSuggestions(limit: 10) { reason user { id } } }';

/** Topics followed, the viewer's lists (/me/following, /me/settings/mute) and suggestions. */
describe('topic follows and the viewer’s lists', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  const newTag = async (slug: string, title: string) => {
    await t.database.pool.query('insert into tags (slug, display_title) values ($1, $2) on conflict do nothing', [slug, title]);
  };
  const tagCount = async (slug: string) => {
    const { rows } = await t.database.pool.query<{ c: number; n: number }>('select follower_count as c, (select count(*)::int from tag_follows where tag_slug = $1) as n from tags where slug = $1', [slug]);
    return rows[0]!;
  };

  it('follows a topic once under concurrent calls, by any case of its slug; unfollows; unknown topics refused', async () => {
    await newTag('rust-lang', 'Rust Lang');
    const ann = await newReader(t, 'Ann');
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => ann.browser.gql(FOLLOW_TAG, { slug: i % 2 ? 'Rust-Lang' : 'rust-lang' })));
    expect(res.every((r) => !r.errors && r.data.followTag.viewerEdge.isFollowing)).toBe(true);
    expect(await tagCount('rust-lang')).toEqual({ c: 1, n: 1 });
    expect((await ann.browser.gql(TAGS)).data.viewerFollowedTags.tags).toEqual([{ normalizedTagSlug: 'rust-lang', displayTitle: 'Rust Lang', viewerEdge: { isFollowing: true } }]);
    const off = (await ann.browser.gql(UNFOLLOW_TAG, { slug: 'rust-lang' })).data.unfollowTag;
    expect(off).toEqual({ normalizedTagSlug: 'rust-lang', followerCount: 0, viewerEdge: { isFollowing: false } });
    expect((await ann.browser.gql(FOLLOW_TAG, { slug: 'no-such-topic' })).errors?.[0]?.message).toBe('Topic not found.');
    const { rows } = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from domain_events where type in ('tag.followed', 'tag.unfollowed') and payload->>'userId' = $1`, [ann.id]);
    expect(rows[0]!.n).toBe(2);
  });

  it('pages the followed writers newest first without gaps or repeats', async () => {
    const ann = await newReader(t, 'Ann');
    const writers: Reader[] = [];
    for (let i = 0; i < 5; i++) writers.push(await newReader(t, 'Writer'));
    for (const w of writers) await ann.browser.gql(FOLLOW, { id: w.id });
    const seen: string[] = [];
    let to: string | null = null;
    for (let page = 0; page < 5; page++) {
      const got: { users: { id: string }[]; pagingInfo: { next: { to: string } | null } } = (await ann.browser.gql(FOLLOWED, { to })).data.viewerFollowedUsers;
      seen.push(...got.users.map((u) => u.id));
      to = got.pagingInfo.next?.to ?? null;
      if (!to) break;
    }
    expect(seen).toEqual(writers.map((w) => w.id).reverse());
    expect((await ann.browser.gql(FOLLOWED, { to: 'nonsense' })).errors?.[0]?.message).toBe('That page does not exist (bad paging cursor).');
    expect((await testBrowser(t.app).gql(FOLLOWED)).data.viewerFollowedUsers).toBeNull();
  });

  it('reads the viewer’s edge to every user of a request in one query', async () => {
    const ann = await newReader(t, 'Ann');
    for (let i = 0; i < 6; i++) await ann.browser.gql(FOLLOW, { id: (await newReader(t, 'Writer')).id });
    const pool = t.database.pool;
    const original = pool.query.bind(pool);
    const edgeQueries: string[] = [];
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('from user_mutes')) edgeQueries.push(text);
      return original(...args);
    }) as typeof pool.query;
    try {
      const res = await ann.browser.gql('{ viewerFollowedUsers(paging: { limit: 10 }) { users { id viewerEdge { isFollowing isMuting } } } }');
      expect(res.data.viewerFollowedUsers.users).toHaveLength(6);
      expect(res.data.viewerFollowedUsers.users.every((u: { viewerEdge: { isFollowing: boolean } }) => u.viewerEdge.isFollowing)).toBe(true);
    } finally {
      pool.query = original;
    }
    expect(edgeQueries).toHaveLength(1);
  });

  it('lists muted writers with isMuting', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    await ann.browser.gql(MUTE, { id: bob.id });
    expect((await ann.browser.gql(MUTED)).data.viewerMutedUsers.users).toEqual([{ id: bob.id, viewerEdge: { isMuting: true } }]);
  });

  it('suggests writers followed by people you follow, then writers in your topics, never followed, muted or unavailable ones', async () => {
    await newTag('gardening', 'Gardening');
    const me = await newReader(t, 'Me');
    const friend = await newReader(t, 'Friend');
    const fav = await newReader(t, 'Fav');
    const muted = await newReader(t, 'Muted');
    const gardener = await newReader(t, 'Gardener');
    const gone = await newReader(t, 'Gone');
    await me.browser.gql(FOLLOW, { id: friend.id });
    for (const w of [fav, muted, gone]) await friend.browser.gql(FOLLOW, { id: w.id });
    await me.browser.gql(MUTE, { id: muted.id });
    await t.database.pool.query('update users set is_suspended = true where id = $1', [gone.id]);
    await me.browser.gql(FOLLOW_TAG, { slug: 'gardening' });
    const postId = await newStory(t, gardener.id);
    await t.database.pool.query(`update posts set tags = '{gardening}', first_published_at = now() where id = $1`, [postId]);

    const got: { reason: string; user: { id: string } }[] = (await me.browser.gql(SUGGESTIONS)).data.viewerFollowSuggestions;
    const ids = got.map((s) => s.user.id);
    expect(got[0]).toEqual({ reason: 'NETWORK', user: { id: fav.id } });
    expect(got.find((s) => s.user.id === gardener.id)?.reason).toBe('TOPICS');
    for (const excluded of [me.id, friend.id, muted.id, gone.id]) expect(ids).not.toContain(excluded);
  });
});
