import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import type { Markup, Paragraph } from '../../shared/paragraphs.js';
import { previewParagraphs } from '../posts/policies.js';
import { renderConfirmationEmail, renderStoryEmail, renderWelcomeEmail, type StoryEmailInput } from './email-render.js';

const p = (name: string, type: Paragraph['type'], text: string, extra: Partial<Paragraph> = {}): Paragraph => ({ name, type, text, markups: [], ...extra });

const LINKS = {
  unsubscribeUrl: 'https://ink.example/_/newsletters/unsubscribe/abc?v=1&s=2',
  emailSettingsUrl: 'https://ink.example/me/email-settings/u1/h4sh',
};

function story(overrides: Partial<StoryEmailInput> = {}, post: Partial<StoryEmailInput['post']> = {}): StoryEmailInput {
  return {
    siteName: 'Inkwell',
    siteOrigin: 'https://ink.example',
    newsletter: { name: 'Ada Lovelace', type: 'USER' },
    post: {
      id: 'a1b2c3d4e5f6',
      title: 'On engines',
      subtitle: 'What the analytical engine can do',
      url: 'https://ink.example/@ada/on-engines-a1b2c3d4e5f6',
      isLocked: false,
      readingTimeMinutes: 4,
      paragraphs: [p('a', 'P', 'The engine weaves algebraic patterns.')],
      ...post,
    },
    author: { name: 'Ada Lovelace', username: 'ada', imageUrl: '/media/0123456789abcdef01234567?w=80' },
    previewOnly: false,
    ...overrides,
  };
}

const render = (input: StoryEmailInput, links = LINKS) => renderStoryEmail(input).forRecipient(links);

describe('renderStoryEmail: escaping', () => {
  const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';

  it('escapes every user-written string: title, subtitle, names, paragraphs, captions, alt text', () => {
    const { html, subject } = render(
      story(
        { siteName: `Ink ${hostile}`, newsletter: { name: `News ${hostile}`, type: 'COLLECTION' }, author: { name: `Ada ${hostile}`, username: 'ada', imageUrl: null } },
        {
          title: `Title ${hostile}`,
          subtitle: `Sub ${hostile}`,
          paragraphs: [
            p('a', 'P', `Text ${hostile}`, { markups: [{ type: 'STRONG', start: 0, end: 4 }] }),
            p('b', 'H3', hostile),
            p('c', 'PRE', `const x = "</pre><script>"`),
            p('d', 'IMG', `Caption ${hostile}`, { metadata: { id: '0123456789abcdef01234567', alt: `Alt ${hostile}`, originalWidth: 2000, originalHeight: 1000 } }),
            p('e', 'MIXTAPE_EMBED', '', { mixtapeMetadata: { href: 'https://example.com/x', title: hostile, description: hostile } }),
          ],
        },
      ),
    );
    // As a mail client parses it: no script, no element or attribute the hostile text tried to add.
    const doc = new Window().document;
    doc.documentElement.innerHTML = html;
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    const images = [...doc.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['https://ink.example/media/0123456789abcdef01234567?w=1360']);
    const attributes = new Set([...doc.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name)));
    for (const name of attributes) expect(name).not.toMatch(/^on/);
    expect(images[0].getAttribute('alt')).toBe(`Alt ${hostile}`);
    expect(doc.querySelector('h1')?.textContent).toBe(`Title ${hostile}`);
    expect(html).toContain('Title &lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<strong>Text</strong> &lt;script&gt;');
    expect(html).toContain('alt="Alt &lt;script&gt;');
    expect(html).toContain('const x = &quot;&lt;/pre&gt;&lt;script&gt;&quot;');
    // A subject is a header: one line whatever the title holds.
    expect(subject).toBe(`Title ${hostile}`);
    expect(render(story({}, { title: 'Two\r\nlines\nBcc: x@example.com' })).subject).toBe('Two lines Bcc: x@example.com');
  });

  it('renders markups, with links only to http(s) and mailto', () => {
    const text = 'bold italic code safe mail bad data quoted';
    const at = (word: string, type: Markup['type'], href?: string): Markup => ({ type, start: text.indexOf(word), end: text.indexOf(word) + word.length, href });
    const { html, text: plain } = render(
      story({}, {
        paragraphs: [
          p('a', 'P', text, {
            markups: [
              at('bold', 'STRONG'),
              at('italic', 'EM'),
              at('code', 'CODE'),
              at('safe', 'A', 'https://example.com/a?b=1&c=2'),
              at('mail', 'A', 'mailto:ada@example.com'),
              at('bad', 'A', 'javascript:alert(1)'),
              at('data', 'A', 'data:text/html,<script>alert(1)</script>'),
              at('quoted', 'A', 'https://example.com/"onmouseover="alert(1)'),
            ],
          }),
        ],
      }),
    );
    expect(html).toMatch(/<strong>bold<\/strong> <em>italic<\/em> <code style="[^"]+">code<\/code>/);
    expect(html).toMatch(/<a href="https:\/\/example.com\/a\?b=1&amp;c=2" rel="ugc nofollow" style="[^"]+">safe<\/a>/);
    expect(html).toMatch(/<a href="mailto:ada@example.com" rel="ugc nofollow" style="[^"]+">mail<\/a>/);
    expect(html).toContain(' bad data ');
    expect(html).not.toMatch(/javascript:|data:text|onmouseover="/);
    expect(html).toContain('href="https://example.com/%22onmouseover=%22alert(1)"');
    // The text part: the same words, each link's URL after it.
    expect(plain).toContain('bold italic code safe (https://example.com/a?b=1&c=2) mail (mailto:ada@example.com) bad data quoted (https://example.com/%22onmouseover=%22alert(1))');
  });
});

