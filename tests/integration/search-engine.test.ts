import { beforeAll, describe, expect, it } from 'vitest';
import { loadSearchViewer } from '../../src/modules/search/viewer.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { hitsOf, multiQuery, person, story } from './search-fixtures.js';

/** Relevance, people matching, the high-quality rule and muting, through the endpoint. */
describe('search engine', () => {
  let t: TestApp;
  let eleanor: string;
  let jose: string;
  let maya: string;
  let mayaOkafor: string;
  let newcomer: string;
  let staff: string;
  let reader: string;
  let titleMatch: string;
  let bodyMatch: string;

  beforeAll(async () => {
    t = await createTestApp();
    eleanor = await person(t, 'Eleanor Voss', 'eleanorvoss');
    jose = await person(t, 'José Álvarez', 'jalvarez');
    maya = await person(t, 'Maya Lindqvist', 'maya');
    mayaOkafor = await person(t, 'Maya Okafor', 'mayaokafor');
    newcomer = await person(t, 'Newcomer Writer', 'newcomer');
    staff = await person(t, 'Staff Person', 'staffperson', { isStaff: true });
    reader = await person(t, 'Plain Reader', 'plainreader');
    await t.database.pool.query('update users set follower_count = 500 where id = $1', [mayaOkafor]);
    bodyMatch = await story(t, eleanor, { title: 'Notes from the balcony', body: ['This spring I started gardening with three pots and no plan.'], claps: 5 });
    titleMatch = await story(t, jose, { title: 'Gardening in small cities', body: ['Soil, light and patience on a fifth floor.'], claps: 5, tags: ['urban-gardens'] });
    await story(t, maya, { title: 'Databases I have known', claps: 2, tags: ['databases'] });
    await story(t, mayaOkafor, { title: 'Interviews with editors', claps: 2 });
    await story(t, newcomer, { title: 'My first gardening diary', claps: 0 });
  });

  it('ranks a title match above a body match', async () => {
    const hits = await hitsOf(t, null, 'posts', 'query=gardening');
    expect(hits.map((h: { objectID: string }) => h.objectID)).toEqual([titleMatch, bodyMatch]);
    expect(hits[0]._highlightResult.title.value).toBe('<em>Gardening</em> in small cities');
    expect(hits[0]._highlightResult.title.matchLevel).toBe('full');
    expect(hits[1]._highlightResult.title.matchLevel).toBe('none');
  });

  it('matches the word being typed as a prefix, and every word of the query', async () => {
    expect((await hitsOf(t, null, 'posts', 'query=garden')).length).toBe(2);
    expect((await hitsOf(t, null, 'posts', 'query=gardening%20cities')).map((h: { objectID: string }) => h.objectID)).toEqual([titleMatch]);
    expect(await hitsOf(t, null, 'posts', 'query=gardening%20submarine')).toEqual([]);
  });

  it('puts the exact username first, before a more followed namesake', async () => {
    const hits = await hitsOf(t, null, 'users', 'query=maya');
    expect(hits.map((h: { username: string }) => h.username)).toEqual(['maya', 'mayaokafor']);
    expect(hits[0]._highlightResult.name.value).toBe('<em>Maya</em> Lindqvist');
  });

  it('finds people without their accents and with a letter wrong', async () => {
    expect((await hitsOf(t, null, 'users', 'query=jose%20alvarez')).map((h: { userId: string }) => h.userId)).toEqual([jose]);
    expect((await hitsOf(t, null, 'users', 'query=Jos%C3%A9')).map((h: { userId: string }) => h.userId)).toEqual([jose]);
    expect((await hitsOf(t, null, 'users', 'query=elanor')).map((h: { userId: string }) => h.userId)).toEqual([eleanor]);
    expect((await hitsOf(t, null, 'users', 'query=eleanro%20voss')).map((h: { userId: string }) => h.userId)).toEqual([eleanor]);
  });

  it('shows only high-quality authors to readers, everyone to staff', async () => {
    expect((await hitsOf(t, reader, 'users', 'query=newcomer')).length).toBe(0);
    expect((await hitsOf(t, reader, 'posts', 'query=diary')).length).toBe(0);
    expect((await hitsOf(t, staff, 'users', 'query=newcomer')).map((h: { userId: string }) => h.userId)).toEqual([newcomer]);
    expect((await hitsOf(t, staff, 'posts', 'query=diary')).length).toBe(1);
  });

  it('turns the filter off for everyone with can_view_unfiltered_search', async () => {
    const flags = new Map([['can_view_unfiltered_search', true as const]]);
    expect((await loadSearchViewer(t.database.db, null, flags)).unfiltered).toBe(true);
    expect((await loadSearchViewer(t.database.db, reader, flags)).unfiltered).toBe(true);
    expect((await loadSearchViewer(t.database.db, reader, new Map())).unfiltered).toBe(false);
  });

  it("leaves out the stories and the person of a writer the reader muted", async () => {
    const muter = await person(t, 'Muting Reader', 'mutingreader');
    await t.database.pool.query('insert into user_mutes (user_id, target_user_id) values ($1, $2)', [muter, jose]);
    expect((await hitsOf(t, muter, 'posts', 'query=gardening')).map((h: { objectID: string }) => h.objectID)).toEqual([bodyMatch]);
    expect(await hitsOf(t, muter, 'users', 'query=jose')).toEqual([]);
    expect((await hitsOf(t, reader, 'users', 'query=jose')).length).toBe(1);
  });

  it('finds topics by prefix and typo, only those with stories', async () => {
    await t.database.pool.query(`insert into tags (slug, display_title, post_count) values ('gardening-empty', 'Gardening Empty', 0)`);
    await t.database.pool.query(`insert into search_tags (tag_slug, names) values ('gardening-empty', 'gardening empty')`);
    const hits = await hitsOf(t, null, 'tags', 'query=urban%20gard');
    expect(hits.map((h: { tagSlug: string }) => h.tagSlug)).toEqual(['urban-gardens']);
    expect(hits[0]).toMatchObject({ objectID: 'urban-gardens', displayText: 'urban-gardens', postCount: 1, followerCount: 0 });
    expect((await hitsOf(t, null, 'tags', 'query=databses')).map((h: { tagSlug: string }) => h.tagSlug)).toEqual(['databases']);
  });

  it('answers the collections index empty, and the four indexes in request order', async () => {
    const { status, body } = await multiQuery(t, null, [
      { indexName: 'users', params: 'query=maya&hitsPerPage=3' },
      { indexName: 'collections', params: 'query=maya&hitsPerPage=3' },
      { indexName: 'tags', params: 'query=data&hitsPerPage=3' },
      { indexName: 'posts', params: 'query=databases&hitsPerPage=3' },
    ]);
    expect(status).toBe(200);
    expect(body.results.map((r: { index: string }) => r.index)).toEqual(['users', 'collections', 'tags', 'posts']);
    expect(body.results[1]).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
    expect(body.results[3].hits[0]).toMatchObject({ title: 'Databases I have known', creator: { id: maya, username: 'maya', name: 'Maya Lindqvist' } });
  });
});
