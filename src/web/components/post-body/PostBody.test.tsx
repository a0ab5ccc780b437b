import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { PostBody } from './PostBody.js';

let counter = 0;
function para(type: Paragraph['type'], text = '', extra: Partial<Paragraph> = {}): Paragraph {
  counter += 1;
  return { name: `p${counter.toString(16).padStart(3, '0')}`, type, text, markups: [], ...extra };
}

const render = (paragraphs: Paragraph[], props: { allowIframes?: boolean; eagerLeadImage?: boolean } = {}) =>
  renderToStaticMarkup(<PostBody paragraphs={paragraphs} {...props} />);

/** The element a paragraph rendered to, found by its id. */
function tagOf(html: string, name: string): string | undefined {
  return new RegExp(`<([a-z0-9]+)[^>]*\\bid="${name}"`).exec(html)?.[1];
}

const image = (layout: Paragraph['layout'], originalWidth = 4000): Paragraph =>
  para('IMG', 'A caption', {
    layout,
    metadata: { id: 'photos/tide.jpg', alt: 'Low tide at dusk', originalWidth, originalHeight: originalWidth / 2 },
  });

describe('PostBody', () => {
  it('renders each paragraph type to its element with id and data-paragraph-type', () => {
    const paragraphs = [
      para('P', 'Body text'),
      para('H3', 'Section'),
      para('H4', 'Subsection'),
      para('BQ', 'A quote'),
      para('PQ', 'A pull quote'),
      para('PRE', 'const x = 1;', { codeBlockMetadata: { lang: 'typescript' } }),
      para('ULI', 'bullet'),
      para('OLI', 'number'),
      para('HR'),
      image('INSET_CENTER'),
      para('IFRAME', '', { iframe: { src: 'https://www.youtube-nocookie.com/embed/abc', width: 16, height: 9, title: 'A talk' } }),
      para('MIXTAPE_EMBED', '', { mixtapeMetadata: { href: 'https://en.wikipedia.org/wiki/Tide', title: 'Tide', description: 'Rise and fall' } }),
    ];
    const html = render(paragraphs);
    const expected = ['p', 'h2', 'h3', 'blockquote', 'blockquote', 'pre', 'li', 'li', 'hr', 'figure', 'figure', 'div'];
    paragraphs.forEach((p, i) => {
      expect(tagOf(html, p.name), p.type).toBe(expected[i]);
      expect(html).toContain(`id="${p.name}" data-paragraph-type="${p.type}"`);
    });
  });

  it('maps headings to h2..h4 by rank, below the page title', () => {
    const html = render([para('H1', 'a'), para('H2', 'b'), para('H3', 'c'), para('H4', 'd'), para('H4', 'e')]);
    expect(html.match(/<h\d/g)).toEqual(['<h2', '<h3', '<h4', '<h4', '<h4']);
    expect(render([para('H4', 'only')])).toMatch(/^<div[^>]*><h2 /);
    expect(html).not.toContain('<h1');
  });

  it('groups consecutive list items into one list and keeps separate runs apart', () => {
    const html = render([
      para('ULI', 'one'),
      para('ULI', 'two'),
      para('OLI', 'first'),
      para('OLI', 'second'),
      para('OLI', 'third'),
      para('P', 'between'),
      para('ULI', 'again'),
    ]);
    expect(html.match(/<ul/g)).toHaveLength(2);
    expect(html.match(/<ol/g)).toHaveLength(1);
    expect(html).toMatch(/<ul[^>]*><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ul><ol/);
    expect(html).toMatch(/<ol[^>]*>(<li[^>]*>\w+<\/li>){3}<\/ol>/);
  });

  it('renders markups as nested inline elements', () => {
    const html = render([
      para('P', '0123456789abcdefghij', {
        markups: [
          { type: 'STRONG', start: 0, end: 10 },
          { type: 'EM', start: 5, end: 15 },
          { type: 'CODE', start: 16, end: 18 },
        ],
      }),
    ]);
    expect(html).toContain('<strong>01234<em>56789</em></strong><em>abcde</em>f<code');
    expect(html).toMatch(/<code[^>]*>gh<\/code>ij<\/p>/);
  });

  it("links user content with rel 'ugc nofollow noopener' in a new tab", () => {
    const html = render([para('P', 'see this', { markups: [{ type: 'A', start: 4, end: 8, href: 'https://en.wikipedia.org/wiki/Moon' }] })]);
    expect(html).toMatch(/<a [^>]*href="https:\/\/en.wikipedia.org\/wiki\/Moon"[^>]*>this<\/a>/);
    expect(html).toContain('rel="ugc nofollow noopener"');
    expect(html).toContain('target="_blank"');
  });

  it('renders a javascript: (or any non-http/mailto) href as plain text', () => {
    const html = render([
      para('P', 'click me or me', {
        markups: [
          { type: 'A', start: 0, end: 8, href: 'javascript:alert(1)' },
          { type: 'A', start: 12, end: 14, href: 'data:text/html,hi' },
        ],
      }),
    ]);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('javascript');
    expect(html).toContain('click me or me');
    expect(render([para('P', 'mail', { markups: [{ type: 'A', start: 0, end: 4, href: 'mailto:a@b.example' }] })])).toContain(
      'href="mailto:a@b.example"',
    );
  });

  it('escapes text: a <script> in content stays text', () => {
    const html = render([
      para('P', '<script>alert("x")</script>'),
      para('PRE', '</code></pre><script>alert(1)</script>'),
      image('INSET_CENTER'),
    ]);
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('renders code blocks with a language and without merging neighbours', () => {
    const html = render([
      para('PRE', 'select 1;', { codeBlockMetadata: { lang: 'sql' } }),
      para('PRE', 'echo hi', { codeBlockMetadata: { lang: 'bash' } }),
      para('PRE', 'plain', { codeBlockMetadata: { lang: '"><x' } }),
    ]);
    expect(html.match(/<pre/g)).toHaveLength(3);
    expect(html).toMatch(/<pre[^>]*data-lang="sql" data-lang-label="SQL"[^>]*><code class="language-sql">select 1;<\/code><\/pre>/);
    expect(html).toContain('data-lang-label="Bash"');
    expect(html).not.toContain('&quot;&gt;&lt;x');
  });

  it('renders images as figures with srcset, sizes, dimensions, lazy loading and a caption', () => {
    const html = render([image('INSET_CENTER')]);
    expect(html).toMatch(/<figure[^>]*data-layout="INSET_CENTER"/);
    expect(html).toContain('src="/media/photos%2Ftide.jpg?w=680"');
    // HTML attribute names are case-insensitive; React writes srcSet, referrerPolicy….
    expect(html.toLowerCase()).toContain('srcset="/media/photos%2ftide.jpg?w=680 680w, /media/photos%2ftide.jpg?w=1360 1360w"');
    expect(html).toContain('sizes="(max-width: 728px) calc(100vw - 48px), 680px"');
    expect(html).toContain('width="4000" height="2000"');
    expect(html).toContain('alt="Low tide at dusk"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toMatch(/<figcaption[^>]*>A caption<\/figcaption><\/figure>/);
  });

  it('never puts a srcset width above twice the layout width', () => {
    const limits = { INSET_CENTER: 680, OUTSET_CENTER: 1192, FULL_WIDTH: 1320 } as const;
    for (const [layout, width] of Object.entries(limits)) {
      const html = render([image(layout as Paragraph['layout'], 10000)]);
      const srcset = /srcset="([^"]+)"/i.exec(html)?.[1] ?? '';
      const widths = srcset.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)?.[1]));
      expect(widths, layout).toEqual([width, 2 * width]);
    }
    expect(render([image('FULL_WIDTH')])).toContain('sizes="100vw"');
  });

  it('embeds allow-listed iframes sandboxed, and links the rest', () => {
    const allowed = render([para('IFRAME', '', { iframe: { src: 'https://player.vimeo.com/video/1', width: 640, height: 360, title: 'Clip' } })]);
    expect(allowed).toContain('<iframe');
    expect(allowed).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
    expect(allowed).toContain('loading="lazy"');
    expect(allowed.toLowerCase()).toContain('referrerpolicy="strict-origin-when-cross-origin"');
    expect(allowed.toLowerCase()).toContain('allowfullscreen=""');
    expect(allowed).toContain('aspect-ratio:640 / 360');

    const offList = render([para('IFRAME', '', { iframe: { src: 'https://evil.example/embed', width: 1, height: 1, title: 'Free prizes' } })]);
    expect(offList).not.toContain('<iframe');
    expect(offList).toMatch(/<p [^>]*data-paragraph-type="IFRAME"[^>]*><a [^>]*href="https:\/\/evil.example\/embed"[^>]*>Free prizes<\/a><\/p>/);

    const httpOnly = render([para('IFRAME', '', { iframe: { src: 'http://www.youtube.com/embed/x', width: 1, height: 1, title: 't' } })]);
    expect(httpOnly).not.toContain('<iframe');

    const scripted = render([para('IFRAME', '', { iframe: { src: 'javascript:alert(1)', width: 1, height: 1, title: 'x' } })]);
    expect(scripted).not.toContain('<iframe');
    expect(scripted).not.toContain('<a');

    const flagOff = render([para('IFRAME', '', { iframe: { src: 'https://player.vimeo.com/video/1', width: 1, height: 1, title: 'Clip' } })], {
      allowIframes: false,
    });
    expect(flagOff).not.toContain('<iframe');
  });

  it('renders a mixtape embed as a link card with title, description, domain and thumbnail', () => {
    const html = render([
      para('MIXTAPE_EMBED', '', {
        mixtapeMetadata: {
          href: 'https://www.wikipedia.org/wiki/Olbers%27_paradox',
          title: "Olbers' paradox",
          description: 'Why is the night sky dark?',
          thumbnailImageId: 'demo/orbit.svg',
        },
      }),
    ]);
    expect(html).toMatch(/<a [^>]*href="https:\/\/www.wikipedia.org\/wiki\/Olbers%27_paradox"[^>]*rel="ugc nofollow noopener"/);
    expect(html).toMatch(/<strong[^>]*>Olbers&#x27; paradox<\/strong>/);
    expect(html).toContain('Why is the night sky dark?');
    expect(html).toContain('>wikipedia.org<');
    expect(html).toContain('src="/static/demo/orbit.svg"');

    const unsafe = render([para('MIXTAPE_EMBED', '', { mixtapeMetadata: { href: 'javascript:x', title: 'T', description: '' } })]);
    expect(unsafe).not.toContain('<a');
  });

  it('renders the divider as an hr and tolerates malformed paragraphs', () => {
    expect(render([para('HR')])).toMatch(/<hr [^>]*data-paragraph-type="HR"/);
    const broken = { name: 'beef', type: 'P', text: 'Kept', markups: null } as unknown as Paragraph;
    expect(render([broken, para('IMG', 'no metadata')])).toMatch(/<p id="beef" data-paragraph-type="P"[^>]*>Kept<\/p>/);
  });
});

