import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { createSitemaps } from '../../src/modules/discovery/sitemaps.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { demoRasterPath } from '../../src/shared/brand.js';
import { projectRoot } from '../../src/platform/project-root.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { schemaErrors, SITEMAP_INDEX_XSD, SITEMAP_XSD } from '../support/xml-schema.js';

const ORIGIN = `http://${TEST_HOST}`;
const body: Paragraph[] = [{ name: 'a', type: 'P', text: 'Words.', markups: [] }];
const parser = new XMLParser({ ignoreAttributes: false, processEntities: true, isArray: (name) => name === 'url' || name === 'sitemap' });
type Loc = { loc: string; lastmod?: string };

/** robots.txt, the sitemaps and the brand images (modules/discovery). */
describe('robots.txt and sitemaps', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9, 30));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const q = (text: string, values: unknown[]) => t.database.pool.query(text, values);
    const ann = await createUser(db, { name: 'Ann', username: 'ann', email: 'ann@example.com' });
    const reader = await createUser(db, { name: 'Reader', username: 'reader', email: 'reader@example.com' });
    const nameless = await createUser(db, { name: 'Nameless', username: 'nameless', email: 'nameless@example.com' });
    const banned = await createUser(db, { name: 'Banned', username: 'banned', email: 'banned@example.com' });
    const gone = await createUser(db, { name: 'Gone', username: 'gone', email: 'gone@example.com' });
    Object.assign(ids, { ann, reader, nameless, banned, gone });
    const publish = (creatorId: string, title: string, day: number, tags: string[] = [], isLocked = false) =>
      insertPublishedPost(db, { creatorId, title, subtitle: '', paragraphs: body, tags, isLocked, publishedAt: at(day) });
    ids.public = await publish(ann, 'Tides & Currents', 3, ['Oceans']);
    ids.locked = await publish(ann, 'Members only', 4, [], true);
    ids.unlisted = await publish(ann, 'Unlisted', 5);
    ids.private = await publish(ann, 'Private', 5);
    ids.trashed = await publish(ann, 'Trashed', 6);
    ids.response = await publish(ann, 'A response', 7);
    ids.namelessStory = await publish(nameless, 'By nobody', 8);
    ids.bannedStory = await publish(banned, 'Banned story', 9, ['Banned Topic']);
    ids.goneStory = await publish(gone, 'Gone story', 10);
    await q(`update posts set visibility = 'UNLISTED' where id = $1`, [ids.unlisted]);
    await q(`update posts set visibility = 'PRIVATE' where id = $1`, [ids.private]);
    await q('update posts set deleted_at = now() where id = $1', [ids.trashed]);
    await q('update posts set in_response_to_post_id = $1, response_depth = 1 where id = $2', [ids.public, ids.response]);
    await q('update posts set latest_published_at = $1 where id = $2', [at(20), ids.public]);
    await q('update users set is_suspended = true where id = $1', [banned]);
    await q('update users set username = null where id = $1', [nameless]);
    await q('update users set deactivated_at = now() where id = $1', [gone]);
    await q(`insert into tags (slug, display_title, post_count) values ('empty', 'Empty', 0)`, []);
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...headers } });

  async function allSitemapUrls(): Promise<Map<string, string | undefined>> {
    const index = await get('/sitemap/sitemap.xml');
    const files = (parser.parse(index.body) as { sitemapindex: { sitemap: Loc[] } }).sitemapindex.sitemap;
    const urls = new Map<string, string | undefined>();
    for (const file of files) {
      const res = await get(new URL(file.loc).pathname);
      expect(res.statusCode, file.loc).toBe(200);
      for (const u of (parser.parse(res.body) as { urlset: { url: Loc[] } }).urlset.url) urls.set(u.loc, u.lastmod);
    }
    return urls;
  }

  it('robots.txt keeps crawlers out of private, endless and thin pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap/sitemap.xml`);
    const allowed = robotsAllows(res.body);
    const table: [string, boolean][] = [
      ['/', true], ['/@ann', true], ['/@ann/tides-currents-0123456789ab', true], ['/tag/oceans', true], ['/explore-topics', true],
      ['/feed/@ann', true], ['/feed/tag/oceans', true], ['/sitemap/sitemap.xml', true], ['/static/brand/share-card.png', true], ['/media/0123456789abcdef01234567', true],
      ['/_/graphql', false], ['/_/admin/internal-status', false], ['/me/settings', false], ['/me/notifications', false], ['/m/signin?redirect=%2F', false],
      ['/new-story', false], ['/p/0123456789ab/edit', false], ['/@ann/edit', false], ['/p/0123456789ab/settings', false], ['/m-write', false],
      ['/search', false], ['/search?q=tides', false], ['/search/people?q=ann', false], ['/get-started', false], ['/get-started/topics', false], ['/new-story?x=1', false],
      // Other pages whose paths merely start like those.
      ['/search-weekly', true], ['/new-story-club', true], ['/get-started-guide', true], ['/m-writers', true], ['/mentors', true],
    ];
    for (const [path, expected] of table) expect(allowed(path), path).toBe(expected);
  });

  it('the index and every file are valid against the sitemaps.org 0.9 schemas', async () => {
    const index = await get('/sitemap/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(schemaErrors(index.body, SITEMAP_INDEX_XSD)).toBe('');
    const files = (parser.parse(index.body) as { sitemapindex: { sitemap: Loc[] } }).sitemapindex.sitemap;
    expect(files.map((f) => f.loc)).toEqual(['pages', 'stories', 'profiles', 'tags'].map((p) => `${ORIGIN}/sitemap/sitemap-${p}-1.xml`));
    for (const file of files) {
      const res = await get(new URL(file.loc).pathname);
      expect(schemaErrors(res.body, SITEMAP_XSD), file.loc).toBe('');
    }
  });

  it('lists what anyone may open, with lastmod: public and member-only stories, shown writers, tags with stories', async () => {
    const urls = await allSitemapUrls();
    const story = (id: string, slug: string) => `${ORIGIN}/@ann/${slug}-${id}`;
    expect([...urls.keys()].sort()).toEqual(
      [
        `${ORIGIN}/`,
        `${ORIGIN}/explore-topics`,
        story(ids.public!, 'tides-currents'),
        story(ids.locked!, 'members-only'),
        `${ORIGIN}/@ann`,
        `${ORIGIN}/tag/oceans`,
      ].sort(),
    );
    // A story's lastmod is its latest publication; a writer's and a tag's their newest story's.
    expect(urls.get(story(ids.public!, 'tides-currents'))).toBe('2026-03-20T09:30:00Z');
    expect(urls.get(`${ORIGIN}/@ann`)).toBe('2026-03-04T09:30:00Z'); // the member-only story
    expect(urls.get(`${ORIGIN}/tag/oceans`)).toBe('2026-03-03T09:30:00Z');
  });

  it('answers 404 for files that do not exist', async () => {
    for (const path of ['/sitemap/sitemap-stories-2.xml', '/sitemap/sitemap-stories-0.xml', '/sitemap/sitemap-nothing-1.xml', '/sitemap/sitemap-stories-1.xml.gz', '/sitemap/sitemap-stories-99999999999.xml']) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('cuts files in key ranges of at most the file size, together listing every page exactly once, new pages included before a recount', async () => {
    const db = t.database.db;
    let clock = 0;
    const small = createSitemaps(db, { perFile: 2, rangesTtlMs: 60_000, now: () => clock });
    const collect = async () => {
      const locs: string[] = [];
      for (const f of (await small.files()).filter((f) => f.part === 'stories')) locs.push(...(await small.file('stories', f.number, ORIGIN))!.entries.map((e) => e.loc));
      return locs;
    };
    for (let i = 0; i < 7; i++) await insertPublishedPost(db, { creatorId: ids.ann!, title: `Batch ${i}`, subtitle: '', paragraphs: body, tags: [], publishedAt: at(11 + i) });
    const files = (await small.files()).filter((f) => f.part === 'stories');
    expect(files).toHaveLength(5); // 9 stories, 2 per file
    for (const f of files) expect((await small.file('stories', f.number, ORIGIN))!.entries.length).toBeLessThanOrEqual(2);
    const before = await collect();
    expect(new Set(before).size).toBe(before.length);
    expect(before).toHaveLength(9);
    // Published after the ranges were cut: in the file whose range holds its id, at once, whatever its
    // random id (below the first file's first key, above the last's, or between).
    const late = await insertPublishedPost(db, { creatorId: ids.ann!, title: 'Late', subtitle: '', paragraphs: body, tags: [], publishedAt: at(25) });
    const after = await collect();
    expect(after).toHaveLength(10);
    expect(after).toContain(`${ORIGIN}/@ann/late-${late}`);
    for (const edge of ['000000000000', 'ffffffffffff']) {
      await insertPublishedPost(db, { id: edge, creatorId: ids.ann!, title: `Edge ${edge}`, subtitle: '', paragraphs: body, tags: [], publishedAt: at(26) });
    }
    const edges = await collect();
    expect(edges).toHaveLength(12);
    for (const edge of ['000000000000', 'ffffffffffff']) expect(edges).toContain(`${ORIGIN}/@ann/edge-${edge}-${edge}`);
    // Past the time to keep them, the kept ranges answer while they are recounted, then the new ones.
    clock = 60_000;
    expect((await small.files()).filter((f) => f.part === 'stories')).toHaveLength(5);
    await small.recounted();
    const recounted = (await small.files()).filter((f) => f.part === 'stories');
    expect(recounted).toHaveLength(6); // 12 stories, 2 per file
    for (const f of recounted) expect((await small.file('stories', f.number, ORIGIN))!.entries).toHaveLength(2);
  });

  it('serves the raster sharing card and feed logo as PNGs of their sizes', async () => {
    for (const [path, width, height] of [['/static/brand/share-card.png', 1200, 630], ['/static/brand/feed-logo.png', 144, 144]] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['png', width, height]);
    }
  });

  it('serves every shipped demo illustration as a 1200-wide PNG for cards, and nothing else', async () => {
    const files = fs.readdirSync(path.join(projectRoot(), 'public', 'demo')).filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const res = await get(demoRasterPath(`demo/${file}`));
      expect(res.statusCode, file).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width], file).toEqual(['png', 1200]);
    }
    for (const bad of ['nothing.png', 'orbit.svg', '..%2Ffavicon.png', '.png', '%2e%2e.png']) expect((await get(`/static/brand/demo/${bad}`)).statusCode, bad).toBe(404);
  });
});

/**
 * A robots.txt reader after RFC 9309 for one group of `User-agent: *`: the longest matching
 * rule decides, Allow winning a tie; `*` matches any characters and a final `$` the end.
 */
function robotsAllows(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => /^(Allow|Disallow):\s*(\S*)/i.exec(l))
    .filter((m): m is RegExpExecArray => m !== null && m[2] !== '')
    .map((m) => {
      const pattern = m[2]!;
      const anchored = pattern.endsWith('$');
      const source = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
      return { allow: m[1]!.toLowerCase() === 'allow', length: pattern.length, re: new RegExp(`^${source}${anchored ? '$' : ''}`) };
    });
  return (path) => {
    const matching = rules.filter((r) => r.re.test(path)).sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
    return matching[0]?.allow ?? true;
  };
}
