import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEventDispatcher, type EventDispatcher } from '../../src/platform/events/dispatcher.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { backfillSearch } from '../../src/modules/search/indexer.js';
import { eventHandlers } from '../../src/server/event-handlers.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { hitsOf, multiQuery, person, type Json } from './search-fixtures.js';

const RESULT = `__typename ... on CatalogEditSuccess { version catalog { id slugId version itemsCount } operations { catalogItemId } }
  ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message }`;
const CREATE = `mutation($name: String!, $description: String, $visibility: CatalogVisibility!, $postId: ID) {
  createCatalog(name: $name, description: $description, visibility: $visibility, postId: $postId) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $name: String, $description: String, $visibility: CatalogVisibility) {
  updateCatalog(catalogId: $id, name: $name, description: $description, visibility: $visibility) { ${RESULT} } }`;
const EDIT = `mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) { ${RESULT} } }`;
const DELETE = `mutation($id: ID!) { deleteCatalog(catalogId: $id) { ${RESULT} } }`;

/** The lists index follows the lists: only public lists with stories, kept current by the list commands' events. */
describe('search: the lists index', () => {
  let t: TestApp;
  let dispatcher: EventDispatcher;
  let owner: Reader;
  let visitorless: string;
  let staff: string;
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    dispatcher = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers: eventHandlers(), pollIntervalMs: 3_600_000 });
    owner = await newReader(t, 'Curator');
    visitorless = await person(t, 'Other Reader', 'otherlistreader');
    staff = await person(t, 'Staff Lister', 'stafflister', { isStaff: true });
    stories = [];
    for (let i = 0; i < 3; i++) stories.push(await newStory(t, owner.id, { title: `Tide story ${i}` }));
  });
  afterAll(() => dispatcher.stop());

  const create = async (name: string, description: string, visibility: 'PUBLIC' | 'PRIVATE', postId?: string) => {
    const r = (await owner.browser.gql(CREATE, { name, description, visibility, postId })).data.createCatalog;
    expect(r.__typename).toBe('CatalogEditSuccess');
    await dispatcher.drain();
    return r.catalog as { id: string; slugId: string; version: string };
  };
  const update = async (id: string, input: Record<string, unknown>) => {
    const r = (await owner.browser.gql(UPDATE, { id, ...input })).data.updateCatalog;
    expect(r.__typename).toBe('CatalogEditSuccess');
    await dispatcher.drain();
    return r.catalog as { version: string };
  };
  const ids = async (viewer: string | null, query: string) => (await hitsOf(t, viewer, 'lists', `query=${encodeURIComponent(query)}`)).map((h: Json) => h.objectID);
  const everyone = () => [null, visitorless, owner.id, staff];
  const documents = async (id: string) => (await t.database.pool.query('select 1 from search_lists where catalog_id = $1', [id])).rowCount;

  it('finds a public list by its name and its description (the last word as typed), with its creator, item count and address', async () => {
    const list = await create('Coastal walking guides', 'Lighthouses and harbours along the shore', 'PUBLIC', stories[0]);
    for (const viewer of everyone()) {
      expect(await ids(viewer, 'coastal walk'), String(viewer)).toEqual([list.id]);
      expect(await ids(viewer, 'harbours'), String(viewer)).toEqual([list.id]);
    }
    const [hit] = await hitsOf(t, null, 'lists', 'query=lighthou');
    const username = (await t.database.pool.query('select username, name from users where id = $1', [owner.id])).rows[0];
    expect(hit).toMatchObject({
      objectID: list.id,
      catalogId: list.id,
      name: 'Coastal walking guides',
      description: 'Lighthouses and harbours along the shore',
      slugId: list.slugId,
      url: `/@${username.username}/list/${list.slugId}`,
      itemCount: 1,
      followerCount: 0,
      creator: { id: owner.id, name: username.name, username: username.username },
    });
    expect(hit._highlightResult.description.value).toBe('<em>Lighthouses</em> and harbours along the shore');
  });

  it('never finds a private list, nor a public list without stories, for anyone (its owner and staff included)', async () => {
    const secret = await create('Secret coastal dossier', 'Private harbours', 'PRIVATE', stories[1]);
    const empty = await create('Empty coastal shelf', '', 'PUBLIC');
    for (const viewer of everyone()) {
      expect(await ids(viewer, 'dossier'), String(viewer)).toEqual([]);
      expect(await ids(viewer, 'shelf'), String(viewer)).toEqual([]);
    }
    expect(await documents(secret.id)).toBe(0);
    expect(await documents(empty.id)).toBe(0);
  });

  it('follows a rename and a new description', async () => {
    const list = await create('Rainy day reading', 'Stories for the kettle', 'PUBLIC', stories[0]);
    expect(await ids(null, 'rainy')).toEqual([list.id]);
    await update(list.id, { name: 'Storm season reading', description: 'Stories for the fireside' });
    expect(await ids(null, 'rainy')).toEqual([]);
    expect(await ids(null, 'kettle')).toEqual([]);
    expect(await ids(null, 'storm season')).toEqual([list.id]);
    expect(await ids(null, 'fireside')).toEqual([list.id]);
  });

  it('drops a list made private (and finds it again once public), emptied, or deleted', async () => {
    const list = await create('Estuary birdlife', '', 'PUBLIC', stories[2]);
    expect(await ids(null, 'estuary')).toEqual([list.id]);

    const privately = await update(list.id, { visibility: 'PRIVATE' });
    for (const viewer of everyone()) expect(await ids(viewer, 'estuary'), String(viewer)).toEqual([]);
    expect(await documents(list.id)).toBe(0);
    const publicly = await update(list.id, { visibility: 'PUBLIC' });
    expect(publicly.version).not.toBe(privately.version);
    expect(await ids(null, 'estuary')).toEqual([list.id]);

    const items = (await t.database.pool.query('select id from catalog_items where catalog_id = $1', [list.id])).rows;
    const emptied = (await owner.browser.gql(EDIT, { id: list.id, v: publicly.version, ops: [{ delete: { catalogItemId: items[0].id } }] })).data.editCatalogItems;
    expect(emptied.catalog.itemsCount).toBe(0);
    await dispatcher.drain();
    expect(await ids(null, 'estuary')).toEqual([]);
    const refilled = (await owner.browser.gql(EDIT, { id: list.id, v: emptied.version, ops: [{ append: { postId: stories[2] } }] })).data.editCatalogItems;
    expect(refilled.__typename).toBe('CatalogEditSuccess');
    await dispatcher.drain();
    expect(await ids(null, 'estuary')).toEqual([list.id]);

    expect((await owner.browser.gql(DELETE, { id: list.id })).data.deleteCatalog.__typename).toBe('CatalogEditSuccess');
    await dispatcher.drain();
    expect(await ids(null, 'estuary')).toEqual([]);
    expect(await documents(list.id)).toBe(0);
  });

  it('checks visibility on every search: a list made private is not found even before its document is updated', async () => {
    const list = await create('Quarry swimming spots', '', 'PUBLIC', stories[0]);
    expect(await ids(null, 'quarry')).toEqual([list.id]);
    // The change without its event (as if the dispatcher had not run yet).
    await t.database.pool.query('update catalogs set visibility = 1 where id = $1', [list.id]);
    expect(await documents(list.id)).toBe(1);
    for (const viewer of everyone()) expect(await ids(viewer, 'quarry'), String(viewer)).toEqual([]);
    await t.database.pool.query('update catalogs set visibility = 0 where id = $1', [list.id]);
  });

  it('indexes lists that have no document yet (backfill), and filters by creator', async () => {
    const list = await create('Moorland rambles', '', 'PUBLIC', stories[1]);
    await t.database.pool.query('delete from search_lists where catalog_id = $1', [list.id]);
    expect(await ids(null, 'moorland')).toEqual([]);
    await backfillSearch(t.database.db);
    expect(await ids(null, 'moorland')).toEqual([list.id]);
    expect((await hitsOf(t, null, 'lists', `query=moorland&filters=${encodeURIComponent(`creatorId:"${owner.id}"`)}`)).length).toBe(1);
    expect((await hitsOf(t, null, 'lists', `query=moorland&filters=${encodeURIComponent(`creatorId:"${visitorless}"`)}`)).length).toBe(0);
    const bad = await multiQuery(t, null, [{ indexName: 'lists', params: 'query=moorland&filters=visibility%3D1' }]);
    expect(bad.status).toBe(400);
  });
});
