import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { WRITING, signedInWriter } from '../support/writing.js';

const IMPORT = `mutation($url: String, $html: String) { importPost(url: $url, html: $html) { __typename
  ... on SavedDraft { postId latestRev } ... on BadRequest { message } ... on NotFound { message } ... on Conflict { message } } }`;
const PREVIEW = `mutation($url: String!) { linkPreview(url: $url) { __typename
  ... on LinkPreview { href title description thumbnailImageId } ... on BadRequest { message } } }`;

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Ignored | Blog</title>
  <meta property="og:title" content="Harbour lights"><meta property="og:description" content="A walk along the water at night.">
  <meta property="og:image" content="/card.png"></head>
  <body><nav>Menu</nav><article><h1>Harbour lights</h1><p>The <em>water</em> was <a href="/still">still</a>.</p>
  <ul><li>Boats</li><li>Gulls</li></ul><figure><img src="/pier.png" alt="The pier"><figcaption>The pier at night</figcaption></figure>
  <img src="/not-an-image.png"><script>steal()</script></article></body></html>`;

/** importPost and linkPreview through GraphQL, fetching from a real local web server. */
describe('writing: import and link previews', () => {
  let page: Server;
  let origin: string;
  let t: TestApp;
  let strict: TestApp;
  let ann: TestBrowser;
  let annId: string;
  let mediaDir: string;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).png().toBuffer();
    page = createServer((req, res) => {
      if (req.url === '/pier.png' || req.url === '/card.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/not-an-image.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>surprise</html>');
      else if (req.url === '/story') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      else if (req.url === '/moved') res.writeHead(301, { location: '/story' }).end();
      else if (req.url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/data.json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not here</p>');
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    // This app may fetch from the local server; `strict` has the default rules.
    mediaDir = await mkdtemp(path.join(tmpdir(), 'inkwell-import-'));
    t = await createTestApp({ FETCH_ALLOW_ADDRESSES: '127.0.0.1', MEDIA_DIR: mediaDir });
    strict = await createTestApp({ MEDIA_DIR: mediaDir });
    ({ id: annId, browser: ann } = await signedInWriter(t, 'ann'));
  });
  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
    page.closeAllConnections();
    await new Promise((r) => page.close(r));
  });

  const edit = async (id: string) => (await ann.gql(WRITING.postForEditing, { id })).data.postForEditing;
  const postCount = async (app: TestApp) => Number((await app.database.pool.query('select count(*) from posts')).rows[0].count);

  const mediaRows = async () => (await t.database.pool.query('select id, owner_id, width, height from media_resources order by created_at')).rows;

  it('imports a story from a URL as a draft with its canonical URL, its images stored as uploads', async () => {
    const r = await ann.gql(IMPORT, { url: `${origin}/moved` });
    expect(r.data.importPost).toMatchObject({ __typename: 'SavedDraft', latestRev: 1 });
    const story = await edit(r.data.importPost.postId);
    expect(story).toMatchObject({ title: 'Harbour lights', isPublished: false, canonicalUrl: `${origin}/story` });
    expect(story.paragraphs.map((p: { type: string; text: string }) => [p.type, p.text])).toEqual([
      ['P', 'The water was still.'],
      ['ULI', 'Boats'],
      ['ULI', 'Gulls'],
      ['IMG', 'The pier at night'],
    ]);
    // The image that was not one (HTML sent as image/png) was left out; the real one is an upload of the writer.
    const [stored] = await mediaRows();
    expect(story.paragraphs[3].metadata).toEqual({ id: stored.id, alt: 'The pier', originalWidth: 64, originalHeight: 48 });
    expect(stored).toMatchObject({ owner_id: annId, width: 64, height: 48 });
    expect((await t.app.inject({ method: 'GET', url: `/media/${stored.id}`, headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect(story.paragraphs[0].markups).toEqual([
      { type: 'EM', start: 4, end: 9, href: null },
      { type: 'A', start: 14, end: 19, href: `${origin}/still` },
    ]);
  });

  it('imports pasted HTML without a canonical URL', async () => {
    const r = await ann.gql(IMPORT, { html: '<h1>Pasted</h1><p>Hello <b>there</b>.</p><hr><pre>x = 1</pre>' });
    const story = await edit(r.data.importPost.postId);
    expect(story).toMatchObject({ title: 'Pasted', canonicalUrl: null });
    expect(story.paragraphs.map((p: { type: string }) => p.type)).toEqual(['P', 'HR', 'PRE']);
  });

  it('refuses what it cannot import with a clear message, creating nothing', async () => {
    const before = await postCount(t);
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /either the address of a story or its HTML/],
      [{ url: `${origin}/story`, html: '<p>x</p>' }, /either the address/],
      [{ url: 'file:///etc/passwd' }, /Only http and https/],
      [{ url: `${origin}/data.json` }, /not a web page/],
      [{ url: `${origin}/missing` }, /status 404/],
      [{ url: `${origin}/to-metadata` }, /not on the public internet/],
      [{ url: 'http://10.1.2.3/' }, /not on the public internet/],
      [{ html: '<script>x</script>' }, /No story was found/],
    ];
    for (const [vars, message] of cases) {
      const r = await ann.gql(IMPORT, vars);
      expect(r.data.importPost.__typename, JSON.stringify(vars)).toBe('BadRequest');
      expect(r.data.importPost.message).toMatch(message);
    }
    expect(await postCount(t)).toBe(before);
  });

  it('never fetches from this machine with the default settings', async () => {
    const bob = (await signedInWriter(strict, 'bob')).browser;
    for (const url of [`${origin}/story`, origin.replace('127.0.0.1', 'localhost') + '/story']) {
      expect((await bob.gql(IMPORT, { url })).data.importPost).toEqual({ __typename: 'BadRequest', message: 'That address is not on the public internet, so it cannot be fetched.' });
      expect((await bob.gql(PREVIEW, { url })).data.linkPreview.__typename).toBe('BadRequest');
    }
    expect(await postCount(strict)).toBe(0);
  });

  it("builds a link card from a page's OpenGraph tags", async () => {
    const r = await ann.gql(PREVIEW, { url: `${origin}/moved` });
    expect(r.data.linkPreview).toMatchObject({ __typename: 'LinkPreview', href: `${origin}/story`, title: 'Harbour lights', description: 'A walk along the water at night.' });
    // og:image became an upload, so the card's thumbnail is served like any story image.
    expect(r.data.linkPreview.thumbnailImageId).toBe((await mediaRows()).at(-1).id);
    expect((await ann.gql(PREVIEW, { url: 'javascript:alert(1)' })).data.linkPreview.__typename).toBe('BadRequest');
  });

  // Last: it spends ann's fetch allowance.
  it('limits how many fetches a writer asks for (60 per 10 minutes)', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 61; i++) answers.push((await ann.gql(PREVIEW, { url: 'ftp://nowhere.example/' })).data.linkPreview.message);
    expect(answers.at(-1)).toBe('Too many pages fetched. Please try again in a few minutes.');
    expect((await ann.gql(IMPORT, { html: '<p>x</p>' })).data.importPost.message).toMatch(/Too many pages fetched/);
  });

  it('asks to sign in first', async () => {
    const anonymous = testBrowser(t.app);
    expect((await anonymous.gql(IMPORT, { html: '<p>x</p>' })).errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await anonymous.gql(PREVIEW, { url: `${origin}/story` })).errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });
});
