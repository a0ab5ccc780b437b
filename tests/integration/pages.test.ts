import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/** Server-rendered pages through the real app: statuses, redirects, titles and bodies. */
describe('server-rendered pages', () => {
  let t: TestApp;
  let postId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });

  beforeAll(async () => {
    t = await createTestApp();
    const creatorId = await createUser(t.database.db, { name: 'Lin Writer', username: 'lin', bio: 'Long-form.' });
    // Long enough that React would stream it outlined (past 12.8 KB) if allowed.
    const paragraphs: Paragraph[] = Array.from({ length: 60 }, (_, i) => ({
      name: i.toString(16).padStart(4, '0'),
      type: i % 10 === 0 ? 'H3' : 'P',
      text: `Paragraph ${i}: ${'words that carry the story forward '.repeat(8)}`,
      markups: [],
    }));
    postId = await insertPublishedPost(t.database.db, { creatorId, title: 'A long story', subtitle: 'Told in full', paragraphs, tags: ['Essays'], publishedAt: new Date('2026-09-01T08:00:00Z') });
  });

  it('renders the logged-out home with staff picks', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('data-layout="basic"');
    expect(res.body).toContain('A long story');
  });

  it('renders a long story inline, never behind the error fallback', async () => {
    const res = await get(`/@lin/a-long-story-${postId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>A long story | by Lin Writer | Inkwell</title>');
    expect(res.body).toContain('Paragraph 59:');
    expect(res.body).not.toContain('data-testid="error-fallback"');
    expect(res.body).toMatch(/\d+ min read/);
    // Preloaded state, the Apollo cache and the GraphQL address, with '<' escaped.
    expect(res.body).toContain('window.__PRELOADED_STATE__=');
    expect(res.body).toContain('window.__APOLLO_STATE__=');
    expect(res.body).toContain('window.__GRAPHQL_URL__="/_/graphql"');
  });

  it('redirects /p/{id} and a stale slug to the canonical URL', async () => {
    for (const url of [`/p/${postId}`, `/@lin/old-title-${postId}`, `/@someone-else/a-long-story-${postId}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(`/@lin/a-long-story-${postId}`);
    }
  });

  it('answers an unmatched path with the 404 page titled unknown', async () => {
    const res = await get('/no/such/page/here');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>unknown</title>');
    expect(res.body).toContain('PAGE NOT FOUND');
    expect(res.body).toContain('Out of nothing, something.');
  });

  it('404s an unknown story id', async () => {
    const res = await get('/p/0123456789ab');
    expect(res.statusCode).toBe(404);
  });

  it('follows the spec redirects with their status', async () => {
    const cases: [string, number, string][] = [
      ['/topics', 301, '/explore-topics'],
      ['/tag/essays/latest', 301, '/tag/essays'],
    ];
    for (const [url, status, location] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(new URL(res.headers.location as string, 'http://x').pathname, url).toBe(location);
    }
  });

  it('logs a redirect with an empty param and shows the 404 page', async () => {
    const res = await get('/tag/%20/latest');
    expect(res.statusCode).toBe(404);
    expect(t.logs.map((l) => l.msg)).toContain('Route "ShowTagLatest" had invalid params when attempting to redirect');
  });

  it('renders a page that is not built yet as coming soon inside its layout', async () => {
    const res = await get('/l/the-trump-45');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-layout="top-nav"');
    expect(res.body).toContain('data-page-id="the-trump-45"');
  });

  it('answers health checks with the database state', async () => {
    const res = await get('/_/health');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