describe('PostBody: empty lines', () => {
  const textTypes = ['P', 'H3', 'H4', 'BQ', 'PQ', 'PRE', 'ULI', 'OLI'] as const;
  const blank = fc.constantFrom('', ' ', '\n', '\t ', '\u00a0');
  const paragraph = fc.oneof(
    fc.record({ type: fc.constantFrom(...textTypes), text: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}$/), empty: fc.constant(false) }),
    fc.record({ type: fc.constantFrom(...textTypes), text: blank, empty: fc.constant(true) }),
    fc.record({ type: fc.constant('HR' as const), text: fc.constant(''), empty: fc.constant(false) }),
  );

  it('renders a body with its empty lines (leading, trailing, in a row) as the body without them', () => {
    fc.assert(
      fc.property(fc.array(paragraph, { maxLength: 12 }), (drawn) => {
        const body = drawn.map(({ type, text }, i) => ({ name: `e${i.toString(16).padStart(3, '0')}`, type, text, markups: [] }) as Paragraph);
        const withText = body.filter((_, i) => !drawn[i]!.empty);
        expect(render(body)).toBe(render(withText));
        expect(render(body)).not.toMatch(/<(p|h3|h4|blockquote|li|code)\b[^>]*>\s*<\/\1>/);
      }),
    );
  });

  it('loads only the first image eagerly and first, and only on the story page; every code block takes the focus', () => {
    const kinds = fc.constantFrom<Paragraph['type']>('P', 'IMG', 'H3', 'PRE', 'ULI', 'BQ');
    fc.assert(
      fc.property(fc.array(kinds, { maxLength: 12 }), fc.boolean(), (types, eagerLeadImage) => {
        const paragraphs = types.map((type) => (type === 'IMG' ? image('INSET_CENTER') : para(type, 'text')));
        // As the fragment cache keeps a body (renderToString): its HTML alone, without a preload
        // <link> that the browser's render would not have.
        const html = renderToString(<PostBody paragraphs={paragraphs} eagerLeadImage={eagerLeadImage} />);
        expect(html).not.toContain('<link');
        const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
        expect(images).toHaveLength(types.filter((t) => t === 'IMG').length);
        images.forEach((img, i) => {
          const lead = eagerLeadImage && i === 0;
          expect(img).toContain(lead ? 'loading="eager"' : 'loading="lazy"');
          expect(img.includes('fetchPriority="high"') || img.includes('fetchpriority="high"')).toBe(lead);
        });
        const pres = [...html.matchAll(/<pre [^>]*>/g)].map((m) => m[0]);
        expect(pres).toHaveLength(types.filter((t) => t === 'PRE').length);
        for (const pre of pres) expect(pre).toContain('tabindex="0"');
      }),
    );
  });
});
