import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { parseHead, type PageHead } from '../support/page-head.js';

const ORIGIN = `http://${TEST_HOST}`;
const CARD = `${ORIGIN}/static/brand/share-card.png`;
const body: Paragraph[] = [{ name: 'a', type: 'P', text: 'Words.', markups: [] }];

/** The heads of every public page kind, as a crawler or a link preview reads them. */
describe('page heads', () => {
  let t: TestApp;
  let story: string;

  beforeAll(async () => {
    t = await createTestApp();
    const ann = await createUser(t.database.db, { name: 'Ann "Tides" Lee', username: 'ann', email: 'ann@example.com', bio: 'Writes about the sea & <tides>.', imageId: 'demo/tide-lines.svg' });
    const id = await insertPublishedPost(t.database.db, { creatorId: ann, title: 'Tides & Currents', subtitle: 'Why the sea moves', paragraphs: body, tags: ['Ocean Life'], publishedAt: new Date(Date.UTC(2026, 2, 3)) });
    story = `/@ann/tides-currents-${id}`;
  });

  const headOf = async (path: string): Promise<PageHead> => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } });
    expect(res.statusCode, path).toBe(200);
    return parseHead(res.body);
  };
  const ldOfType = (head: PageHead, type: string) => head.jsonLd.find((ld) => ld['@type'] === type);
  const feedLink = (head: PageHead) => head.links.find((l) => l.rel === 'alternate' && l.type === 'application/rss+xml')?.href;

  // Page kind, path, canonical, og:type, feed, JSON-LD type.
  const kinds: [string, () => string, string, string, string | undefined, string | undefined][] = [
    ['landing', () => '/', `${ORIGIN}/`, 'website', undefined, 'WebSite'],
    ['story', () => story, '', 'article', `${ORIGIN}/feed/@ann`, 'Article'],
    ['profile', () => '/@ann', `${ORIGIN}/@ann`, 'profile', `${ORIGIN}/feed/@ann`, 'ProfilePage'],
    ['profile followers', () => '/@ann/followers', `${ORIGIN}/@ann/followers`, 'profile', `${ORIGIN}/feed/@ann`, 'ProfilePage'],
    ['profile about', () => '/@ann/about', `${ORIGIN}/@ann/about`, 'profile', `${ORIGIN}/feed/@ann`, 'ProfilePage'],
    ['tag', () => '/tag/ocean-life', `${ORIGIN}/tag/ocean-life`, 'website', `${ORIGIN}/feed/tag/ocean-life`, 'CollectionPage'],
    ['tag recommended', () => '/tag/ocean-life/recommended', `${ORIGIN}/tag/ocean-life/recommended`, 'website', `${ORIGIN}/feed/tag/ocean-life`, 'CollectionPage'],
    ['tag who to follow', () => '/tag/ocean-life/who-to-follow', `${ORIGIN}/tag/ocean-life/who-to-follow`, 'website', `${ORIGIN}/feed/tag/ocean-life`, 'CollectionPage'],
    ['tag archive', () => '/tag/ocean-life/archive/2026/03', `${ORIGIN}/tag/ocean-life/archive/2026/03`, 'website', `${ORIGIN}/feed/tag/ocean-life`, 'CollectionPage'],
    ['explore topics', () => '/explore-topics', `${ORIGIN}/explore-topics`, 'website', undefined, undefined],
    ['responses', () => `${story.replace(/^\/@ann\/.*-([0-9a-f]{12})$/, '/p/$1')}/responses`, '', 'website', undefined, undefined],
  ];

  it.each(kinds)('%s: canonical, OpenGraph, a Twitter card with a raster image, feed and JSON-LD', async (_kind, path, canonical, ogType, feed, ldType) => {
    const head = await headOf(path());
    const canonicalHref = head.links.find((l) => l.rel === 'canonical')?.href;
    if (canonical) expect(canonicalHref).toBe(canonical);
    else expect(canonicalHref).toMatch(new RegExp(`^${ORIGIN}/`));
    const m = head.meta;
    expect(m['og:type']).toBe(ogType);
    expect(m['og:site_name']).toBe('Inkwell');
    expect(m['og:title']).toBeTruthy();
    expect(m['og:url']).toBe(canonicalHref);
    for (const key of ['og:image', 'twitter:image']) expect(m[key], key).toMatch(/^http:\/\/localhost:3000\/(static\/brand\/share-card\.png|static\/brand\/demo\/[\w.-]+\.png|media\/[0-9a-f]{24}\?w=\d+)$/);
    expect(['summary', 'summary_large_image']).toContain(m['twitter:card']);
    expect(m['twitter:title']).toBeTruthy();
    expect(feedLink(head)).toBe(feed);
    if (ldType) expect(ldOfType(head, ldType), JSON.stringify(head.jsonLd)).toBeDefined();
    for (const ld of head.jsonLd) expect(ld['@context']).toBe('https://schema.org');
  });

  it('story: article:author is the profile address; JSON-LD names the writer by it', async () => {
    const head = await headOf(story);
    expect(head.meta['article:author']).toBe(`${ORIGIN}/@ann`);
    expect(head.meta['og:image']).toBe(CARD); // the story has no image of its own
    expect(head.meta['og:description']).toBe('Why the sea moves');
    expect(head.meta['article:published_time']).toBe('2026-03-03T00:00:00.000Z');
    const article = ldOfType(head, 'Article') as { author: { url: string; name: string }; headline: string };
    expect(article.author).toEqual({ '@type': 'Person', name: 'Ann "Tides" Lee', url: `${ORIGIN}/@ann` });
    expect(article.headline).toBe('Tides & Currents');
  });

  it('profile: JSON-LD Person with the bio and avatar, the demo SVG avatar as a PNG on a small card', async () => {
    const head = await headOf('/@ann');
    const avatar = `${ORIGIN}/static/brand/demo/tide-lines.png`;
    expect(head.meta['og:description']).toBe('Writes about the sea & <tides>.');
    expect([head.meta['og:image'], head.meta['twitter:image'], head.meta['twitter:card']]).toEqual([avatar, avatar, 'summary']);
    expect(head.meta['profile:username']).toBe('ann');
    const page = ldOfType(head, 'ProfilePage') as { mainEntity: Record<string, unknown> };
    expect(page.mainEntity).toEqual({ '@type': 'Person', name: 'Ann "Tides" Lee', alternateName: '@ann', url: `${ORIGIN}/@ann`, description: 'Writes about the sea & <tides>.', image: avatar });
  });

  it('tag: a CollectionPage about the tag, part of the site', async () => {
    const ld = ldOfType(await headOf('/tag/ocean-life'), 'CollectionPage') as { about: { name: string }; isPartOf: { '@type': string; url: string } };
    expect(ld.about.name).toBe('Ocean Life');
    expect(ld.isPartOf).toEqual({ '@type': 'WebSite', name: 'Inkwell', url: `${ORIGIN}/` });
  });

  it('pages kept from search engines carry no sharing properties', async () => {
    const head = await headOf('/m/signin');
    expect(head.meta.robots).toBe('noindex');
    expect(head.meta['og:title']).toBeUndefined();
  });
});
