import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const SAVE = `mutation($postId: ID!) { addToPredefinedCatalog(type: READING_LIST, operation: { prepend: { postId: $postId } }) { __typename } }`;
const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!, $postId: ID) { createCatalog(name: $name, visibility: $visibility, postId: $postId) {
  __typename ... on CatalogEditSuccess { catalog { id slugId } } } }`;
const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { __typename } }`;

/** The lists pages as the server renders them: who sees what, redirects and 404s. */
describe('lists pages', () => {
  let t: TestApp;
  let owner: Reader;
  let ownerName: string;
  let publicList: { id: string; slugId: string };
  let privateList: { id: string; slugId: string };
  const read = (body: string) => body.replace(/<!-- -->/g, '');
  const page = async (b: { get(url: string): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> }, url: string) => {
    const res = await b.get(url);
    return { status: res.statusCode, body: read(res.body), location: res.headers.location as string | undefined };
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Lister');
    const story = await newStory(t, owner.id, { title: 'A river story' });
    await owner.browser.gql(SAVE, { postId: story });
    publicList = (await owner.browser.gql(CREATE, { name: 'Rivers <of> the world', visibility: 'PUBLIC', postId: story })).data.createCatalog.catalog;
    privateList = (await owner.browser.gql(CREATE, { name: 'Secret springs', visibility: 'PRIVATE', postId: story })).data.createCatalog.catalog;
    const { rows } = await t.database.pool.query('select username, name from users where id = $1', [owner.id]);
    ownerName = rows[0].username;
  });

  it('/me/lists: the Reading list first, then the reader’s lists, escaped, linking to the owner’s view', async () => {
    const res = await page(owner.browser, '/me/lists');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Your library – Inkwell</title>');
    expect(res.body).toContain('>Your library</h1>');
    const reading = res.body.indexOf('href="/me/list/reading-list"');
    const secret = res.body.indexOf(`href="/me/list/${privateList.slugId}"`);
    const rivers = res.body.indexOf(`href="/me/list/${publicList.slugId}"`);
    expect(reading).toBeGreaterThan(0);
    expect(secret).toBeGreaterThan(reading);
    expect(rivers).toBeGreaterThan(secret); // newest first
    expect(res.body).toContain('Rivers &lt;of&gt; the world');
    expect(res.body).not.toContain('Rivers <of>');
    expect(res.body).toContain('aria-label="Private list"');
    expect(res.body).not.toContain('>Resume reading<');
  });

  it('sends a signed-out reader to sign in from /me/lists and /me/lists/saved', async () => {
    for (const url of ['/me/lists', '/me/lists/saved']) {
      const res = await page(testBrowser(t.app), url);
      expect(res.status).toBe(302);
      expect(res.location).toBe(`/m/signin?operation=login&redirect=${url}`);
    }
  });

  it('/me/lists/saved: the lists the reader follows, with Unfollow; an empty note otherwise', async () => {
    const fan = await newReader(t, 'Fan');
    expect((await page(fan.browser, '/me/lists/saved')).body).toContain('Lists you follow will show up here.');
    await fan.browser.gql(FOLLOW, { id: publicList.id });
    const res = await page(fan.browser, '/me/lists/saved');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`href="/@${ownerName}/list/${publicList.slugId}"`);
    expect(res.body).toContain('aria-label="Unfollow Rivers &lt;of&gt; the world"');
  });

  it('/@{username}/lists: public lists to others, private ones and the Reading list to the owner only', async () => {
    const visitor = await page(testBrowser(t.app), `/@${ownerName}/lists`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toContain(`href="/@${ownerName}/list/${publicList.slugId}"`);
    expect(visitor.body).not.toContain('Secret springs');
    expect(visitor.body).not.toContain('Reading list');
    expect(visitor.body).toMatch(new RegExp(`<a href="/@${ownerName}/lists"[^>]*aria-current="page"[^>]*>Lists</a>`));
    const staff = await newReader(t, 'Staffer', { isStaff: true });
    expect((await page(staff.browser, `/@${ownerName}/lists`)).body).not.toContain('Secret springs');
    const own = await page(owner.browser, `/@${ownerName}/lists`);
    expect(own.body).toContain(`href="/me/list/${privateList.slugId}"`);
    expect(own.body).toContain('href="/me/list/reading-list"');
    expect((await page(testBrowser(t.app), '/@nobody_here_at_all/lists')).status).toBe(404);
  });

  it('/collections lists public lists; /collections/{slug} sends to the list’s page, 404 for a private or unknown one', async () => {
    const res = await page(testBrowser(t.app), '/collections');
    expect(res.status).toBe(200);
    expect(res.body).toContain('>Collections</h1>');
    expect(res.body).toContain(`href="/@${ownerName}/list/${publicList.slugId}"`);
    expect(res.body).not.toContain('Secret springs');
    const go = await page(testBrowser(t.app), `/collections/${publicList.slugId}`);
    expect(go.status).toBe(302);
    expect(go.location).toBe(`/@${ownerName}/list/${publicList.slugId}`);
    expect((await page(testBrowser(t.app), `/collections/${privateList.slugId}`)).status).toBe(404);
    expect((await page(testBrowser(t.app), '/collections/no-such-list-0123456789ab')).status).toBe(404);
  });
});
