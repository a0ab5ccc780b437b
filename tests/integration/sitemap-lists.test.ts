import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { schemaErrors, SITEMAP_INDEX_XSD, SITEMAP_XSD } from '../support/xml-schema.js';

const ORIGIN = `http://${TEST_HOST}`;
const parser = new XMLParser({ ignoreAttributes: false, processEntities: true, isArray: (name) => name === 'url' || name === 'sitemap' });
const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!, $postId: ID) {
  createCatalog(name: $name, visibility: $visibility, postId: $postId) { __typename ... on CatalogEditSuccess { catalog { id slugId } } } }`;
const UPDATE = `mutation($id: ID!, $visibility: CatalogVisibility) { updateCatalog(catalogId: $id, visibility: $visibility) { __typename } }`;

/** The sitemaps' lists part: public lists with stories at their public address; never a private one. */
describe('sitemaps: lists', () => {
  let t: TestApp;
  let owner: Reader;
  let username: string;
  let story: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Lister');
    username = (await t.database.pool.query('select username from users where id = $1', [owner.id])).rows[0].username;
    story = await newStory(t, owner.id, { title: 'A story for lists' });
  });

  const create = async (r: Reader, name: string, visibility: 'PUBLIC' | 'PRIVATE', postId?: string) =>
    (await r.browser.gql(CREATE, { name, visibility, postId })).data.createCatalog.catalog as { id: string; slugId: string };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
  /** Every list address in the sitemaps, read as a crawler does: the index, then the lists files. */
  const listUrls = async (): Promise<string[]> => {
    const index = await get('/sitemap/sitemap.xml');
    expect(schemaErrors(index.body, SITEMAP_INDEX_XSD)).toBe('');
    const files = (parser.parse(index.body) as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap.map((f) => f.loc).filter((l) => l.includes('/sitemap-lists-'));
    const out: string[] = [];
    for (const file of files) {
      const res = await get(new URL(file).pathname);
      expect(schemaErrors(res.body, SITEMAP_XSD), file).toBe('');
      out.push(...(parser.parse(res.body) as { urlset: { url: { loc: string }[] } }).urlset.url.map((u) => u.loc));
    }
    return out.sort();
  };

  it('lists public lists with stories at /@{username}/list/{slugId} (the slug as the list pages make it), never private or empty ones', async () => {
    const names = ['Weekend reads', 'Café crème: Été 2026!', '  Ünïcödé — «quotes» & more  ', '!!!'];
    const shown = [];
    for (const name of names) shown.push(await create(owner, name, 'PUBLIC', story));
    const secret = await create(owner, 'Secret reads', 'PRIVATE', story);
    const empty = await create(owner, 'Nothing yet', 'PUBLIC');
    const expected = shown.map((c) => `${ORIGIN}/@${username}/list/${c.slugId}`);
    const urls = await listUrls();
    expect(urls).toEqual([...expected].sort());
    expect(shown.map((c) => c.slugId)).toEqual([`weekend-reads-${shown[0]!.id}`, `cafe-creme-ete-2026-${shown[1]!.id}`, `unicode-quotes-more-${shown[2]!.id}`, shown[3]!.id]);
    expect(urls.some((u) => u.includes(secret.id) || u.includes(empty.id))).toBe(false);
  });

  it('drops a list made private, and a list whose owner is suspended', async () => {
    const other = await newReader(t, 'Suspendee');
    const theirs = await create(other, 'Harbour reads', 'PUBLIC', story);
    const mine = await create(owner, 'Turning private', 'PUBLIC', story);
    const before = await listUrls();
    expect(before.filter((u) => u.includes(theirs.id) || u.includes(mine.id))).toHaveLength(2);
    expect((await owner.browser.gql(UPDATE, { id: mine.id, visibility: 'PRIVATE' })).data.updateCatalog.__typename).toBe('CatalogEditSuccess');
    await t.database.pool.query('update users set is_suspended = true where id = $1', [other.id]);
    // The files' key ranges are kept a while; a file's entries are read fresh on each request.
    const after = await listUrls();
    expect(after.filter((u) => u.includes(theirs.id) || u.includes(mine.id))).toEqual([]);
    expect(after).toHaveLength(before.length - 2);
  });
});
