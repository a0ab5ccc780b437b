import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { parseHead } from '../support/page-head.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

/**
 * The list pages as the server renders them: the owner's page (/me/list/{slugId}, predefined
 * lists included), the public page (/@{username}/list/{slugId}) and the embed
 * (/embed/list/{slugId}): who sees what, redirects, 404s, head tags and framing.
 */
const CREATE = `mutation($name: String!, $description: String, $visibility: CatalogVisibility!, $postId: ID) {
  createCatalog(name: $name, description: $description, visibility: $visibility, postId: $postId) {
    __typename ... on CatalogEditSuccess { version catalog { id slugId version items { items { catalogItemId } } } } } }`;
const EDIT = `mutation($id: ID!, $v: String!, $ops: [CatalogItemOperation!]!) { editCatalogItems(catalogId: $id, version: $v, operations: $ops) {
  __typename ... on CatalogEditSuccess { version } ... on CatalogConflict { version } } }`;
const SAVE = `mutation($postId: ID!) { addToPredefinedCatalog(type: READING_LIST, operation: { prepend: { postId: $postId } }) { __typename } }`;
const BY_ID = `query($id: ID!) { catalogById(catalogId: $id) { id slugId name } }`;
const DELETE_POST = `mutation($id: ID!) { deletePost(targetPostId: $id) { __typename } }`;

