import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { publicationPostIds } from '../../src/modules/publications/queries.js';

const FIELDS = 'id slug name description tags subscriberCount url viewerEdge { isEditor isFollowing isMuting role } homepage { title header { size } sections { __typename ... on PostsSection { id source layout } } } navigationItems { title }';
const RESULT = `__typename ... on CollectionSuccess { collection { ${FIELDS} } } ... on BadRequest { message } ... on AlreadyExists { message } ... on Unauthorized { message }`;
const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ${RESULT} } }`;
const BY_SLUG = `query($s: String) { collection(domainOrSlug: $s) { ${FIELDS} } }`;
const BY_ID = `query($id: ID) { collection(id: $id) { id slug } }`;
const ADMIN = `query { viewer { adminCollections { id name } } }`;

describe('publications: creating one', () => {
  let t: TestApp;
  let owner: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
  });

  const create = async (r: Reader, input: Record<string, unknown>) => (await r.browser.gql(CREATE, { input })).data.createCollection;

  it('makes the viewer its owner, with the latest stories as its homepage, found by slug in any case and by id', async () => {
    const made = await create(owner, { name: '  The Harbour Review ', slug: 'Harbour-Review', description: 'Essays from the coast', tags: ['Essays', 'Sea'] });
    expect(made.__typename).toBe('CollectionSuccess');
    expect(made.collection).toMatchObject({ slug: 'harbour-review', name: 'The Harbour Review', description: 'Essays from the coast', tags: ['Essays', 'Sea'], subscriberCount: 0 });
    expect(made.collection.viewerEdge).toEqual({ isEditor: true, isFollowing: false, isMuting: false, role: 'OWNER' });
    expect(made.collection.homepage.sections).toEqual([{ __typename: 'PostsSection', id: 'latest', source: 'LATEST', layout: 'GRID' }]);
    expect(made.collection.url).toMatch(/\/harbour-review$/);

    const reader = await newReader(t, 'Reader');
    const seen = (await reader.browser.gql(BY_SLUG, { s: 'HARBOUR-REVIEW' })).data.collection;
    expect(seen.id).toBe(made.collection.id);
    expect(seen.viewerEdge).toEqual({ isEditor: false, isFollowing: false, isMuting: false, role: null });
    expect((await reader.browser.gql(BY_ID, { id: made.collection.id })).data.collection.slug).toBe('harbour-review');
    expect((await reader.browser.gql(BY_SLUG, { s: 'no-such-publication' })).data.collection).toBeNull();

    const admin = (await owner.browser.gql(ADMIN)).data.viewer.adminCollections;
    expect(admin.map((c: { id: string }) => c.id)).toContain(made.collection.id);
    expect((await reader.browser.gql(ADMIN)).data.viewer.adminCollections).toEqual([]);
  });

  it.each([
    [{ name: '', slug: 'valid-slug' }, 'A publication needs a name'],
    [{ name: 'x'.repeat(101), slug: 'valid-slug' }, 'A publication needs a name'],
    [{ name: 'Ok', slug: 'ab' }, 'The publication URL must be'],
    [{ name: 'Ok', slug: 'bad--slug' }, 'The publication URL must be'],
    [{ name: 'Ok', slug: 'has space' }, 'The publication URL must be'],
    [{ name: 'Ok', slug: 'search' }, 'reserved'],
    [{ name: 'Ok', slug: 'admin' }, 'reserved'],
    [{ name: 'Ok', slug: 'valid-slug', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'at most 5 tags'],
    [{ name: 'Ok', slug: 'valid-slug', description: 'd'.repeat(281) }, 'at most 280'],
    [{ name: 'Ok', slug: 'valid-slug', avatarImageId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, 'not one of your uploads'],
  ])('refuses %o with a clear message and creates nothing', async (input, message) => {
    const before = await t.database.db.execute('select count(*)::int as n from publications');
    const res = await create(owner, input);
    expect(res.__typename).toBe('BadRequest');
    expect(res.message).toContain(message);
    const after = await t.database.db.execute('select count(*)::int as n from publications');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('refuses a slug already taken, whatever its case, and asks a signed-out visitor to sign in', async () => {
    await create(owner, { name: 'First', slug: 'taken-slug' });
    const other = await newReader(t, 'Other');
    const res = await create(other, { name: 'Second', slug: 'Taken-Slug' });
    expect(res).toEqual({ __typename: 'AlreadyExists', message: 'That publication URL is taken. Please choose another.' });
    const anonymous = (await testBrowser(t.app).gql(CREATE, { input: { name: 'Anon', slug: 'anon-pub' } })).data.createCollection;
    expect(anonymous.__typename).toBe('Unauthorized');
  });

  it('a story approved into a publication names it and lives under its address', async () => {
    const made = await create(owner, { name: 'Tides', slug: 'tides' });
    const storyId = await newStory(t, owner.id, { title: 'Low water' });
    await t.database.db.execute(`update posts set collection_id = '${made.collection.id}' where id = '${storyId}'`);
    const post = (await owner.browser.gql(`query($id: ID!) { postResult(id: $id) { ... on Post { mediumUrl collection { slug name } } } }`, { id: storyId })).data.postResult;
    expect(post.collection).toEqual({ slug: 'tides', name: 'Tides' });
    expect(post.mediumUrl).toMatch(new RegExp(`/tides/low-water-${storyId}$`));
  });

  it('lists a publication\'s stories newest first, by tag, by time window and page by page', async () => {
    const made = await create(owner, { name: 'Listing', slug: 'listing-pub' });
    const pubId = made.collection.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await newStory(t, owner.id, { title: `Story ${i}` });
      // Distinct times, oldest first; odd ones tagged.
      await t.database.db.execute(`update posts set collection_id = '${pubId}', first_published_at = timestamptz '2026-01-0${i + 1} 12:00Z', tags = '${i % 2 ? '{tides}' : '{}'}' where id = '${id}'`);
      ids.push(id);
    }
    const outside = await newStory(t, owner.id, { title: 'Not in it' });
    const db = t.database.db;
    const first = await publicationPostIds(db, pubId, { limit: 2 });
    expect(first.ids).toEqual([ids[4], ids[3]]);
    const second = await publicationPostIds(db, pubId, { limit: 2, after: first.next });
    expect(second.ids).toEqual([ids[2], ids[1]]);
    const last = await publicationPostIds(db, pubId, { limit: 2, after: second.next });
    expect(last).toEqual({ ids: [ids[0]], next: null });
    expect((await publicationPostIds(db, pubId, { limit: 10, tag: 'Tides' })).ids).toEqual([ids[3], ids[1]]);
    expect((await publicationPostIds(db, pubId, { limit: 10, from: new Date('2026-01-02T00:00Z'), to: new Date('2026-01-04T00:00Z') })).ids).toEqual([ids[2], ids[1]]);
    expect((await publicationPostIds(db, pubId, { limit: 10 })).ids).not.toContain(outside);
  });
});
