import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../../../shared/paragraphs.js';
import type { BodyHighlight } from './HighlightMarks.js';
import { PostBody } from './PostBody.js';

const paragraphs: Paragraph[] = [
  { name: 'a1', type: 'P', text: 'Plain words, then bold words, then a link.', markups: [{ type: 'STRONG', start: 18, end: 28 }, { type: 'A', start: 37, end: 41, href: 'https://example.com/' }] },
  { name: 'b2', type: 'ULI', text: 'A list item <b>', markups: [] },
];
const render = (highlights: Record<string, BodyHighlight[]>) =>
  renderToStaticMarkup(<PostBody paragraphs={paragraphs} highlights={new Map(Object.entries(highlights))} />);
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('highlights in a story body', () => {
  it('marks a range across markups without changing the text', () => {
    const html = render({ a1: [{ start: 13, end: 39, kind: 'viewer', quoteId: 'q1' }] });
    const marks = [...html.matchAll(/<mark[^>]*data-quote-id="q1"[^>]*>(.*?)<\/mark>/g)].map((m) => text(m[1]!));
    // Cut at the bold and the link, so each <mark> nests inside them.
    expect(marks.join('')).toBe('then bold words, then a li');
    expect(marks.length).toBeGreaterThan(1);
    expect(text(html)).toContain('Plain words, then bold words, then a link.');
    expect(html).toContain('<strong><mark');
  });

  it('labels the paragraph holding the top highlight, with the count for the author', () => {
    expect(render({ a1: [{ start: 0, end: 11, kind: 'top', readerCount: null }] })).toMatch(/<p[^>]*id="a1"[^>]*data-top-highlight="Top highlight"/);
    expect(render({ b2: [{ start: 0, end: 6, kind: 'top', readerCount: 3 }] })).toMatch(/<li[^>]*data-top-highlight="Top highlight · 3 readers"/);
    expect(render({ a1: [{ start: 0, end: 11, kind: 'viewer', quoteId: 'q' }] })).not.toContain('data-top-highlight');
  });

  it('gives overlapping highlights one <mark> per piece with both kinds', () => {
    const html = render({ a1: [{ start: 0, end: 11, kind: 'top' }, { start: 6, end: 20, kind: 'viewer', quoteId: 'q2' }] });
    expect(html).toMatch(/<mark[^>]*data-highlight="top viewer"[^>]*data-quote-id="q2"[^>]*>words<\/mark>/);
  });

  it('escapes the text inside marks', () => {
    const html = render({ b2: [{ start: 7, end: 15, kind: 'viewer', quoteId: 'q3' }] });
    expect(html).toContain('item &lt;b&gt;</mark>');
  });
});
