import { beforeAll, describe, expect, it } from 'vitest';
import { backfillSearch } from '../../src/modules/search/indexer.js';
import { PEOPLE_CANDIDATES } from '../../src/modules/search/users-search.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { hitsOf, person } from './search-fixtures.js';

/**
 * People ranked as Algolia ranks typos: names matched as typed (the last word as a prefix)
 * before names matched with a letter wrong, however followed; and when the names without a
 * typo fill the candidates, the others are not read at all.
 */
describe('search: people, fewer typos first', () => {
  let t: TestApp;
  let staff: string;
  let mayaAsh: string;
  let mayaBell: string;
  let mayoFamous: string;

  const userIds = async (viewer: string | null, query: string, extra = '') =>
    (await hitsOf(t, viewer, 'users', `query=${encodeURIComponent(query)}${extra}`)).map((h: { userId: string }) => h.userId);

  beforeAll(async () => {
    t = await createTestApp();
    staff = await person(t, 'Staff Searcher', 'staffsearcher', { isStaff: true });
    mayaAsh = await person(t, 'Maya Ash', 'mayaash');
    mayaBell = await person(t, 'Maya Bell', 'mayabell');
    mayoFamous = await person(t, 'Mayo Famous', 'mayofamous');
    await t.database.pool.query('update users set follower_count = 10000 where id = $1', [mayoFamous]);
    await t.database.pool.query('update users set follower_count = 5 where id = $1', [mayaBell]);
    // More people named Kenji than there are candidates, and a famous Kenjo.
    for (let i = 0; i < PEOPLE_CANDIDATES + 5; i++) await person(t, `Kenji Number${i}`, `kenji${i}`);
    const kenjo = await person(t, 'Kenjo Star', 'kenjostar');
    await t.database.pool.query('update users set follower_count = 50000 where id = $1', [kenjo]);
    // Indexed now, rather than as the events of the sign-ups arrive.
    await backfillSearch(t.database.db);
    await t.database.pool.query(`update search_users set follower_count = u.follower_count from users u where u.id = search_users.user_id`);
  });

  it('puts the names typed without a typo before a more followed name with one', async () => {
    expect(await userIds(staff, 'maya')).toEqual([mayaBell, mayaAsh, mayoFamous]);
    expect(await userIds(staff, 'mayo')).toEqual([mayoFamous, mayaBell, mayaAsh]);
  });

  it('reads only names without a typo when they fill the candidates', async () => {
    const hits = await hitsOf(t, staff, 'users', 'query=kenji&hitsPerPage=1000');
    expect(hits).toHaveLength(PEOPLE_CANDIDATES);
    expect(hits.every((h: { name: string }) => h.name.startsWith('Kenji '))).toBe(true);
    // Typed with a letter wrong, the famous Kenjo is the first of the close names.
    expect((await hitsOf(t, staff, 'users', 'query=kenjo'))[0].name).toBe('Kenjo Star');
  });
});
