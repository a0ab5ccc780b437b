import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

const ORIGIN = `http://${TEST_HOST}`;
const body: Paragraph[] = [{ name: 'a', type: 'P', text: 'Words.', markups: [] }];
const parser = new XMLParser({ ignoreAttributes: false, processEntities: true, isArray: (name) => name === 'item' });
type Channel = { title: string; link: string; description: string; language: string; lastBuildDate?: string; image: { url: string; width: number; height: number }; item?: { title: string; link: string; 'dc:creator': string }[] };

/** GET /feed/tag/{tagSlug} (spec ShowFeedTag), and conditional GET on every feed and sitemap. */
describe('RSS feed of a tag', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const ann = await createUser(db, { name: 'Ann & Co', username: 'ann', email: 'ann@example.com' });
    const banned = await createUser(db, { name: 'Banned', username: 'banned', email: 'banned@example.com' });
    const at = (day: number) => new Date(Date.UTC(2026, 4, day, 8));
    const publish = (creatorId: string, title: string, day: number, tags: string[]) => insertPublishedPost(db, { creatorId, title, subtitle: `On ${title}`, paragraphs: body, tags, publishedAt: at(day) });
    ids.older = await publish(ann, 'Older tides', 1, ['Ocean Life']);
    ids.newer = await publish(ann, 'Newer tides', 3, ['Ocean Life', 'Science']);
    ids.other = await publish(ann, 'Not about it', 4, ['Science']);
    ids.banned = await publish(banned, 'Banned tides', 5, ['Ocean Life']);
    ids.unlisted = await publish(ann, 'Unlisted tides', 6, ['Ocean Life']);
    await t.database.pool.query('update users set is_suspended = true where id = $1', [banned]);
    await t.database.pool.query(`update posts set visibility = 'UNLISTED' where id = $1`, [ids.unlisted]);
    await t.database.pool.query(`insert into tags (slug, display_title, post_count) values ('quiet', 'Quiet', 0)`);
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...headers } });
  const channelOf = (xml: string) => (parser.parse(xml) as { rss: { channel: Channel } }).rss.channel;

  it("is RSS 2.0 of the tag's listed stories, newest first, with language and a PNG image", async () => {
    const res = await get('/feed/tag/ocean-life');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const channel = channelOf(res.body);
    expect(channel.title).toBe('Ocean Life on Inkwell');
    expect(channel.link).toBe(`${ORIGIN}/tag/ocean-life`);
    expect(channel.language).toBe('en');
    expect(channel.image).toEqual({ url: `${ORIGIN}/static/brand/feed-logo.png`, title: channel.title, link: channel.link, width: 144, height: 144 });
    expect(channel.lastBuildDate).toBe('Sun, 03 May 2026 08:00:00 GMT');
    // Not a suspended writer's story, not an unlisted one, not another tag's.
    expect(channel.item!.map((i) => [i.title, i.link, i['dc:creator']])).toEqual([
      ['Newer tides', `${ORIGIN}/@ann/newer-tides-${ids.newer}`, 'Ann & Co'],
      ['Older tides', `${ORIGIN}/@ann/older-tides-${ids.older}`, 'Ann & Co'],
    ]);
  });

  it('reads a slug written otherwise as the stored one, and 404s unknown tags', async () => {
    expect(channelOf((await get('/feed/tag/Ocean-Life')).body).link).toBe(`${ORIGIN}/tag/ocean-life`);
    expect((await get('/feed/tag/no-such-tag')).statusCode).toBe(404);
  });

  it('is a valid feed without items for a tag with none', async () => {
    const res = await get('/feed/tag/quiet');
    expect(res.statusCode).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(channelOf(res.body).item).toBeUndefined();
  });

  it.each(['/feed/tag/ocean-life', '/feed/tag/quiet', '/feed/@ann'])('%s follows the RSS 2.0 rules', async (url) => {
    const res = await get(url);
    const rss = (new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(res.body) as { rss: { '@_version': string; channel: Record<string, unknown> } }).rss;
    expect(rss['@_version']).toBe('2.0');
    const channel = rss.channel as Channel & { 'atom:link': { '@_href': string; '@_rel': string }; pubDate?: string };
    // Required channel elements, and the optional ones in their formats.
    for (const key of ['title', 'link', 'description'] as const) expect(channel[key], key).toBeTruthy();
    expect(channel['atom:link']).toMatchObject({ '@_href': `${ORIGIN}${url}`, '@_rel': 'self' });
    expect(channel.language).toMatch(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/);
    expect(channel.image.url).toMatch(/\.(png|gif|jpe?g)$/);
    expect(channel.image.width).toBeLessThanOrEqual(144);
    expect(channel.image.height).toBeLessThanOrEqual(400);
    const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    if (channel.lastBuildDate) expect(channel.lastBuildDate).toMatch(rfc822);
    for (const item of (channel.item ?? []) as unknown as (Record<string, unknown> & { pubDate: string; link: string; guid: { '#text': string; '@_isPermaLink': string } })[]) {
      expect(item.title || item.description).toBeTruthy();
      expect(item.pubDate).toMatch(rfc822);
      expect(new URL(item.link).origin).toBe(ORIGIN);
      expect(item.guid['@_isPermaLink']).toBe('true');
      expect(new URL(item.guid['#text']).origin).toBe(ORIGIN);
    }
  });

  it.each(['/feed/tag/ocean-life', '/feed/@ann', '/sitemap/sitemap.xml', '/sitemap/sitemap-stories-1.xml'])('%s answers 304 to current validators and 200 otherwise', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const table: [Record<string, string>, number][] = [
      [{ 'if-none-match': etag }, 304],
      [{ 'if-none-match': etag.slice(2) }, 304], // the strong form of the same tag
      [{ 'if-none-match': `"other", ${etag}` }, 304],
      [{ 'if-none-match': '*' }, 304],
      [{ 'if-none-match': '"other"' }, 200],
      [{ 'if-modified-since': lastModified }, 304],
      [{ 'if-modified-since': earlier }, 200],
      [{ 'if-modified-since': 'not a date' }, 200],
      // If-None-Match decides alone when both are sent (RFC 9110 §13.2.2).
      [{ 'if-none-match': '"other"', 'if-modified-since': lastModified }, 200],
    ];
    for (const [headers, status] of table) {
      const res = await get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      if (status === 304) expect(res.body).toBe('');
      else expect(res.body).toBe(first.body);
    }
  });
});