describe('list pages', () => {
  let t: TestApp;
  let owner: Reader;
  let other: Reader;
  let staff: Reader;
  let username: string;
  let stories: string[];
  let publicList: { id: string; slugId: string };
  let privateList: { id: string; slugId: string };

  const usernameOf = async (r: Reader) => (await r.browser.gql('query { viewer { username } }')).data.viewer.username as string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    other = await newReader(t, 'Other');
    staff = await newReader(t, 'Staff', { isStaff: true });
    username = await usernameOf(owner);
    stories = [];
    for (let i = 0; i < 3; i++) stories.push(await newStory(t, owner.id, { title: `Story <${i}>` }));
    const made = (await owner.browser.gql(CREATE, { name: 'Weekend reads', description: 'Long ones for Sunday', visibility: 'PUBLIC', postId: stories[0] })).data.createCatalog;
    publicList = made.catalog;
    const [item] = made.catalog.items.items;
    const noted = (await owner.browser.gql(EDIT, { id: publicList.id, v: made.version, ops: [{ setNote: { catalogItemId: item.catalogItemId, note: 'Read this <b>twice</b>' } }, { append: { postId: stories[1] } }] })).data.editCatalogItems;
    expect(noted.__typename).toBe('CatalogEditSuccess');
    privateList = (await owner.browser.gql(CREATE, { name: 'Secret stash', visibility: 'PRIVATE', postId: stories[2] })).data.createCatalog.catalog;
  });

  it('resolves a predefined kind as a slugId to the viewer’s own list, and to nothing signed out', async () => {
    expect((await owner.browser.gql(BY_ID, { id: 'reading-list' })).data.catalogById).toEqual({ id: `predefined:${owner.id}:reading-list`, slugId: 'reading-list', name: 'Reading list' });
    expect((await other.browser.gql(BY_ID, { id: 'reading-list' })).data.catalogById.id).toBe(`predefined:${other.id}:reading-list`);
    expect((await testBrowser(t.app).gql(BY_ID, { id: 'reading-list' })).data.catalogById).toBeNull();
  });

  it('shows the owner their list with its note, escaped, and their predefined Reading list before its first use', async () => {
    const page = await owner.browser.get(`/me/list/${publicList.slugId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Weekend reads');
    expect(page.body).toContain('Read this &lt;b&gt;twice&lt;/b&gt;');
    expect(page.body).not.toContain('<b>twice</b>');
    expect(page.body).toContain('Story &lt;0&gt;');
    expect(page.body).toContain('2 stories');
    expect(page.body).toContain('Edit list');
    expect(parseHead(page.body).meta.robots).toBe('noindex');

    const fresh = await newReader(t, 'Fresh');
    const reading = await fresh.browser.get('/me/list/reading-list');
    expect(reading.statusCode).toBe(200);
    expect(reading.body).toContain('Reading list');
    expect(reading.body).toContain('Stories you save show up here.');
    // A predefined list is neither renamed nor deleted.
    expect(reading.body).not.toContain('Edit list');
    expect(reading.body).not.toContain('Delete list');
    await fresh.browser.gql(SAVE, { postId: stories[1] });
    expect((await fresh.browser.get('/me/list/reading-list')).body).toContain('Story &lt;1&gt;');
  });

  it('sends others from the owner’s page to the public page, 404s a private list, and signed-out readers to sign in', async () => {
    const others = await other.browser.get(`/me/list/${publicList.slugId}`);
    expect(others.statusCode).toBe(302);
    expect(others.headers.location).toBe(`/@${username}/list/${publicList.slugId}`);
    expect((await other.browser.get(`/me/list/${privateList.slugId}`)).statusCode).toBe(404);
    expect((await staff.browser.get(`/me/list/${privateList.slugId}`)).statusCode).toBe(404);
    const out = await testBrowser(t.app).get(`/me/list/${publicList.slugId}`);
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`/m/signin?operation=login&redirect=/me/list/${publicList.slugId}`);
  });

  it('renders the public page to everyone with the note, the follower count and sharing tags; a private list only to its owner', async () => {
    const path = `/@${username}/list/${publicList.slugId}`;
    for (const b of [testBrowser(t.app), other.browser, staff.browser]) {
      const page = await b.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Read this &lt;b&gt;twice&lt;/b&gt;');
      expect(page.body).toContain('0 Followers');
      expect(page.body).toContain('aria-label="Share"');
    }
    const head = parseHead((await testBrowser(t.app).get(path)).body);
    expect(head.title).toMatch(/^Weekend reads – a list by Owner \d+ – \S/);
    expect(head.meta.description).toBe('Long ones for Sunday');
    expect(head.meta['og:title']).toBe('Weekend reads');
    expect(head.meta['og:image']).toMatch(/^https?:\/\/[^/]+\//);
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toMatch(new RegExp(`${path}$`));
    expect(head.meta.robots).toBeUndefined();

    const privatePath = `/@${username}/list/${privateList.slugId}`;
    expect((await testBrowser(t.app).get(privatePath)).statusCode).toBe(404);
    expect((await other.browser.get(privatePath)).statusCode).toBe(404);
    expect((await staff.browser.get(privatePath)).statusCode).toBe(404);
    const own = await owner.browser.get(privatePath);
    expect(own.statusCode).toBe(200);
    expect(parseHead(own.body).meta.robots).toBe('noindex');
  });

  it('redirects an old slug and another username to the list’s address; a predefined kind under another user is 404', async () => {
    const bare = await testBrowser(t.app).get(`/@${username}/list/${publicList.id}`);
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/@${username}/list/${publicList.slugId}`);
    const otherName = await usernameOf(other);
    const wrongUser = await testBrowser(t.app).get(`/@${otherName}/list/${publicList.slugId}`);
    expect(wrongUser.statusCode).toBe(301);
    expect(wrongUser.headers.location).toBe(`/@${username}/list/${publicList.slugId}`);
    await owner.browser.gql(SAVE, { postId: stories[0] });
    // Another reader's /@owner/list/reading-list names the other reader's own list, never the owner's.
    expect((await other.browser.get(`/@${username}/list/reading-list`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/@${username}/list/reading-list`)).statusCode).toBe(200);
  });

  it('frames the embed of a public list for signed-out readers on any site, without setting cookies', async () => {
    const res = await testBrowser(t.app).get(`/embed/list/${publicList.slugId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('Weekend reads');
    expect(res.body).toContain('Story &lt;0&gt;');
    expect(res.body).toMatch(/target="_blank"[^>]*>View list</);
    expect(parseHead(res.body).meta.robots).toBe('noindex');
  });

  it('answers a private or missing list’s embed with a 404 that no site may frame', async () => {
    for (const [b, slug] of [
      [testBrowser(t.app), privateList.slugId],
      [owner.browser, privateList.slugId],
      [testBrowser(t.app), 'nothing-0123456789ab'],
    ] as const) {
      const res = await b.get(`/embed/list/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('shows the owner a deleted story’s tombstone with its title, and others the tombstone without it', async () => {
    const gone = await newStory(t, owner.id, { title: 'Soon gone' });
    const made = (await owner.browser.gql(CREATE, { name: 'Tombstones', visibility: 'PUBLIC', postId: gone })).data.createCatalog;
    expect((await owner.browser.gql(DELETE_POST, { id: gone })).data.deletePost.__typename).toBe('YourStory');
    const mine = (await owner.browser.get(`/me/list/${made.catalog.slugId}`)).body;
    expect(mine).toContain('This story is no longer available');
    expect(mine).toContain('Soon gone');
    const theirs = (await other.browser.get(`/@${username}/list/${made.catalog.slugId}`)).body;
    expect(theirs).toContain('This story is no longer available');
    expect(theirs).not.toContain('Soon gone');
  });
});
