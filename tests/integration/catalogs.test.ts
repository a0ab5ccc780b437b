import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const ITEM = 'catalogItemId note tombstoneTitle post { id }';
const CATALOG = `id name slugId visibility predefined version itemsCount followersCount viewerIsOwner viewerIsFollowing creator { id } items { items { ${ITEM} } next }`;
const RESULT = `__typename
  ... on CatalogEditSuccess { version catalog { ${CATALOG} } operations { ${ITEM} } }
  ... on CatalogConflict { message version items { ${ITEM} } }
  ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message }`;

const SAVE = `mutation($type: PredefinedCatalogType!, $op: CatalogItemOperation!) { addToPredefinedCatalog(type: $type, operation: $op) {
  __typename ... on AddToPredefinedCatalogSuccess { version insertedItem { ${ITEM} } catalog { ${CATALOG} } }
  ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message } } }`;
const EDIT = `mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) { ${RESULT} } }`;
const CREATE = `mutation($name: String!, $description: String, $visibility: CatalogVisibility!, $postId: ID) { createCatalog(name: $name, description: $description, visibility: $visibility, postId: $postId) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $name: String, $visibility: CatalogVisibility) { updateCatalog(catalogId: $id, name: $name, visibility: $visibility) { ${RESULT} } }`;
const DELETE = `mutation($id: ID!) { deleteCatalog(catalogId: $id) { ${RESULT} } }`;
const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { ${RESULT} } }`;
const UNFOLLOW = `mutation($id: ID!) { unfollowCatalog(catalogId: $id) { ${RESULT} } }`;
const BY_ID = `query($id: ID!) { catalogById(catalogId: $id) { ${CATALOG} } }`;
const MINE = `query { viewerCatalogs { id name predefined visibility itemsCount } }`;
const CONTAINING = `query($postId: ID!) { catalogsContainingPost(postId: $postId) { id } }`;

describe('catalogs', () => {
  let t: TestApp;
  let author: Reader;
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
    stories = [];
    for (let i = 0; i < 4; i++) stories.push(await newStory(t, author.id, { title: `Story ${i}` }));
  });

  const create = async (r: Reader, name = 'Weekend reads', visibility = 'PUBLIC', postId?: string) => (await r.browser.gql(CREATE, { name, visibility, postId })).data.createCatalog;
  const edit = async (r: Reader, id: string, v: string, ops: unknown[]) => (await r.browser.gql(EDIT, { id, v, ops })).data.editCatalogItems;
  const byId = async (b: { gql: Reader['browser']['gql'] }, id: string) => (await b.gql(BY_ID, { id })).data.catalogById;
  const postIds = (c: { items: { items: { post: { id: string } | null }[] } }) => c.items.items.map((i) => i.post?.id ?? null);

  it('makes the Reading list on first save, at predefined:{userId}:reading-list, and saving twice keeps one item', async () => {
    const ann = await newReader(t, 'Ann');
    const before = (await ann.browser.gql(MINE)).data.viewerCatalogs;
    expect(before.map((c: { id: string }) => c.id)).toEqual([`predefined:${ann.id}:reading-list`, `predefined:${ann.id}:currently-reading`]);
    expect(before[0]).toMatchObject({ name: 'Reading list', predefined: 'READING_LIST', visibility: 'PRIVATE', itemsCount: 0 });
    const { rows: none } = await t.database.pool.query('select 1 from catalogs where user_id = $1', [ann.id]);
    expect(none).toHaveLength(0);

    const first = (await ann.browser.gql(SAVE, { type: 'READING_LIST', op: { prepend: { postId: stories[0] } } })).data.addToPredefinedCatalog;
    expect(first.__typename).toBe('AddToPredefinedCatalogSuccess');
    expect(first.catalog).toMatchObject({ id: `predefined:${ann.id}:reading-list`, slugId: 'reading-list', itemsCount: 1, viewerIsOwner: true });
    expect(first.insertedItem.post.id).toBe(stories[0]);
    const again = (await ann.browser.gql(SAVE, { type: 'READING_LIST', op: { append: { postId: stories[0] } } })).data.addToPredefinedCatalog;
    expect(again.insertedItem).toBeNull();
    expect(again.catalog.itemsCount).toBe(1);
    expect(again.version).not.toBe(first.version);
    expect(postIds(again.catalog)).toEqual([stories[0]]);
    expect((await ann.browser.gql(CONTAINING, { postId: stories[0] })).data.catalogsContainingPost).toEqual([{ id: `predefined:${ann.id}:reading-list` }]);
    expect((await ann.browser.gql(CONTAINING, { postId: stories[1] })).data.catalogsContainingPost).toEqual([]);
  });

  it('edits the unused Reading list from version 0, and a stale version is a conflict that changes nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const id = `predefined:${ann.id}:reading-list`;
    const shown = await byId(ann.browser, id);
    expect(shown.version).toBe('0');
    const ok = await edit(ann, id, '0', [{ append: { postId: stories[0] } }, { append: { postId: stories[1] } }, { prepend: { postId: stories[2], note: 'first' } }]);
    expect(ok.__typename).toBe('CatalogEditSuccess');
    expect(postIds(ok.catalog)).toEqual([stories[2], stories[0], stories[1]]);
    expect(ok.operations.map((o: { post: { id: string } }) => o.post.id)).toEqual([stories[0], stories[1], stories[2]]);
    const [a, b, c] = ok.operations.map((o: { catalogItemId: string }) => o.catalogItemId);

    const stale = await edit(ann, id, '0', [{ delete: { catalogItemId: a } }]);
    expect(stale).toMatchObject({ __typename: 'CatalogConflict', version: ok.version });
    expect(stale.items.map((i: { catalogItemId: string }) => i.catalogItemId)).toEqual([c, a, b]);
    expect((await byId(ann.browser, id)).itemsCount).toBe(3);

    const moved = await edit(ann, id, ok.version, [{ move: { catalogItemId: c, afterCatalogItemId: b } }, { move: { catalogItemId: b, afterCatalogItemId: null } }, { setNote: { catalogItemId: a, note: 'later' } }]);
    expect(moved.catalog.items.items.map((i: { catalogItemId: string; note: string | null }) => [i.catalogItemId, i.note])).toEqual([[b, null], [a, 'later'], [c, 'first']]);
    // All or nothing: a missing item in the batch rolls back the delete before it.
    const partial = await edit(ann, id, moved.version, [{ delete: { catalogItemId: a } }, { delete: { catalogItemId: 'ffffffffffff' } }]);
    expect(partial).toEqual({ __typename: 'NotFound', message: 'That story is not in this list.' });
    const after = await byId(ann.browser, id);
    expect(after.version).toBe(moved.version);
    expect(after.itemsCount).toBe(3);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const made = await create(ann);
    const id = made.catalog.id;
    const v = made.version;
    expect(await edit(ann, id, v, [])).toMatchObject({ __typename: 'BadRequest', message: 'Send 1 to 100 operations at a time.' });
    expect(await edit(ann, id, v, [{ append: { postId: stories[0] }, prepend: { postId: stories[1] } }])).toMatchObject({ __typename: 'BadRequest' });
    expect(await edit(ann, id, v, [{ append: { postId: stories[0], note: 'x'.repeat(281) } }])).toEqual({ __typename: 'BadRequest', message: 'A note can have up to 280 characters.' });
    expect(await edit(ann, id, v, [{ append: { postId: 'nosuchpost00' } }])).toEqual({ __typename: 'NotFound', message: 'Story not found.' });
    expect(await create(ann, '   ')).toEqual({ __typename: 'BadRequest', message: 'A list name must have 1 to 60 characters.' });
    expect(await create(ann, 'x'.repeat(61))).toMatchObject({ __typename: 'BadRequest' });
    expect(await byId(ann.browser, id)).toMatchObject({ version: v, itemsCount: 0 });
    const pre = `predefined:${ann.id}:reading-list`;
    await edit(ann, pre, '0', [{ append: { postId: stories[0] } }]);
    expect((await ann.browser.gql(UPDATE, { id: pre, name: 'Mine' })).data.updateCatalog).toEqual({ __typename: 'BadRequest', message: 'A predefined list keeps its name.' });
    expect((await ann.browser.gql(DELETE, { id: pre })).data.deleteCatalog).toEqual({ __typename: 'BadRequest', message: 'A predefined list cannot be deleted.' });
  });

  it('creates a list with a first story, by slugId too; a private list is null to everyone but its owner', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const made = await create(ann, 'Good Science!', 'PRIVATE', stories[1]);
    expect(made.catalog).toMatchObject({ name: 'Good Science!', visibility: 'PRIVATE', itemsCount: 1, predefined: null });
    expect(made.catalog.id).toMatch(/^[0-9a-f]{12}$/);
    expect(made.catalog.slugId).toBe(`good-science-${made.catalog.id}`);
    expect((await byId(ann.browser, made.catalog.slugId)).id).toBe(made.catalog.id);
    for (const b of [bob.browser, staff.browser, testBrowser(t.app)]) expect(await byId(b, made.catalog.id)).toBeNull();
    expect(await byId(bob.browser, `predefined:${ann.id}:reading-list`)).toBeNull();
    const userLists = `query($id: ID!) { userResult(id: $id) { ... on User { catalogs { id } } } }`;
    const seen = async (b: Reader['browser']) => ((await b.gql(userLists, { id: ann.id })).data.userResult.catalogs ?? []).map((c: { id: string }) => c.id);
    expect(await seen(bob.browser)).toEqual([]);
    expect(await seen(ann.browser)).toContain(made.catalog.id);
    await ann.browser.gql(UPDATE, { id: made.catalog.id, visibility: 'PUBLIC' });
    expect((await byId(bob.browser, made.catalog.id)).viewerIsOwner).toBe(false);
    expect(await seen(bob.browser)).toEqual([made.catalog.id]);
  });

  it('keeps items of a deleted or private story as tombstones: the post is null, its title shown to the owner only', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const doomed = await newStory(t, author.id, { title: 'Soon gone' });
    const made = await create(ann, 'Keepers', 'PUBLIC', doomed);
    await t.database.pool.query("update posts set title = 'Gone soon', deleted_at = now() where id = $1", [doomed]);
    const kept = await newStory(t, author.id, { title: 'Private later' });
    const second = (await edit(ann, made.catalog.id, made.version, [{ append: { postId: kept } }])).operations[0].catalogItemId;
    await t.database.pool.query("update posts set visibility = 'PRIVATE' where id = $1", [kept]);
    const mine = await byId(ann.browser, made.catalog.id);
    expect(mine.items.items).toEqual([
      { catalogItemId: made.operations[0].catalogItemId, note: null, tombstoneTitle: 'Gone soon', post: null },
      { catalogItemId: second, note: null, tombstoneTitle: 'Private later', post: null },
    ]);
    const theirs = await byId(bob.browser, made.catalog.id);
    expect(theirs.items.items.map((i: object) => i)).toEqual([expect.objectContaining({ tombstoneTitle: null, post: null }), expect.objectContaining({ tombstoneTitle: null, post: null })]);
    expect(mine.itemsCount).toBe(2);
    // The author still sees their private story in the list.
    expect(postIds(await byId(author.browser, made.catalog.id))).toEqual([null, kept]);
  });

  it('follows and unfollows someone else’s public list, counting followers in the same write', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const made = await create(ann, 'Followed');
    const id = made.catalog.id;
    expect((await bob.browser.gql(FOLLOW, { id })).data.followCatalog.catalog).toMatchObject({ followersCount: 1, viewerIsFollowing: true });
    expect((await bob.browser.gql(FOLLOW, { id })).data.followCatalog.catalog.followersCount).toBe(1);
    expect((await bob.browser.gql('query { viewerFollowedCatalogs { id } }')).data.viewerFollowedCatalogs).toEqual([{ id }]);
    expect((await ann.browser.gql(FOLLOW, { id })).data.followCatalog).toEqual({ __typename: 'BadRequest', message: 'You cannot follow your own list.' });
    expect((await bob.browser.gql(UNFOLLOW, { id })).data.unfollowCatalog.catalog).toMatchObject({ followersCount: 0, viewerIsFollowing: false });
    expect((await bob.browser.gql(UNFOLLOW, { id })).data.unfollowCatalog.catalog.followersCount).toBe(0);
    const secret = await create(ann, 'Secret', 'PRIVATE');
    expect((await bob.browser.gql(FOLLOW, { id: secret.catalog.id })).data.followCatalog.__typename).toBe('NotFound');
  });

  /** Every mutation × owner, another reader, a visitor and staff, on a public and a private list. */
  it('lets only the owner change a list', async () => {
    const owner = await newReader(t, 'Owner');
    const other = await newReader(t, 'Other');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const visitor = { browser: testBrowser(t.app) } as Reader;
    for (const visibility of ['PUBLIC', 'PRIVATE'] as const) {
      const mutations = async (who: Reader) => {
        const made = await create(owner, `List ${visibility}`, visibility, stories[0]);
        const id = made.catalog.id;
        const item = made.operations[0].catalogItemId;
        const out: Record<string, string> = {};
        const run = async (name: string, q: string, vars: Record<string, unknown>, field: string) => {
          const res = await who.browser.gql(q, vars);
          out[name] = res.data?.[field]?.__typename ?? 'error';
        };
        await run('append', EDIT, { id, v: made.version, ops: [{ append: { postId: stories[1] } }] }, 'editCatalogItems');
        const v = (await byId(owner.browser, id)).version;
        await run('move', EDIT, { id, v, ops: [{ move: { catalogItemId: item, afterCatalogItemId: null } }] }, 'editCatalogItems');
        await run('update', UPDATE, { id, name: 'Renamed' }, 'updateCatalog');
        await run('delete', DELETE, { id }, 'deleteCatalog');
        return out;
      };
      const hidden = visibility === 'PRIVATE' ? 'NotFound' : 'Unauthorized';
      expect(await mutations(owner), `owner ${visibility}`).toEqual({ append: 'CatalogEditSuccess', move: 'CatalogEditSuccess', update: 'CatalogEditSuccess', delete: 'CatalogEditSuccess' });
      for (const [name, who] of [['other', other], ['staff', staff]] as const) {
        expect(await mutations(who), `${name} ${visibility}`).toEqual({ append: hidden, move: hidden, update: hidden, delete: hidden });
      }
      expect(await mutations(visitor), `visitor ${visibility}`).toEqual({ append: 'Unauthorized', move: 'Unauthorized', update: 'Unauthorized', delete: 'Unauthorized' });
    }
    const signedOut = (await visitor.browser.gql(SAVE, { type: 'READING_LIST', op: { append: { postId: stories[0] } } })).data.addToPredefinedCatalog;
    expect(signedOut.__typename).toBe('Unauthorized');
    expect((await visitor.browser.gql(CREATE, { name: 'x', visibility: 'PUBLIC' })).data.createCatalog.__typename).toBe('Unauthorized');
  });

  it('pages a long list in order with a cursor', async () => {
    const ann = await newReader(t, 'Ann');
    const made = await create(ann, 'Long');
    await edit(ann, made.catalog.id, made.version, stories.map((postId) => ({ append: { postId } })));
    const PAGE = `query($id: ID!, $next: String) { catalogById(catalogId: $id) { items(limit: 3, next: $next) { items { post { id } } next } } }`;
    const p1 = (await ann.browser.gql(PAGE, { id: made.catalog.id })).data.catalogById.items;
    const p2 = (await ann.browser.gql(PAGE, { id: made.catalog.id, next: p1.next })).data.catalogById.items;
    expect([...p1.items, ...p2.items].map((i: { post: { id: string } }) => i.post.id)).toEqual(stories);
    expect(p2.next).toBeNull();
    expect((await ann.browser.gql(PAGE, { id: made.catalog.id, next: 'bogus' })).errors?.length).toBeGreaterThan(0);
  });
});
