import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { followUser } from '../../src/modules/social/commands.js';
import { resolveRoute } from '../../src/shared/routing/resolve.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

/** Paths that are not pages: endpoints, media, feeds, and links that act (signing out). */
const NOT_PAGES = [/^\/_\//, /^\/media\//, /^\/feed\//, /^\/m\/(signout|callback|connect|start-auth|token)\b/, /^\/assets\//];
const MAX_DEPTH = 2;

interface Offence {
  from: string;
  href: string;
  outcome: string;
}

const anchorsOf = (html: string) =>
  Array.from(html.matchAll(/<a\s[^>]*?href="([^"]*)"/g), (m) => m[1]!.replaceAll('&amp;', '&')).filter((h) => h.startsWith('/') && !h.startsWith('//'));

/** One link per route (a route's pages are all built or all not), or per path when no route matches. */
const linkKind = (path: string) => resolveRoute('default', path)?.name ?? `unmatched ${path.split('?')[0]}`;

/**
 * Walks the site from `roots` as one reader (signed in or out), following every link on each
 * page to the depth given, and reports every link that leads to a 'Coming soon' page or a 404.
 * Each kind of link is followed once.
 */
async function crawl(browser: TestBrowser, roots: string[]): Promise<{ offences: Offence[]; visited: number }> {
  const offences: Offence[] = [];
  const seen = new Set<string>();
  let queue = roots.map((href) => ({ href, from: '(start)' }));
  let visited = 0;
  for (let depth = 0; depth <= MAX_DEPTH && queue.length > 0; depth++) {
    const next: typeof queue = [];
    for (const { href, from } of queue) {
      let res = await browser.get(href);
      for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
        const location = String(res.headers.location ?? '');
        if (!location.startsWith('/') || location.startsWith('//')) break; // off the site: not ours to check
        res = await browser.get(location);
      }
      visited++;
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      if (res.statusCode === 404) offences.push({ from, href, outcome: '404' });
      const comingSoon = /data-testid="coming-soon" data-page-id="([^"]+)"/.exec(res.body);
      if (comingSoon) offences.push({ from, href, outcome: `coming soon (${comingSoon[1]})` });
      if (res.statusCode !== 200 || comingSoon || depth === MAX_DEPTH || !String(res.headers['content-type']).includes('text/html')) continue;
      for (const link of anchorsOf(res.body)) {
        if (NOT_PAGES.some((p) => p.test(link))) continue;
        const kind = linkKind(link);
        if (seen.has(kind)) continue;
        seen.add(kind);
        next.push({ href: link, from: href });
      }
    }
    queue = next;
  }
  return { offences, visited };
}

describe('links on the built pages', () => {
  let t: TestApp;
  let story: string;
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    const writer = await createUser(t.database.db, { name: 'Lin Writer', username: 'lin', bio: 'Long-form.' });
    const other = await createUser(t.database.db, { name: 'Oda Other', username: 'oda', bio: 'Short-form.' });
    const paragraphs = [{ name: 'a1', type: 'P' as const, text: 'A paragraph worth reading.', markups: [] }];
    const postId = await insertPublishedPost(t.database.db, { creatorId: writer, title: 'A story', subtitle: 'Told', paragraphs, tags: ['Essays'], publishedAt: new Date('2026-09-01T08:00:00Z') });
    await insertPublishedPost(t.database.db, { creatorId: other, title: 'Another story', subtitle: '', paragraphs, tags: ['Essays'], publishedAt: new Date('2026-09-02T08:00:00Z') });
    story = `/@lin/a-story-${postId}`;
    reader = await newReader(t, 'Reader');
    await followUser(t.database.db, reader.id, writer);
  });

  const roots = () => [
    '/',
    story,
    '/@lin',
    '/@lin/about',
    '/@lin/followers',
    '/tag/essays',
    '/explore-topics',
    '/search?q=story',
    '/top-stories',
    '/terms',
    '/privacy',
  ];

  it('signed out: none leads to a Coming soon page or a 404', async () => {
    const { offences, visited } = await crawl(testBrowser(t.app), [...roots(), '/m/signin?operation=register']);
    expect(visited).toBeGreaterThan(15);
    expect(offences).toEqual([]);
  });

  it('signed in: none leads to a Coming soon page or a 404', async () => {
    const { offences, visited } = await crawl(reader.browser, [...roots(), '/me/settings', '/me/stories/drafts', '/me/notifications', '/me/following', '/me/following/suggestions', '/new-story']);
    expect(visited).toBeGreaterThan(20);
    expect(offences).toEqual([]);
  });
});
