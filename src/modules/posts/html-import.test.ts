import { describe, expect, it } from 'vitest';
import { checkParagraphs } from './paragraph-input.js';
import { decodeHtml, importHtml, readPageCard } from './html-import.js';

const shape = (ps: { type: string; text: string }[]) => ps.map((p) => [p.type, p.text]);

describe('importHtml', () => {
  it('turns every kind of block into the paragraph model, in reading order', async () => {
    const html = `<!doctype html><html><head><title>Site | Tides</title><script>alert(1)</script></head><body>
      <nav><a href="/">Home</a></nav>
      <article>
        <h1>Tides and  the Moon</h1>
        <h2>Why the sea breathes twice a day</h2>
        <p>The <strong>moon</strong> pulls <em>the  sea</em>;
           see <a href="https://en.wikipedia.org/wiki/Tide">tides</a> and <code>g = 9.8</code>.</p>
        <h3>Two bulges</h3>
        <blockquote><p>First quoted.</p><p>Second quoted.</p></blockquote>
        <ul><li>One</li><li>Two<ol><li>Two a</li></ol></li></ul>
        <pre><code class="language-TypeScript">const x = 1;
if (x) {
  go();
}</code></pre>
        <hr>
        <figure><img src="https://example.com/a.png" alt="A wave" width="800" height="600"><figcaption>A  wave at dusk</figcaption></figure>
        <h5>Small heading</h5>
        <div>Loose text in a div<br>on two lines</div>
        <form><input name="q"><button>Go</button></form>
        <style>p { color: red }</style>
      </article>
      <footer>© someone</footer></body></html>`;
    const seen: string[] = [];
    const story = await importHtml(html, {
      baseUrl: 'https://blog.example/post/1',
      resolveImage: async (img) => {
        seen.push(`${img.src} ${img.alt} ${img.width}x${img.height}`);
        return { id: 'a1b2c3d4e5f6a1b2c3d4e5f6', originalWidth: 800, originalHeight: 600 };
      },
    });
    expect(story.title).toBe('Tides and the Moon');
    expect(story.subtitle).toBe('Why the sea breathes twice a day');
    expect(shape(story.paragraphs)).toEqual([
      ['P', 'The moon pulls the sea; see tides and g = 9.8.'],
      ['H4', 'Two bulges'],
      ['BQ', 'First quoted.'],
      ['BQ', 'Second quoted.'],
      ['ULI', 'One'],
      ['ULI', 'Two'],
      ['OLI', 'Two a'],
      ['PRE', 'const x = 1;\nif (x) {\n  go();\n}'],
      ['HR', ''],
      ['IMG', 'A wave at dusk'],
      ['H4', 'Small heading'],
      ['P', 'Loose text in a div\non two lines'],
    ]);
    const [first] = story.paragraphs;
    const at = (word: string) => first!.text.indexOf(word);
    expect(first!.markups).toEqual(
      expect.arrayContaining([
        { type: 'STRONG', start: at('moon'), end: at('moon') + 4 },
        { type: 'EM', start: at('the sea'), end: at('the sea') + 7 },
        { type: 'A', start: at('tides'), end: at('tides') + 5, href: 'https://en.wikipedia.org/wiki/Tide' },
        { type: 'CODE', start: at('g = 9.8'), end: at('g = 9.8') + 7 },
      ]),
    );
    expect(story.paragraphs[7]!.codeBlockMetadata).toEqual({ lang: 'typescript' });
    expect(story.paragraphs[9]!.metadata).toEqual({ id: 'a1b2c3d4e5f6a1b2c3d4e5f6', originalWidth: 800, originalHeight: 600, alt: 'A wave' });
    expect(seen).toEqual(['https://example.com/a.png A wave 800x600']);
    // Names are unique, and the result passes the checks every save passes.
    expect(new Set(story.paragraphs.map((p) => p.name)).size).toBe(story.paragraphs.length);
    expect(checkParagraphs(story.paragraphs)).toEqual(story.paragraphs);
  });

  it('keeps only safe links, resolved against the page, and drops images it cannot store', async () => {
    const story = await importHtml(
      `<p><a href="javascript:alert(1)">bad</a> <a href="/about">relative</a> <a href="mailto:a@b.example">mail</a> <a href="data:text/html,x">data</a></p>
       <p><img src="https://cdn.example/x.png"></p>`,
      { baseUrl: 'https://blog.example/post/1' },
    );
    expect(shape(story.paragraphs)).toEqual([['P', 'bad relative mail data']]);
    expect(story.paragraphs[0]!.markups.map((m) => m.href)).toEqual(['https://blog.example/about', 'mailto:a@b.example']);
  });

  it('takes the title from og:title or <title> when there is no h1, and reads rel=canonical', async () => {
    const story = await importHtml('<html><head><title> Plain  title </title><link rel="canonical" href="https://orig.example/a"></head><body><p>Body.</p></body></html>');
    expect(story).toMatchObject({ title: 'Plain title', subtitle: '', canonicalUrl: 'https://orig.example/a' });
    expect(shape(story.paragraphs)).toEqual([['P', 'Body.']]);
    const og = await importHtml('<meta property="og:title" content="From OG"><p>x</p>');
    expect(og.title).toBe('From OG');
  });

  it('decodes entities and the declared charset', async () => {
    const story = await importHtml('<p>caf&eacute; &amp; cr&#232;me &lt;b&gt;\u0000\u0007</p>');
    expect(story.paragraphs[0]!.text).toBe('café & crème <b>');
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1');
    expect(decodeHtml(latin1, null)).toContain('café');
    expect(decodeHtml(Buffer.from('<p>café</p>'), 'utf-8')).toContain('café');
  });
});

describe('readPageCard', () => {
  it('reads OpenGraph, then the title and description', () => {
    expect(
      readPageCard(
        `<head><meta property="og:title" content="The &amp; Title"><meta property="og:description" content="What it is.">
         <meta property="og:image" content="/img/card.png"></head>`,
        'https://site.example/a/b',
      ),
    ).toEqual({ title: 'The & Title', description: 'What it is.', imageUrl: 'https://site.example/img/card.png' });
    expect(readPageCard('<title>Plain</title><meta name="description" content="Desc">', 'https://site.example/')).toEqual({ title: 'Plain', description: 'Desc', imageUrl: null });
    expect(readPageCard('<meta property="og:image" content="javascript:x">', 'https://site.example/').imageUrl).toBeNull();
  });
});
