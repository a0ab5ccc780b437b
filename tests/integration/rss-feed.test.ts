import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

const ORIGIN = `http://${TEST_HOST}`;
const p = (name: string, type: Paragraph['type'], text: string, extra: Partial<Paragraph> = {}): Paragraph => ({ name, type, text, markups: [], ...extra });

type Item = { title: string; link: string; guid: { '#text': string }; 'dc:creator': string; pubDate: string; category?: string | string[]; description: string; 'content:encoded': string };
type Feed = { rss: { '@_version': string; channel: { title: string; link: string; description: string; language: string; 'atom:link': { '@_href': string }; image?: { url: string }; item: Item | Item[] } } };

/** GET /feed/@{username}: a valid RSS 2.0 feed of what anyone may read. */
describe('RSS feed of a writer', () => {
  let t: TestApp;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const ann = await createUser(db, { name: 'Ann <Writer> & Co', username: 'Ann', email: 'ann@example.com', bio: 'Writes about tides & "things".', imageId: 'demo/tide-lines.svg' });
    const other = await createUser(db, { name: 'Bob', username: 'bob', email: 'bob@example.com' });
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    const publish = (title: string, day: number, paragraphs: Paragraph[], more: { isLocked?: boolean; tags?: string[]; creatorId?: string } = {}) =>
      insertPublishedPost(db, { creatorId: more.creatorId ?? ann, title, subtitle: `About ${title}`, paragraphs, tags: more.tags ?? [], isLocked: more.isLocked, publishedAt: at(day) });

    ids = {
      full: await publish('Tides & <script>alert(1)</script> ]]> of the North', 10, [
        p('a1', 'H3', 'Why tides'),
        p('a2', 'P', 'Bold and a link, then <b>not markup</b>.', { markups: [{ type: 'STRONG', start: 0, end: 4 }, { type: 'A', start: 9, end: 15, href: 'https://example.com/tides?a=1&b=2' }, { type: 'A', start: 17, end: 21, href: 'javascript:alert(1)' }] }),
        p('a3', 'IMG', 'A caption', { metadata: { id: '0123456789abcdef01234567', alt: 'The "sea"', originalWidth: 4000, originalHeight: 3000 } }),
        p('a4', 'ULI', 'first'),
        p('a5', 'ULI', 'second'),
        p('a6', 'PRE', 'if (a < b && c) {}', { codeBlockMetadata: { lang: 'js' } }),
        p('a7', 'P', 'Control \u0001 characters\u0008 vanish.'),
      ], { tags: ['Oceans', 'Science'] }),
      locked: await publish('Members only', 12, [p('b1', 'P', 'Opening one.'), p('b2', 'P', 'Opening two.'), p('b3', 'P', 'Opening three.'), p('b4', 'P', 'SECRET fourth paragraph.')], { isLocked: true }),
      unlisted: await publish('Unlisted one', 13, [p('c1', 'P', 'Hidden by link.')]),
      response: await publish('A response', 14, [p('d1', 'P', 'I agree.')]),
      trashed: await publish('Trashed', 15, [p('e1', 'P', 'Gone.')]),
      older: await publish('Older story', 2, [p('f1', 'P', 'Old words.')]),
      bobs: await publish('Not Ann', 11, [p('g1', 'P', 'By Bob.')], { creatorId: other }),
    };
    await t.database.pool.query(`update posts set visibility = 'UNLISTED' where id = $1`, [ids.unlisted]);
    await t.database.pool.query('update posts set in_response_to_post_id = $1, response_depth = 1 where id = $2', [ids.full, ids.response]);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [ids.trashed]);
  });

  const fetchFeed = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false, processEntities: true }).parse(res.body) as Feed;
    const items = [feed.rss.channel.item].flat();
    return { res, feed, items, byTitle: (prefix: string) => items.find((i) => i.title.startsWith(prefix)) };
  };

  it('is well-formed RSS 2.0 describing the writer', async () => {
    const { feed, res } = await fetchFeed('/feed/@Ann');
    expect(feed.rss['@_version']).toBe('2.0');
    expect(feed.rss.channel.title).toBe('Stories by Ann <Writer> & Co on Inkwell');
    expect(feed.rss.channel.link).toBe(`${ORIGIN}/@Ann`);
    expect(feed.rss.channel.description).toBe('Writes about tides & "things".');
    expect(feed.rss.channel['atom:link']['@_href']).toBe(`${ORIGIN}/feed/@Ann`);
    // RSS 2.0 images are GIF, JPEG or PNG at most 144 wide: the site's logo, not an SVG avatar.
    expect(feed.rss.channel.image).toEqual({ url: `${ORIGIN}/static/brand/feed-logo.png`, title: feed.rss.channel.title, link: feed.rss.channel.link, width: 144, height: 144 });
    expect(feed.rss.channel.language).toBe('en');
    expect(res.body).not.toContain('<script>');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lists published stories anyone may read, newest first: no unlisted, responses, trashed or others’ stories', async () => {
    const { items } = await fetchFeed('/feed/@ann');
    expect(items.map((i) => i.title)).toEqual(['Members only', 'Tides & <script>alert(1)</script> ]]> of the North', 'Older story']);
    const full = items[1]!;
    expect(full.link).toMatch(new RegExp(`^${ORIGIN}/@Ann/tides-.*-${ids.full}$`));
    expect(full.guid['#text']).toBe(`${ORIGIN}/p/${ids.full}`);
    expect(full['dc:creator']).toBe('Ann <Writer> & Co');
    expect(full.pubDate).toBe('Sat, 10 Jan 2026 12:00:00 GMT');
    expect(full.category).toEqual(['oceans', 'science']);
    expect(full.description).toBe('About Tides & <script>alert(1)</script> ]]> of the North');
  });

  it('carries the full text of public stories as escaped HTML with absolute URLs', async () => {
    const { byTitle } = await fetchFeed('/feed/@ann');
    const html = byTitle('Tides')!['content:encoded'];
    expect(html).toContain('<h3>Why tides</h3>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<a href="https://example.com/tides?a=1&amp;b=2" rel="ugc nofollow">a link</a>');
    expect(html).toContain('then &lt;b&gt;not markup&lt;/b&gt;.');
    expect(html).not.toContain('javascript:');
    expect(html).toContain(`<img src="${ORIGIN}/media/0123456789abcdef01234567?w=1360" alt="The &quot;sea&quot;">`);
    expect(html).toContain('<figcaption>A caption</figcaption>');
    expect(html).toContain('<ul><li>first</li><li>second</li></ul>');
    expect(html).toContain('<pre><code>if (a &lt; b &amp;&amp; c) {}</code></pre>');
    expect(html).toContain('<p>Control  characters vanish.</p>');
  });

  it('shows member-only stories as their preview and a link to read the rest', async () => {
    const { byTitle } = await fetchFeed('/feed/@ann');
    const html = byTitle('Members only')!['content:encoded'];
    expect(html).toContain('Opening three.');
    expect(html).not.toContain('SECRET');
    expect(html).toMatch(new RegExp(`<a href="${ORIGIN}/@Ann/members-only-${ids.locked}">This is a member-only story\\. Read the full story on Inkwell\\.</a>`));
  });

  it('holds at most 20 stories', async () => {
    const id = await createUser(t.database.db, { name: 'Prolific', username: 'prolific', email: 'pro@example.com' });
    for (let i = 0; i < 23; i++) {
      await insertPublishedPost(t.database.db, { creatorId: id, title: `Story ${i}`, subtitle: '', paragraphs: [p('x', 'P', `Words ${i}`)], tags: [], publishedAt: new Date(Date.UTC(2026, 1, 1 + i)) });
    }
    const { items } = await fetchFeed('/feed/@prolific');
    expect(items).toHaveLength(20);
    expect(items[0]!.title).toBe('Story 22');
  });

  it('answers 404 for unknown, deactivated and suspended writers', async () => {
    const gone = await createUser(t.database.db, { name: 'Gone', username: 'gone', email: 'gone@example.com' });
    const banned = await createUser(t.database.db, { name: 'Banned', username: 'banned', email: 'banned@example.com' });
    await t.database.pool.query('update users set deactivated_at = now() where id = $1', [gone]);
    await t.database.pool.query('update users set is_suspended = true where id = $1', [banned]);
    for (const name of ['nobody', 'gone', 'banned']) {
      const res = await t.app.inject({ method: 'GET', url: `/feed/@${name}`, headers: { host: TEST_HOST } });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
