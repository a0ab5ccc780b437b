import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../web/components/markdown/Markdown';
import { documentTitle, isSafeHref, parseInline, parseMarkdown } from './markdown';

/** The document's markup, without its (hashed) class name. */
const html = (md: string) => renderToStaticMarkup(<Markdown blocks={parseMarkdown(md)} />).replace(/^<div class="[^"]*">/, '<div>');
const ALLOWED_TAGS = new Set(['div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'blockquote', 'hr', 'strong', 'em', 'code', 'a']);

/** Markdown-ish text: the syntax characters, HTML and script fragments, mixed with words. */
const markdownish = fc
  .array(
    fc.oneof(
      fc.constantFrom('# ', '## ', '- ', '1. ', '> ', '---', '**', '*', '_', '`', '[', '](', ')', '\n', '\n\n', ' ', '\\', '<', '>', '&', '"', "'"),
      fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'https://example.com/a?b=1', 'mailto:a@b.c', '/terms', '//evil.com', 'data:text/html,x', '&lt;', 'on'),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('Markdown documents', () => {
  it('render headings, lists, quotes, emphasis, code and links', () => {
    const out = html('# Terms\n\nSome **bold** and *italic* and `code`, a [link](https://example.com/x) and [ours](/privacy).\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n---\n\n## Next');
    expect(out).toBe(
      '<div><h1>Terms</h1><p>Some <strong>bold</strong> and <em>italic</em> and <code>code</code>, a <a href="https://example.com/x" rel="noopener noreferrer nofollow">link</a> and <a href="/privacy">ours</a>.</p><ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol><blockquote>quoted</blockquote><hr/><h2>Next</h2></div>',
    );
    expect(documentTitle(parseMarkdown('# The *Terms*\n\ntext'))).toBe('The Terms');
    expect(documentTitle(parseMarkdown('text\n# Late'))).toBeNull();
  });

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<b onclick="x()">hi</b>', '&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;'],
  ])('shows HTML as text: %j', (md, expected) => {
    expect(html(md)).toContain(expected);
  });

  it.each(['[click](javascript:alert(1))', '[click](JavaScript:void)', '[click](//evil.com)', '[click](data:text/html,hi)', '[click](vbscript:x)', '[click](/\\evil.com)'])('keeps the words of an unsafe link, not the link: %j', (md) => {
    const out = html(md);
    expect(out).toContain('click');
    expect(out).not.toContain('href');
  });

  it('for any text: only its own tags, every link safe, and no character of the source becomes markup', () => {
    fc.assert(
      fc.property(markdownish, (md) => {
        const out = html(md);
        for (const [, tag] of out.matchAll(/<\/?([a-zA-Z0-9]+)/g)) expect(ALLOWED_TAGS.has(tag!.toLowerCase()), tag).toBe(true);
        for (const [, attrs] of out.matchAll(/<[a-z0-9]+((?:\s[^>]*)?)\/?>/g)) {
          for (const [, name] of attrs!.matchAll(/\s([a-zA-Z-]+)=/g)) expect(['href', 'rel']).toContain(name);
        }
        for (const [, href] of out.matchAll(/href="([^"]*)"/g)) {
          const decoded = href!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
          expect(isSafeHref(decoded), decoded).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every word of the text (only the syntax goes)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,10}$/), { minLength: 1, maxLength: 12 }), (words) => {
        const text = parseInline(words.join(' '));
        expect(text).toEqual([{ kind: 'text', text: words.join(' ') }]);
      }),
    );
  });
});