describe('renderStoryEmail: member-only stories', () => {
  const MARKER = 'LOCKED-9f3a1c';
  const body: Paragraph[] = [
    p('a', 'P', 'Opening one.'),
    p('b', 'IMG', 'A caption', { metadata: { id: '0123456789abcdef01234567', alt: 'The engine', originalWidth: 400, originalHeight: 300 } }),
    p('c', 'P', 'Opening two.'),
    p('d', 'H3', 'Opening three.'),
    p('e', 'P', `The locked passage ${MARKER}.`),
    p('f', 'P', 'More', { markups: [{ type: 'A', start: 0, end: 4, href: `https://example.com/${MARKER}` }] }),
    p('g', 'IMG', '', { metadata: { id: '89abcdef0123456789abcdef', alt: `Alt ${MARKER}`, originalWidth: 400, originalHeight: 300 } }),
    p('h', 'PRE', `code ${MARKER}`),
  ];
  const locked = story({ previewOnly: true }, { isLocked: true, paragraphs: body });

  it('sends a reader without access the preview only: no locked text in the HTML, the text or the subject', () => {
    const email = render(locked);
    for (const part of [email.html, email.text, email.subject]) expect(part).not.toContain(MARKER);
    expect(email.html).not.toContain('89abcdef0123456789abcdef');
    expect(email.html).toContain('This is a member-only story. Read the full story on Inkwell.');
    expect(email.text).toContain('This is a member-only story. Read the full story on Inkwell.');
  });

  it('cuts where the story page cuts (previewParagraphs)', () => {
    const { html, text } = render(locked);
    const shown = previewParagraphs(body).map((x) => x.name);
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
    for (const words of ['Opening one.', 'A caption', 'Opening two.', 'Opening three.']) {
      expect(html).toContain(words);
      expect(text).toContain(words);
    }
  });

  it('sends members (previewOnly false) and public stories whole, without the notice', () => {
    const member = render({ ...locked, previewOnly: false });
    expect(member.html).toContain(MARKER);
    expect(member.text).toContain(MARKER);
    expect(member.html).not.toContain('This is a member-only story.');
    // previewOnly only cuts member-only stories: a public story is whole for everyone.
    const open = render(story({ previewOnly: true }, { paragraphs: body }));
    expect(open.html).toContain(MARKER);
  });
});

