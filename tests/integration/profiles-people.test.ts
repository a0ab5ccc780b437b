import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/accounts/tables.js';
import { userFollows } from '../../src/modules/social/tables.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const PEOPLE = `query($id: ID!, $paging: PagingOptions) { userResult(id: $id) { __typename ... on User {
  followersConnection(paging: $paging) { users { id name bio } pagingInfo { next { limit to } } }
  followingConnection(paging: $paging) { users { id } pagingInfo { next { limit to } } } } } }`;

type Side = 'followersConnection' | 'followingConnection';

describe('followers and following lists', () => {
  let t: TestApp;
  let star: Reader;
  const fans: Reader[] = [];

  async function everyPage(side: Side, userId: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let to: string | undefined;
    for (let i = 0; i < 100; i++) {
      const r = await testBrowser(t.app).gql(PEOPLE, { id: userId, paging: { limit, to } });
      const conn = r.data.userResult[side];
      expect(conn.users.length).toBeLessThanOrEqual(limit);
      ids.push(...conn.users.map((u: { id: string }) => u.id));
      if (!conn.pagingInfo.next) return ids;
      expect(conn.pagingInfo.next.limit).toBe(limit);
      to = conn.pagingInfo.next.to;
    }
    throw new Error('paging did not end');
  }

  beforeAll(async () => {
    t = await createTestApp();
    star = await newReader(t, 'Star');
    for (let i = 0; i < 9; i++) fans.push(await newReader(t, 'Fan'));
    // Follows a minute apart, except three in the same instant (ties broken by id).
    const base = Date.UTC(2026, 0, 1);
    await t.database.db.insert(userFollows).values(fans.map((f, i) => ({ followerId: f.id, targetUserId: star.id, createdAt: new Date(base + (i < 3 ? 0 : i) * 60_000) })));
    await t.database.db.insert(userFollows).values(fans.slice(1).map((f, i) => ({ followerId: fans[0]!.id, targetUserId: f.id, createdAt: new Date(base + (i % 2) * 1000) })));
  });

  it('lists followers most recent first, every follower once at any page size', async () => {
    const first = await testBrowser(t.app).gql(PEOPLE, { id: star.id, paging: { limit: 3 } });
    expect(first.data.userResult.followersConnection.users.map((u: { id: string }) => u.id)).toEqual([fans[8]!.id, fans[7]!.id, fans[6]!.id]);
    for (const limit of [1, 2, 4, 25]) {
      const ids = await everyPage('followersConnection', star.id, limit);
      expect(ids, `limit ${limit}`).toHaveLength(fans.length);
      expect(new Set(ids)).toEqual(new Set(fans.map((f) => f.id)));
    }
  });

  it('lists whom a reader follows, every one once at any page size', async () => {
    for (const limit of [1, 3, 10]) {
      const ids = await everyPage('followingConnection', fans[0]!.id, limit);
      // fans[0] follows the star too (above), and the other eight.
      expect(new Set(ids)).toEqual(new Set([star.id, ...fans.slice(1).map((f) => f.id)]));
      expect(ids).toHaveLength(9);
    }
    expect(await everyPage('followingConnection', star.id, 5)).toEqual([]);
  });

  it('leaves deactivated accounts out', async () => {
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, fans[8]!.id));
    const ids = await everyPage('followersConnection', star.id, 4);
    expect(ids).toHaveLength(8);
    expect(ids).not.toContain(fans[8]!.id);
    await t.database.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, fans[8]!.id));
  });

  it('refuses a cursor it did not make', async () => {
    for (const to of ['x', '123', '12_zzzzzzzzzzzz', "1_abc' or 1=1"]) {
      const r = await testBrowser(t.app).gql(PEOPLE, { id: star.id, paging: { limit: 2, to } });
      expect(r.errors?.[0]?.message, to).toBe('That page of followers does not exist (bad paging cursor).');
    }
  });

  it('caps a page at 25 people', async () => {
    const r = await testBrowser(t.app).gql(PEOPLE, { id: star.id, paging: { limit: 1000 } });
    expect(r.data.userResult.followersConnection.users).toHaveLength(9);
    const zero = await testBrowser(t.app).gql(PEOPLE, { id: star.id, paging: { limit: 0 } });
    expect(zero.data.userResult.followersConnection.users).toHaveLength(1);
  });
});
