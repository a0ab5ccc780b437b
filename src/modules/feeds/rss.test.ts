import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../../shared/paragraphs.js';
import { cdata, xmlText } from '../../platform/xml-text.js';
import { renderParagraphsHtml } from './rss.js';

const p = (type: Paragraph['type'], text: string, extra: Partial<Paragraph> = {}): Paragraph => ({ name: 'x', type, text, markups: [], ...extra });

describe('RSS text helpers', () => {
  it('escapes XML and drops characters XML 1.0 cannot hold', () => {
    expect(xmlText('a < b & "c" \u0000\u0007\uD800 d 😀')).toBe('a &lt; b &amp; &quot;c&quot;  d 😀');
  });

  it('keeps any text inside CDATA, even one containing the end marker', () => {
    expect(cdata('x ]]> y')).toBe('<![CDATA[x ]]]]><![CDATA[> y]]>');
  });
});

describe('renderParagraphsHtml', () => {
  const origin = 'https://ink.example';

  it('renders every paragraph type as plain, escaped HTML with absolute URLs', () => {
    const html = renderParagraphsHtml(
      [
        p('H1', 'Big <title>'),
        p('H4', 'Small'),
        p('BQ', 'Quote'),
        p('PQ', 'Pull quote'),
        p('OLI', 'one'),
        p('OLI', 'two'),
        p('ULI', 'dot'),
        p('HR', ''),
        p('IMG', '', { metadata: { id: 'demo/orbit.svg', originalWidth: 1400, originalHeight: 800 } }),
        p('IFRAME', '', { iframe: { src: 'https://www.youtube.com/embed/x', width: 640, height: 360, title: 'A <video>' } }),
        p('IFRAME', '', { iframe: { src: 'javascript:alert(1)', width: 1, height: 1, title: 'bad' } }),
        p('MIXTAPE_EMBED', 'card', { mixtapeMetadata: { href: 'https://example.com/a', title: 'A page', description: 'About & more' } }),
        p('P', 'code here', { markups: [{ type: 'CODE', start: 0, end: 4 }, { type: 'EM', start: 5, end: 9 }] }),
      ],
      origin,
    );
    expect(html).toBe(
      '<h2>Big &lt;title&gt;</h2><h4>Small</h4><blockquote>Quote</blockquote><blockquote>Pull quote</blockquote>' +
        '<ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul><hr>' +
        '<figure><img src="https://ink.example/static/demo/orbit.svg" alt=""></figure>' +
        '<p><a href="https://www.youtube.com/embed/x" rel="ugc nofollow">A &lt;video&gt;</a></p>' +
        '<p><a href="https://example.com/a" rel="ugc nofollow"><strong>A page</strong><br><em>About &amp; more</em></a></p>' +
        '<p><code>code</code> <em>here</em></p>',
    );
  });

  it('tolerates stored JSON with missing fields', () => {
    expect(renderParagraphsHtml([{ name: 'x', type: 'P' } as unknown as Paragraph, null as unknown as Paragraph, { name: 'y', type: 'P', text: 'Kept' } as unknown as Paragraph], origin)).toBe('<p>Kept</p>');
  });

  it('leaves out the empty lines of a body, wherever they are', () => {
    const p = (name: string, text: string, type: Paragraph['type'] = 'P'): Paragraph => ({ name, type, text, markups: [] });
    const body = [p('a', ''), p('b', 'First'), p('c', ' '), p('d', '\n', 'H3'), p('e', '', 'ULI'), p('f', 'Second'), p('g', ''), { ...p('h', ''), type: 'HR' as const }, p('i', '')];
    expect(renderParagraphsHtml(body, origin)).toBe('<p>First</p><p>Second</p><hr>');
  });
});