describe('renderStoryEmail: the email', () => {
  it('is a table layout at most 600px wide, inline styles, light and dark, with a preheader', () => {
    const { html } = render(story());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('max-width:600px;');
    expect(html).toMatch(/<table role="presentation"/);
    // Preheader: the subtitle, hidden, first thing in the body.
    expect(html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">What the analytical engine can do&#847;/);
    // Every style sits whole inside its attribute (a double quote inside one would cut it short).
    const styles = html.split('style="').length - 1;
    expect(styles).toBeGreaterThan(15);
    expect(html.match(/style="[^"<>]*"(?=[\s>])/g)).toHaveLength(styles);
    // The <style> block only darkens: remove it and every element keeps its inline colours.
    const withoutStyle = html.replace(/<style>[\s\S]*?<\/style>/, '');
    expect(withoutStyle).not.toContain('@media');
    expect(withoutStyle).toContain('color:#242424;');
  });

  it('has the site name, author line, story link button, why, unsubscribe and email settings links', () => {
    const { html } = render(story());
    expect(html).toContain('>Inkwell</a>');
    expect(html).toContain('<a href="https://ink.example/@ada" style="');
    expect(html).toContain('>Ada Lovelace</a>');
    expect(html).toContain('4 min read');
    expect(html).toMatch(/<a href="https:\/\/ink.example\/@ada\/on-engines-a1b2c3d4e5f6" style="[^"]+">Read on Inkwell<\/a>/);
    expect(html).toContain("You&#39;re receiving this because you subscribed to Ada Lovelace.");
    expect(html).toContain('<a href="https://ink.example/_/newsletters/unsubscribe/abc?v=1&amp;s=2" style="');
    expect(html).toContain('>Unsubscribe</a>');
    expect(html).toContain('<a href="https://ink.example/me/email-settings/u1/h4sh" style="');
    expect(html).toContain('>Email settings</a>');
    // The author's picture: a site path made absolute, with alt text.
    expect(html).toContain('<img src="https://ink.example/media/0123456789abcdef01234567?w=80" alt="Ada Lovelace" width="40" height="40"');
  });

  it('gives every image alt text and an absolute /media URL sized for the column', () => {
    const { html } = render(
      story({}, {
        paragraphs: [
          p('a', 'IMG', 'A caption', { metadata: { id: '0123456789abcdef01234567', alt: 'Gears', originalWidth: 3000, originalHeight: 2000 } }),
          p('b', 'IMG', '', { metadata: { id: '89abcdef0123456789abcdef', originalWidth: 300, originalHeight: 200 } }),
        ],
      }),
    );
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(3);
    for (const img of images) expect(img).toMatch(/ alt="/);
    expect(html).toContain('<img src="https://ink.example/media/0123456789abcdef01234567?w=1360" alt="Gears" width="550" style="');
    // Never wider than the original.
    expect(html).toContain('<img src="https://ink.example/media/89abcdef0123456789abcdef?w=300" alt="" width="300" style="');
    expect(html).toMatch(/<figcaption style="[^"]+">A caption<\/figcaption>/);
  });

  it('renders every paragraph type: headings, quotes, lists, code, separators, embeds as links', () => {
    const { html } = render(
      story({}, {
        paragraphs: [
          p('a', 'H3', 'A heading'),
          p('b', 'BQ', 'A quote'),
          p('c', 'ULI', 'dot one'),
          p('d', 'ULI', 'dot two'),
          p('e', 'OLI', 'first'),
          p('f', 'PRE', 'let a = 1;\nlet b = 2;'),
          p('g', 'HR', ''),
          p('h', 'IFRAME', '', { iframe: { src: 'https://www.youtube.com/embed/x', width: 640, height: 360, title: 'A video' } }),
          p('i', 'IFRAME', '', { iframe: { src: 'javascript:alert(1)', width: 1, height: 1, title: 'bad' } }),
        ],
      }),
    );
    expect(html).toMatch(/<h3 style="[^"]+">A heading<\/h3>/);
    expect(html).toMatch(/<blockquote style="[^"]+">A quote<\/blockquote>/);
    expect(html).toMatch(/<ul style="[^"]+"><li style="[^"]+">dot one<\/li><li style="[^"]+">dot two<\/li><\/ul><ol style="[^"]+"><li style="[^"]+">first<\/li><\/ol>/);
    expect(html).toMatch(/<pre style="[^"]*white-space:pre-wrap;[^"]*"><code>let a = 1;\nlet b = 2;<\/code><\/pre>/);
    expect(html).toMatch(/<hr style="[^"]+">/);
    expect(html).toMatch(/<a href="https:\/\/www.youtube.com\/embed\/x" rel="ugc nofollow" style="[^"]+">A video<\/a>/);
    expect(html).not.toContain('javascript:');
    expect(html).not.toMatch(/<iframe/);
  });

  it('has a plain-text part with the same content, links as URLs', () => {
    const { text } = render(
      story({}, {
        paragraphs: [
          p('a', 'P', 'Read the notes.', { markups: [{ type: 'A', start: 9, end: 14, href: 'https://example.com/notes' }] }),
          p('b', 'H3', 'Part two'),
          p('c', 'BQ', 'A quote'),
          p('d', 'OLI', 'first'),
          p('e', 'OLI', 'second'),
          p('f', 'PRE', 'let a = 1;'),
          p('g', 'HR', ''),
          p('h', 'IMG', 'The caption', { metadata: { id: '0123456789abcdef01234567', alt: 'Gears', originalWidth: 400, originalHeight: 300 } }),
          p('i', 'MIXTAPE_EMBED', '', { mixtapeMetadata: { href: 'https://example.com/card', title: 'A card', description: 'About it' } }),
        ],
      }),
    );
    expect(text).toBe(
      [
        'Inkwell',
        'On engines\nWhat the analytical engine can do',
        'Ada Lovelace · 4 min read\nhttps://ink.example/@ada',
        'Read the notes (https://example.com/notes).',
        'Part two\n--------',
        '> A quote',
        '1. first\n2. second',
        '    let a = 1;',
        '* * *',
        '[Gears: https://ink.example/media/0123456789abcdef01234567?w=400]\nThe caption',
        'A card: https://example.com/card\nAbout it',
        'Read on Inkwell: https://ink.example/@ada/on-engines-a1b2c3d4e5f6',
        "-- \nYou're receiving this because you subscribed to Ada Lovelace.\nUnsubscribe: https://ink.example/_/newsletters/unsubscribe/abc?v=1&s=2\nEmail settings: https://ink.example/me/email-settings/u1/h4sh",
      ].join('\n\n') + '\n',
    );
  });

  it('renders once and fills each recipient links, never inside the story text', () => {
    // Text that looks like a slot stays text: the slots are a random marker per render.
    const email = renderStoryEmail(story({}, { title: 'unsubscribeUrl :unsubscribeUrl: \u0000x:unsubscribeUrl:' }));
    const one = email.forRecipient(LINKS);
    const two = email.forRecipient({ unsubscribeUrl: 'https://ink.example/u/2', emailSettingsUrl: 'https://ink.example/s/2' });
    expect(one.html).toContain('unsubscribe/abc?v=1&amp;s=2');
    expect(two.html).toContain('href="https://ink.example/u/2"');
    expect(two.html).toContain('href="https://ink.example/s/2"');
    expect(two.html).not.toContain('abc?v');
    expect(two.text).toContain('Unsubscribe: https://ink.example/u/2\nEmail settings: https://ink.example/s/2');
    expect(one.subject).toBe('unsubscribeUrl :unsubscribeUrl: x:unsubscribeUrl:');
    expect(one.text).toContain('unsubscribeUrl :unsubscribeUrl: \u0000x:unsubscribeUrl:');
    expect(one.text).toContain('Unsubscribe: https://ink.example/_/newsletters/unsubscribe/abc?v=1&s=2');
  });

  it('refuses links that are not web links', () => {
    const email = renderStoryEmail(story());
    expect(() => email.forRecipient({ ...LINKS, unsubscribeUrl: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => email.forRecipient({ ...LINKS, emailSettingsUrl: '/me/settings' })).toThrow(/absolute/);
    expect(() => renderStoryEmail(story({}, { url: 'javascript:alert(1)' }))).toThrow(/http/);
  });
});

describe('renderConfirmationEmail and renderWelcomeEmail', () => {
  it('asks to confirm, with the link as a button and as text, escaped', () => {
    const email = renderConfirmationEmail({
      newsletterName: 'Notes <b>weekly</b>',
      ownerName: 'Ada & co',
      confirmUrl: 'https://ink.example/_/newsletters/confirm/a?v=1',
      siteName: 'Inkwell',
    });
    expect(email.subject).toBe('Confirm your subscription to Notes <b>weekly</b>');
    expect(email.html).not.toContain('<b>weekly');
    expect(email.html).toContain('Notes &lt;b&gt;weekly&lt;/b&gt; from Ada &amp; co');
    expect(email.html).toMatch(/<a href="https:\/\/ink.example\/_\/newsletters\/confirm\/a\?v=1" style="[^"]+">Confirm subscription<\/a>/);
    expect(email.text).toContain('Confirm subscription: https://ink.example/_/newsletters/confirm/a?v=1');
    expect(email.text).toContain("If you didn't ask to subscribe, ignore this email: you won't be subscribed.");
    expect(() => renderConfirmationEmail({ newsletterName: 'N', ownerName: 'O', confirmUrl: 'javascript:x', siteName: 'S' })).toThrow();
  });

  it('welcomes an imported subscriber with who added them and an unsubscribe link', () => {
    const email = renderWelcomeEmail({ newsletterName: 'Ada Lovelace', ownerName: 'Ada Lovelace', unsubscribeUrl: 'https://ink.example/u?t=1&v=2', siteName: 'Inkwell' });
    expect(email.subject).toBe("Welcome to Ada Lovelace's newsletter");
    expect(email.html).toContain('Welcome to Ada Lovelace&#39;s newsletter</h1>');
    expect(email.html).toContain("Ada Lovelace added you to Ada Lovelace&#39;s newsletter on Inkwell.");
    expect(email.html).toMatch(/<a href="https:\/\/ink.example\/u\?t=1&amp;v=2" style="[^"]+">Unsubscribe<\/a>/);
    expect(email.text).toContain("-- \nYou're receiving this because Ada Lovelace added your address to Ada Lovelace's newsletter.\nUnsubscribe: https://ink.example/u?t=1&v=2");
  });
});
