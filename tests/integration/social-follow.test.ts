import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const USER_FIELDS = 'id socialStats { followerCount followingCount } viewerEdge { isFollowing isMuting }';
const FOLLOW = `mutation FollowUser($id: ID!) { followUser(targetUserId: $id) { ${USER_FIELDS} } }`;
const UNFOLLOW = `mutation UnfollowUser($id: ID!) { unfollowUser(targetUserId: $id) { ${USER_FIELDS} } }`;
const MUTE = `mutation muteUser($id: ID!) { muteUser(targetUserId: $id) { ${USER_FIELDS} } }`;
const UNMUTE = `mutation unmuteUser($id: ID!) { unmuteUser(targetUserId: $id) { ${USER_FIELDS} } }`;
const USER = `query($id: ID) { userResult(id: $id) { ... on User { ${USER_FIELDS} } } }`;

/** Spec §7 FollowUser/UnfollowUser and muteUser/unmuteUser: rules, counters, viewerEdge, events. */
describe('following and muting writers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  const counts = async (id: string) => {
    const { rows } = await t.database.pool.query<{ follower_count: number; following_count: number; followers: number; following: number }>(
      `select follower_count, following_count,
        (select count(*)::int from user_follows where target_user_id = u.id) as followers,
        (select count(*)::int from user_follows where follower_id = u.id) as following
       from users u where id = $1`,
      [id],
    );
    return rows[0]!;
  };
  const events = async (type: string, key: string, id: string) => {
    const { rows } = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from domain_events where type = $1 and payload->>$2 = $3`, [type, key, id]);
    return rows[0]!.n;
  };

  it('follows and unfollows: counts and viewerEdge change together, others see no edge', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const followed = (await ann.browser.gql(FOLLOW, { id: bob.id })).data.followUser;
    expect(followed).toEqual({ id: bob.id, socialStats: { followerCount: 1, followingCount: 0 }, viewerEdge: { isFollowing: true, isMuting: false } });
    expect((await ann.browser.gql(USER, { id: ann.id })).data.userResult.socialStats).toEqual({ followerCount: 0, followingCount: 1 });
    // Bob sees Ann without an edge from himself; a signed-out reader sees none either.
    expect((await bob.browser.gql(USER, { id: ann.id })).data.userResult.viewerEdge).toEqual({ isFollowing: false, isMuting: false });
    expect((await testBrowser(t.app).gql(USER, { id: bob.id })).data.userResult.viewerEdge).toEqual({ isFollowing: false, isMuting: false });

    const unfollowed = (await ann.browser.gql(UNFOLLOW, { id: bob.id })).data.unfollowUser;
    expect(unfollowed).toEqual({ id: bob.id, socialStats: { followerCount: 0, followingCount: 0 }, viewerEdge: { isFollowing: false, isMuting: false } });
    expect(await counts(ann.id)).toEqual({ follower_count: 0, following_count: 0, followers: 0, following: 0 });
    expect(await events('user.followed', 'followerId', ann.id)).toBe(1);
    expect(await events('user.unfollowed', 'followerId', ann.id)).toBe(1);
  });

  it('refuses following yourself with the spec text and changes nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const res = await ann.browser.gql(FOLLOW, { id: ann.id });
    expect(res.errors?.[0]?.message).toBe('You cannot follow yourself.');
    expect((await ann.browser.gql(MUTE, { id: ann.id })).errors?.[0]?.message).toBe('You cannot mute yourself.');
    expect(await counts(ann.id)).toEqual({ follower_count: 0, following_count: 0, followers: 0, following: 0 });
    expect(await events('user.followed', 'followerId', ann.id)).toBe(0);
  });

  it('refuses unknown, deactivated and suspended writers; unfollowing one that went away still works', async () => {
    const ann = await newReader(t, 'Ann');
    const gone = await newReader(t, 'Gone');
    const banned = await newReader(t, 'Banned');
    expect((await ann.browser.gql(FOLLOW, { id: 'ffffffffffff' })).errors?.[0]?.message).toBe('User not found.');
    await ann.browser.gql(FOLLOW, { id: gone.id });
    await t.database.pool.query('update users set deactivated_at = now() where id = $1', [gone.id]);
    await t.database.pool.query('update users set is_suspended = true where id = $1', [banned.id]);
    expect((await ann.browser.gql(FOLLOW, { id: banned.id })).errors?.[0]?.message).toBe('This account is not available.');
    expect((await ann.browser.gql(MUTE, { id: banned.id })).errors?.[0]?.message).toBe('This account is not available.');
    expect((await ann.browser.gql(UNFOLLOW, { id: gone.id })).errors).toBeUndefined();
    expect(await counts(ann.id)).toMatchObject({ following_count: 0, following: 0 });
    expect(await counts(gone.id)).toMatchObject({ follower_count: 0, followers: 0 });
  });

  it('signed out: asked to sign in', async () => {
    const bob = await newReader(t, 'Bob');
    const res = await testBrowser(t.app).gql(FOLLOW, { id: bob.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(await counts(bob.id)).toMatchObject({ follower_count: 0, followers: 0 });
  });

  it('a double click follows once: one row, one count, one event', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    for (let i = 0; i < 2; i++) expect((await ann.browser.gql(FOLLOW, { id: bob.id })).data.followUser.socialStats.followerCount).toBe(1);
    for (let i = 0; i < 2; i++) expect((await ann.browser.gql(UNFOLLOW, { id: bob.id })).data.unfollowUser.socialStats.followerCount).toBe(0);
    expect(await events('user.followed', 'followerId', ann.id)).toBe(1);
    expect(await events('user.unfollowed', 'followerId', ann.id)).toBe(1);
  });

  it('20 concurrent follows, then 20 concurrent unfollows, of the same pair keep the counts exact', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const follows = await Promise.all(Array.from({ length: 20 }, () => ann.browser.gql(FOLLOW, { id: bob.id })));
    expect(follows.every((r) => !r.errors && r.data.followUser.viewerEdge.isFollowing)).toBe(true);
    expect(await counts(bob.id)).toMatchObject({ follower_count: 1, followers: 1 });
    expect(await counts(ann.id)).toMatchObject({ following_count: 1, following: 1 });
    expect(await events('user.followed', 'followerId', ann.id)).toBe(1);
    const unfollows = await Promise.all(Array.from({ length: 20 }, () => ann.browser.gql(UNFOLLOW, { id: bob.id })));
    expect(unfollows.every((r) => !r.errors)).toBe(true);
    expect(await counts(bob.id)).toMatchObject({ follower_count: 0, followers: 0 });
    expect(await counts(ann.id)).toMatchObject({ following_count: 0, following: 0 });
    expect(await events('user.unfollowed', 'followerId', ann.id)).toBe(1);
  });

  it('20 follows and unfollows of the same pair racing each other leave counts equal to the row and one event per real change', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ann.browser.gql(i % 2 ? UNFOLLOW : FOLLOW, { id: bob.id })));
    expect(results.filter((r) => r.errors)).toEqual([]);
    const b = await counts(bob.id);
    const a = await counts(ann.id);
    expect(b.follower_count).toBe(b.followers);
    expect(a.following_count).toBe(a.following);
    expect(b.followers).toBe(a.following);
    // Followed minus unfollowed events is the row that is left (0 or 1): no event without a change.
    expect((await events('user.followed', 'followerId', ann.id)) - (await events('user.unfollowed', 'followerId', ann.id))).toBe(b.followers);
  });

  it('follows and unfollows mixed at once across pairs (readers following each other) keep every count equal to its rows', async () => {
    const people: Reader[] = [];
    for (let i = 0; i < 5; i++) people.push(await newReader(t, 'Crowd'));
    // Every ordered pair, twice, with unfollows of half of them racing the follows.
    const calls = [];
    for (const a of people) for (const b of people) if (a !== b) calls.push(a.browser.gql(FOLLOW, { id: b.id }), a.browser.gql(FOLLOW, { id: b.id }));
    for (const [i, a] of people.entries()) calls.push(a.browser.gql(UNFOLLOW, { id: people[(i + 1) % 5]!.id }));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.errors).map((r) => r.errors)).toEqual([]);
    for (const p of people) {
      const c = await counts(p.id);
      expect(c.follower_count).toBe(c.followers);
      expect(c.following_count).toBe(c.following);
    }
    const { rows } = await t.database.pool.query<{ rows: number; events: number }>(
      `select (select count(*)::int from user_follows where follower_id = any($1)) -
        0 as rows,
        (select count(*)::int from domain_events where type = 'user.followed' and payload->>'followerId' = any($1)) -
        (select count(*)::int from domain_events where type = 'user.unfollowed' and payload->>'followerId' = any($1)) as events`,
      [people.map((p) => p.id)],
    );
    // Each real change left exactly one event: followed minus unfollowed equals the rows.
    expect(rows[0]!.events).toBe(rows[0]!.rows);
  });

  it('mutes and unmutes: viewerEdge.isMuting, idempotent, one event per change, a follow kept', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    await ann.browser.gql(FOLLOW, { id: bob.id });
    const muted = await Promise.all(Array.from({ length: 20 }, () => ann.browser.gql(MUTE, { id: bob.id })));
    expect(muted.every((r) => r.data.muteUser.viewerEdge.isMuting === true)).toBe(true);
    expect((await ann.browser.gql(USER, { id: bob.id })).data.userResult.viewerEdge).toEqual({ isFollowing: true, isMuting: true });
    expect(await events('user.muted', 'userId', ann.id)).toBe(1);
    const unmuted = (await ann.browser.gql(UNMUTE, { id: bob.id })).data.unmuteUser;
    expect(unmuted.viewerEdge).toEqual({ isFollowing: true, isMuting: false });
    await ann.browser.gql(UNMUTE, { id: bob.id });
    expect(await events('user.unmuted', 'userId', ann.id)).toBe(1);
  });
});
