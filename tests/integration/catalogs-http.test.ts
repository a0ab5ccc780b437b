import { beforeAll, describe, expect, it } from 'vitest';
import { csvField } from '../../src/modules/catalogs/export.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';

const MINE = `query { viewerCatalogs { id itemsCount items { items { post { id } } } } }`;
const CREATE = `mutation($name: String!, $postId: ID) { createCatalog(name: $name, visibility: PUBLIC, postId: $postId) { ... on CatalogEditSuccess { catalog { id } operations { catalogItemId } version } } }`;
const NOTE = `mutation($id: ID!, $v: String!, $item: ID!, $note: String) { editCatalogItems(catalogId: $id, version: $v, operations: [{ setNote: { catalogItemId: $item, note: $note } }]) { __typename } }`;

describe('bookmark endpoint and list export', () => {
  let t: TestApp;
  let author: Reader;
  let story: string;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
    story = await newStory(t, author.id, { title: '=Sums, "quoted"' });
  });

  const bookmark = (method: 'POST' | 'DELETE', r: Reader | null, postId: string, xsrf = r?.xsrf) =>
    t.app.inject({ method, url: `/_/bookmark/p/${postId}`, headers: { host: TEST_HOST, cookie: r ? `sid=${r.browser.jar.get('sid')}` : '', ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) } });
  const readingList = async (r: Reader) => (await r.browser.gql(MINE)).data.viewerCatalogs[0];

  it('saves to and removes from the Reading list with the session’s xsrf token', async () => {
    const ann = await newReader(t, 'Ann');
    const saved = await bookmark('POST', ann, story);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ catalogId: `predefined:${ann.id}:reading-list`, saved: true });
    expect((await bookmark('POST', ann, story)).statusCode).toBe(200);
    expect(await readingList(ann)).toMatchObject({ itemsCount: 1, items: { items: [{ post: { id: story } }] } });
    const removed = await bookmark('DELETE', ann, story);
    expect(removed.json()).toEqual({ saved: false, removed: true });
    expect((await readingList(ann)).itemsCount).toBe(0);
    expect((await bookmark('DELETE', ann, story)).json()).toEqual({ saved: false, removed: false });
  });

  it('refuses a visitor, a missing or wrong xsrf token and an unknown story, changing nothing', async () => {
    const ann = await newReader(t, 'Ann');
    expect((await bookmark('POST', null, story)).statusCode).toBe(401);
    expect((await bookmark('POST', ann, story, 'wrong')).statusCode).toBe(403);
    expect((await bookmark('POST', ann, story, '')).statusCode).toBe(403);
    expect((await bookmark('DELETE', ann, story, 'wrong')).statusCode).toBe(403);
    expect((await bookmark('POST', ann, 'nosuchpost00')).statusCode).toBe(404);
    expect((await readingList(ann)).itemsCount).toBe(0);
  });

  it('exports every list of the viewer as JSON and as CSV with fields escaped and formulas defused', async () => {
    const ann = await newReader(t, 'Ann');
    await bookmark('POST', ann, story);
    const made = (await ann.browser.gql(CREATE, { name: 'Picks, mostly', postId: story })).data.createCatalog;
    await ann.browser.gql(NOTE, { id: made.catalog.id, v: made.version, item: made.operations[0].catalogItemId, note: '@me\nline two' });
    const get = (path: string, r: Reader | null) => t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST, cookie: r ? `sid=${r.browser.jar.get('sid')}` : '' } });
    expect((await get('/me/lists/export.json', null)).statusCode).toBe(401);
    const json = await get('/me/lists/export.json', ann);
    expect(json.statusCode).toBe(200);
    const items = json.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ list: 'Reading list', title: '=Sums, "quoted"', note: '' });
    expect(items[0].url).toMatch(new RegExp(`/@author_[^/]+/sums-quoted-${story}$`));
    expect(items[1]).toMatchObject({ list: 'Picks, mostly', note: '@me\nline two', author: expect.stringMatching(/^Author \d+$/) });
    const csv = await get('/me/lists/export.csv', ann);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('list,title,url,author,note,addedAt');
    expect(lines[1]).toContain(`Reading list,"'=Sums, ""quoted""",`);
    expect(csv.body).toContain(`"Picks, mostly","'=Sums, ""quoted""",`);
    expect(csv.body).toContain(`"'@me\nline two"`);
    // Another reader's export holds none of Ann's lists.
    const bob = await newReader(t, 'Bob');
    expect((await get('/me/lists/export.json', bob)).json().items).toEqual([]);
  });

  it('csvField quotes, doubles quotes and defuses formula starts', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    for (const lead of ['=', '+', '-', '@', '\t']) expect(csvField(`${lead}1+1`).startsWith(`'${lead}`) || csvField(`${lead}1+1`).startsWith(`"'${lead}`)).toBe(true);
  });
});
