import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const SAVE = `mutation($postId: ID!) { addToPredefinedCatalog(type: READING_LIST, operation: { prepend: { postId: $postId } }) {
  __typename ... on AddToPredefinedCatalogSuccess { insertedItem { catalogItemId } } } }`;
const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!, $postId: ID) { createCatalog(name: $name, visibility: $visibility, postId: $postId) {
  __typename ... on CatalogEditSuccess { catalog { id version } operations { catalogItemId } } } }`;
const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { __typename } }`;
const SAVED = `query($ids: [ID!]!) { viewerSavedPosts(postIds: $ids) { postId catalogId catalogItemId } }`;
const FEATURED = `query($limit: Int) { featuredCatalogs(limit: $limit) { id name followersCount itemsCount visibility } }`;

describe('the Save controls’ state and the featured lists', () => {
  let t: TestApp;
  let author: Reader;
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Writer');
    stories = [];
    for (let i = 0; i < 3; i++) stories.push(await newStory(t, author.id, { title: `Saved story ${i}` }));
  });

  const saved = async (r: { browser: Reader['browser'] }, ids: string[]) => (await r.browser.gql(SAVED, { ids })).data?.viewerSavedPosts;
  const create = async (r: Reader, name: string, visibility: string, postId?: string) => (await r.browser.gql(CREATE, { name, visibility, postId })).data.createCatalog;

  it('answers which of the asked stories are in the viewer’s lists, with each item, Reading list first', async () => {
    const ann = await newReader(t, 'Ann');
    const item = (await ann.browser.gql(SAVE, { postId: stories[0] })).data.addToPredefinedCatalog.insertedItem.catalogItemId;
    const list = await create(ann, 'Later', 'PRIVATE', stories[0]);
    const listItem = list.operations[0].catalogItemId;
    expect(await saved(ann, [stories[0], stories[1]])).toEqual([
      { postId: stories[0], catalogId: `predefined:${ann.id}:reading-list`, catalogItemId: item },
      { postId: stories[0], catalogId: list.catalog.id, catalogItemId: listItem },
    ]);
    expect(await saved(ann, [stories[1], stories[2]])).toEqual([]);
  });

  it('never tells one reader what another saved, and tells a signed-out visitor nothing', async () => {
    const bob = await newReader(t, 'Bob');
    const cy = await newReader(t, 'Cy');
    await bob.browser.gql(SAVE, { postId: stories[1] });
    expect(await saved(cy, [stories[1]])).toEqual([]);
    expect(await saved({ browser: testBrowser(t.app) }, [stories[1]])).toEqual([]);
    const staff = await newReader(t, 'Staff', { isStaff: true });
    expect(await saved(staff, [stories[1]])).toEqual([]);
  });

  it('refuses more than 100 stories at a time', async () => {
    const dee = await newReader(t, 'Dee');
    const res = await dee.browser.gql(SAVED, { ids: Array.from({ length: 101 }, (_, i) => `${i}`.padStart(12, '0')) });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/1 to 100 stories/);
  });

  it('features public lists with stories, most followed first, then the most recent; never private, empty or predefined ones', async () => {
    const owner = await newReader(t, 'Curator');
    const quiet = await create(owner, 'Quiet picks', 'PUBLIC', stories[0]);
    const loved = await create(owner, 'Loved picks', 'PUBLIC', stories[1]);
    const hidden = await create(owner, 'Hidden picks', 'PRIVATE', stories[2]);
    const empty = await create(owner, 'Empty picks', 'PUBLIC');
    await owner.browser.gql(SAVE, { postId: stories[2] });
    for (const name of ['F1', 'F2']) await (await newReader(t, name)).browser.gql(FOLLOW, { id: loved.catalog.id });
    const featured = (await testBrowser(t.app).gql(FEATURED, {})).data.featuredCatalogs as { id: string; followersCount: number }[];
    const ids = featured.map((c) => c.id);
    expect(ids.indexOf(loved.catalog.id)).toBeLessThan(ids.indexOf(quiet.catalog.id));
    expect(ids.indexOf(quiet.catalog.id)).toBeGreaterThanOrEqual(0);
    for (const absent of [hidden.catalog.id, empty.catalog.id, `predefined:${owner.id}:reading-list`]) expect(ids).not.toContain(absent);
    expect((await testBrowser(t.app).gql(FEATURED, { limit: 1 })).data.featuredCatalogs).toHaveLength(1);
    expect((await testBrowser(t.app).gql(FEATURED, { limit: 0 })).errors?.[0]?.message).toMatch(/limit must be/);
  });
});
