import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

async function decoded(res: Response): Promise<Buffer> {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return unbrotli(res.rawPayload);
  if (encoding === 'gzip') return gunzip(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

/** The nonce the policy allows, and the one on the page's inline state script. */
function nonces(res: Response, body: string): { header: string | undefined; script: string | undefined } {
  return {
    header: /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1],
    script: /<script nonce="([^"]+)">window\.__PRELOADED_STATE__/.exec(body)?.[1],
  };
}

const ENCODINGS = ['br', 'gzip', 'gzip, deflate, br', 'br;q=0, gzip', 'identity', ''];

/** The same checks with the page cache on (pages kept and encoded once) and off (every page rendered). */
describe.each([
  { name: 'kept pages', env: { PAGE_CACHE_SECONDS: '60' } },
  { name: 'rendered pages', env: { PAGE_CACHE_SECONDS: '0' } },
])('HTTP headers of pages: $name', ({ env }) => {
  let t: TestApp;
  let writer: Reader;
  let publicPaths: string[];
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...headers } });

  beforeAll(async () => {
    t = await createTestApp(env);
    writer = await newReader(t, 'Headwriter');
    const postId = await newStory(t, writer.id, {
      title: 'Headers and bytes',
      // Long enough that compression pays.
      paragraphs: Array.from({ length: 30 }, (_, i) => ({ name: `p${i}`, type: 'P' as const, text: `Paragraph ${i} says the same thing again, so it compresses well.`, markups: [] })),
    });
    const story = (await get(`/p/${postId}`)).headers.location as string;
    const username = story.split('/')[1]!;
    publicPaths = ['/', story, `/${username}`, `/${username}/followers`];
  });

  it('a logged-out GET of a public page sets no cookie and may be kept by shared caches', async () => {
    for (const path of publicPaths) {
      const res = await get(path);
      expect([path, res.statusCode]).toEqual([path, 200]);
      expect(res.headers['set-cookie'], path).toBeUndefined();
      expect(res.headers['cache-control'], path).toBe(`public, max-age=0, s-maxage=${t.config.CDN_S_MAXAGE_SECONDS}, stale-while-revalidate=${t.config.CDN_STALE_WHILE_REVALIDATE_SECONDS}`);
      expect(res.headers['surrogate-key'], path).toBe('pages');
      expect(res.headers.etag, path).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers.vary, path).toBe('Accept-Encoding');
    }
  });

  it('a signed-in page is private, and so is a logged-out page that is not public', async () => {
    for (const path of [...publicPaths, '/me/settings']) {
      const res = await writer.browser.get(path);
      expect([path, res.statusCode]).toEqual([path, 200]);
      expect(res.headers['cache-control'], path).toBe('private, no-cache');
      expect(res.headers['surrogate-key'], path).toBeUndefined();
      expect(res.headers.etag, path).toBeUndefined();
    }
    const signIn = await get('/m/signin');
    expect([signIn.statusCode, signIn.headers['cache-control'], signIn.headers['set-cookie']]).toEqual([200, 'private, no-cache', undefined]);
    const notFound = await get('/p/000000000000');
    expect([notFound.statusCode, notFound.headers['cache-control'], notFound.headers.etag]).toEqual([404, 'private, no-cache', undefined]);
  });

  it('every page carries the security headers, and its policy names the nonce of its own inline script', async () => {
    for (const [path, res] of [
      ...(await Promise.all(publicPaths.map(async (p) => [p, await get(p)] as const))),
      ...(await Promise.all(publicPaths.map(async (p) => [`signed in ${p}`, await writer.browser.get(p)] as const))),
    ]) {
      const body = res.body;
      const { header, script } = nonces(res, body);
      expect(header, path).toBeTruthy();
      expect(script, path).toBe(header);
      expect(String(res.headers['content-security-policy']), path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], path).toBeUndefined(); // an http site
      // No other inline script: only the JSON-LD data block, which never runs.
      const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
      for (const attrs of inline) expect(attrs === ` nonce="${header}"` || attrs === ' type="application/ld+json"', `${path}: <script${attrs}>`).toBe(true);
    }
    // Signed-in renders get a nonce of their own each time.
    const [a, b] = [await writer.browser.get('/me/settings'), await writer.browser.get('/me/settings')];
    expect(nonces(a, a.body).header).not.toBe(nonces(b, b.body).header);
  });

  it('answers every encoding asked for with the same bytes', async () => {
    for (const path of publicPaths) {
      const plain = await get(path);
      for (const acceptEncoding of ENCODINGS) {
        const res = await get(path, { 'accept-encoding': acceptEncoding });
        const expected = acceptEncoding === 'identity' || acceptEncoding === '' ? undefined : acceptEncoding === 'br;q=0, gzip' ? 'gzip' : acceptEncoding === 'gzip' ? 'gzip' : 'br';
        expect([path, acceptEncoding, res.headers['content-encoding']]).toEqual([path, acceptEncoding, expected]);
        // A kept page is the same bytes for every reader; a rendered one differs only in its nonce.
        const unNonced = (s: string) => s.replace(/nonce="[^"]+"/g, 'nonce=""');
        expect(unNonced((await decoded(res)).toString()), `${path} ${acceptEncoding}`).toBe(unNonced(plain.body));
      }
    }
    // Signed in, and JSON: compressed per response.
    const settings = await t.app.inject({ method: 'GET', url: '/me/settings', headers: { host: TEST_HOST, cookie: `sid=${writer.browser.jar.get('sid')}`, 'accept-encoding': 'gzip' } });
    expect(settings.headers['content-encoding']).toBe('gzip');
    expect((await decoded(settings)).toString()).toContain('</html>');
    const query = JSON.stringify({ query: `{ postResult(id: "${publicPaths[1]!.slice(-12)}") { ... on Post { title content { bodyModel { paragraphs { text } } } } } }` });
    const json = (ae: string) => t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', 'accept-encoding': ae }, payload: query });
    const [plainJson, brJson] = [await json(''), await json('br')];
    expect([plainJson.headers['content-encoding'], brJson.headers['content-encoding']]).toEqual([undefined, 'br']);
    expect((await decoded(brJson)).toString()).toBe(plainJson.body);
  });

  it('answers 304 to a reader who has the page, and 200 again once a write changed it', async () => {
    const story = publicPaths[1]!;
    const first = await get(story);
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const res = await get(story, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect([ifNoneMatch, res.statusCode, res.body]).toEqual([ifNoneMatch, 304, '']);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['set-cookie']).toBeUndefined();
      // The reader's copy keeps the policy that names its own nonce.
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    expect((await get(story, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    if (first.headers['last-modified']) {
      expect((await get(story, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
      expect((await get(story, { 'if-modified-since': new Date(Date.parse(String(first.headers['last-modified'])) - 1000).toUTCString() })).statusCode).toBe(200);
    }
    const reader = await newReader(t, 'Clapper');
    const clap = await reader.browser.gql('mutation($id: ID!, $u: ID!) { clap(targetPostId: $id, userId: $u, numClaps: 3) { __typename } }', { id: story.slice(-12), u: reader.id });
    expect(clap.errors).toBeUndefined();
    const after = await get(story, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('the visitor id and feeds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAGE_CACHE_SECONDS: '60' });
  });

  it('is given by the first POST (events, GraphQL), and the same id comes back after', async () => {
    const browser = testBrowser(t.app);
    expect((await browser.get('/')).headers['set-cookie']).toBeUndefined();
    const batch = await t.app.inject({ method: 'POST', url: '/_/batch', headers: { host: TEST_HOST, 'content-type': 'application/json' }, payload: '[]' });
    expect(batch.statusCode).toBe(204);
    expect(String(batch.headers['set-cookie'])).toMatch(/^uid=lo_[0-9a-f]{16};/);
    const first = await browser.gql('{ visitor { id } }');
    const id = first.data.visitor.id as string;
    expect(id).toMatch(/^lo_[0-9a-f]{16}$/);
    expect(browser.jar.get('uid')).toBe(id);
    expect((await browser.gql('{ visitor { id } }')).data.visitor.id).toBe(id);
    // Pages do not give it again, nor hold it.
    const page = await browser.get('/');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).not.toContain(id);
  });

  it("a writer's feed carries validators, answers 304, and is compressed when asked", async () => {
    const writer = await newReader(t, 'Feedwriter');
    for (let i = 0; i < 3; i++) await newStory(t, writer.id, { title: `Feed story ${i}`, paragraphs: Array.from({ length: 10 }, (_, j) => ({ name: `f${j}`, type: 'P' as const, text: `Feed paragraph ${j} of ${i}.`, markups: [] })) });
    const username = (await writer.browser.gql('{ viewer { username } }')).data.viewer.username as string;
    const url = `/feed/@${username}`;
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...headers } });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(plain.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(plain.headers['surrogate-key']).toBe('feeds');
    expect(plain.headers['last-modified']).toBeTruthy();
    expect((await get({ 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);
    expect((await get({ 'if-modified-since': plain.headers['last-modified'] as string })).statusCode).toBe(304);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await decoded(gz)).toString()).toBe(plain.body);
  });
});

describe('the CDN purge', () => {
  it('a write makes the site POST the surrogate keys to CDN_PURGE_URL, with the token', async () => {
    const received: { auth: string | undefined; body: string }[] = [];
    const cdn = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    try {
      const t = await createTestApp({ CDN_PURGE_URL: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`, CDN_PURGE_TOKEN: 'purge-secret' });
      const writer = await newReader(t, 'Purger');
      const postId = await newStory(t, writer.id, { title: 'Purge me' });
      const clap = await writer.browser.gql('mutation($id: ID!, $u: ID!) { clap(targetPostId: $id, userId: $u, numClaps: 1) { __typename } }', { id: postId, u: writer.id });
      expect(clap.errors).toBeUndefined();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      expect(received[0]).toEqual({ auth: 'Bearer purge-secret', body: JSON.stringify({ surrogateKeys: ['pages', 'feeds'] }) });
    } finally {
      cdn.close();
    }
  });
});
