import { describe, expect, it } from 'vitest';
import { buildMarkupTree, safeLinkHref, splitMarkups, type MarkupNode } from './markups.js';
import type { Markup } from './paragraphs.js';

const strong = (start: number, end: number): Markup => ({ type: 'STRONG', start, end });
const em = (start: number, end: number): Markup => ({ type: 'EM', start, end });
const link = (start: number, end: number, href = 'https://example.org/'): Markup => ({ type: 'A', start, end, href });

function view(text: string, markups: Markup[]): string[] {
  return splitMarkups(text, markups).map((s) => `${s.text}|${s.marks.map((m) => m.type).join(',')}`);
}

/** Serializes a tree as pseudo-HTML to compare nestings at a glance. */
function html(nodes: MarkupNode[]): string {
  return nodes
    .map((n) => (typeof n === 'string' ? n : `<${n.mark.type}>${html(n.children)}</${n.mark.type}>`))
    .join('');
}

describe('splitMarkups', () => {
  it('returns the whole text as one unmarked segment without markups', () => {
    expect(view('plain words', [])).toEqual(['plain words|']);
    expect(splitMarkups('', [strong(0, 3)])).toEqual([]);
  });

  it('splits overlapping ranges (bold 0-10, italic 5-15)', () => {
    const text = '0123456789abcdefghij';
    expect(view(text, [strong(0, 10), em(5, 15)])).toEqual([
      '01234|STRONG',
      '56789|STRONG,EM',
      'abcde|EM',
      'fghij|',
    ]);
  });

  it('handles nested ranges and keeps the outer markup first', () => {
    expect(view('one two three', [em(4, 7), link(0, 13)])).toEqual(['one |A', 'two|A,EM', ' three|A']);
  });

  it('orders identical ranges link, strong, em, code', () => {
    const marks: Markup[] = [{ type: 'CODE', start: 0, end: 4 }, em(0, 4), strong(0, 4), link(0, 4)];
    expect(view('code', marks)).toEqual(['code|A,STRONG,EM,CODE']);
  });

  it('ignores empty, reversed, out-of-range and unknown markups and clamps the rest', () => {
    const text = 'hello world';
    const marks = [
      strong(3, 3),
      em(8, 2),
      strong(50, 60),
      { type: 'BLINK', start: 0, end: 5 } as unknown as Markup,
      { type: 'EM', start: Number.NaN, end: 4 } as Markup,
      em(-5, 5),
      strong(6, 999),
    ];
    expect(view(text, marks)).toEqual(['hello|EM', ' |', 'world|STRONG']);
  });

  it('concatenates back to the original text', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    const segments = splitMarkups(text, [strong(4, 19), em(10, 30), link(16, 25), strong(35, 43)]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('keeps one markup per type in a segment (no link inside a link)', () => {
    expect(view('abcdef', [link(0, 6, 'https://a.example/'), link(2, 4, 'https://b.example/')])).toEqual([
      'ab|A',
      'cd|A',
      'ef|A',
    ]);
    const inner = splitMarkups('abcdef', [link(0, 6, 'https://a.example/'), link(2, 4, 'https://b.example/')])[1];
    expect(inner.marks[0].href).toBe('https://a.example/');
  });

  it('does not cut a surrogate pair in half', () => {
    const text = 'a😀b';
    const segments = splitMarkups(text, [strong(0, 2)]);
    expect(segments.map((s) => s.text)).toEqual(['a😀', 'b']);
  });
});

describe('buildMarkupTree', () => {
  it('nests overlapping ranges with the fewest elements', () => {
    const tree = buildMarkupTree('0123456789abcdefghij', [strong(0, 10), em(5, 15)]);
    expect(html(tree)).toBe('<STRONG>01234<EM>56789</EM></STRONG><EM>abcde</EM>fghij');
  });

  it('keeps a link in one piece around partly bold text', () => {
    const tree = buildMarkupTree('read the whole thing', [link(0, 20), strong(9, 14)]);
    expect(html(tree)).toBe('<A>read the <STRONG>whole</STRONG> thing</A>');
  });

  it('handles a link that starts inside bold text and ends after it', () => {
    const tree = buildMarkupTree('abcdefghij', [strong(0, 6), link(3, 10)]);
    expect(html(tree)).toBe('<STRONG>abc<A>def</A></STRONG><A>ghij</A>');
  });
});

describe('safeLinkHref', () => {
  it('allows http, https and mailto', () => {
    expect(safeLinkHref('https://en.wikipedia.org/wiki/Tide')).toBe('https://en.wikipedia.org/wiki/Tide');
    expect(safeLinkHref(' http://example.com ')).toBe('http://example.com/');
    expect(safeLinkHref('mailto:hello@example.com')).toBe('mailto:hello@example.com');
  });

  it('rejects scripts, data, relative and malformed links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '/relative/path',
      '//evil.example/x',
      'not a url',
      '',
      undefined,
    ]) {
      expect(safeLinkHref(href)).toBeNull();
    }
  });
});
