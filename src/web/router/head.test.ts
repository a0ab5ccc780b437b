import { describe, expect, it } from 'vitest';
import { postHead, renderHeadTags, serializeForScript, userHead } from './head.js';

describe('serializeForScript', () => {
  it('cannot close the script tag or break the line, and parses back to the same value', () => {
    const value = { title: '</script><script>alert(1)</script>', amp: 'a & b', sep: 'line\u2028para\u2029end', none: null };
    const text = serializeForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('serializes undefined as null', () => {
    expect(serializeForScript(undefined)).toBe('null');
  });
});

describe('renderHeadTags', () => {
  it('escapes text in the title and attributes', () => {
    const html = renderHeadTags({ title: 'Tom & "Jerry" <3', description: 'a "quoted" <b>' });
    expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;3</title>');
    expect(html).not.toContain('<b>');
  });
});

describe('userHead', () => {
  it("links the writer's RSS feed as the page's alternate", () => {
    const head = userHead({ userResult: { __typename: 'User', name: 'Ann "A" Lee', username: 'ann' } }, { siteName: 'Inkwell', origin: 'https://ink.example' } as Parameters<typeof userHead>[1]);
    expect(head.feed).toEqual({ href: 'https://ink.example/feed/@ann', title: 'Ann "A" Lee on Inkwell' });
    expect(renderHeadTags(head)).toContain('<link rel="alternate" type="application/rss+xml" title="Ann &quot;A&quot; Lee on Inkwell" href="https://ink.example/feed/@ann">');
  });
});

describe('postHead', () => {
  const site = { siteName: 'Inkwell', origin: 'https://ink.example' } as Parameters<typeof postHead>[1];
  const post = { __typename: 'Post', title: 'T', mediumUrl: 'https://ink.example/@ann/t-1a2b3c4d5e6f', creator: { name: 'Ann', username: 'ann' } };

  it('points the canonical link at an imported story’s original, else at the story', () => {
    expect(postHead({ postResult: post }, site).canonical).toBe(post.mediumUrl);
    expect(postHead({ postResult: { ...post, canonicalUrl: 'https://blog.example/t' } }, site).canonical).toBe('https://blog.example/t');
  });

  it('gives cards an absolute raster image: the upload, a demo illustration as PNG, else the site card (previews do not show SVG)', () => {
    const card = 'https://ink.example/static/brand/share-card.png';
    const table: [{ id: string } | null, string][] = [
      [{ id: '0123456789abcdef01234567' }, 'https://ink.example/media/0123456789abcdef01234567?w=1200'],
      [{ id: 'demo/orbit.svg' }, 'https://ink.example/static/brand/demo/orbit.png'],
      [null, card],
    ];
    for (const [previewImage, expected] of table) {
      const head = postHead({ postResult: { ...post, previewImage } }, site);
      expect([head.meta?.['og:image'], head.meta?.['twitter:image'], head.meta?.['twitter:card']]).toEqual([expected, expected, 'summary_large_image']);
    }
  });

  it("names the writer's profile as article:author and links the writer's feed", () => {
    const head = postHead({ postResult: post }, site);
    expect(head.meta?.['article:author']).toBe('https://ink.example/@ann');
    expect(head.feed).toEqual({ href: 'https://ink.example/feed/@ann', title: 'Ann on Inkwell' });
  });
});
