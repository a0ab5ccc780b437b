import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../../shared/paragraphs.js';
import { PostBody } from '../components/post-body/index.js';
import { ServerFragmentsContext, useServerFragment } from '../lib/server-fragments.js';
import { FragmentCache } from './fragment-cache.js';
import { PageBytes } from './page-bytes.js';

const paragraphs: Paragraph[] = [
  { name: 'a1', type: 'H3', text: 'Tides', markups: [] },
  { name: 'b2', type: 'P', text: 'The sea <rises> & falls, twice a day.', markups: [{ type: 'STRONG', start: 0, end: 7 }] },
  { name: 'c3', type: 'ULI', text: 'spring', markups: [] },
  { name: 'd4', type: 'ULI', text: 'neap', markups: [] },
];

/** A holder as StoryBody writes one: the kept HTML inside it, or the body as its child. */
function Body({ text }: { text: string }) {
  const element = () => <PostBody paragraphs={[...paragraphs, { name: 'e5', type: 'P', text, markups: [] }]} />;
  const html = useServerFragment(() => ['body', text], element);
  return <div id="holder" dangerouslySetInnerHTML={html === null ? undefined : { __html: html }}>{html === null ? element() : undefined}</div>;
}

function renderPage(cache: FragmentCache, text: string) {
  const page = new PageBytes();
  const fragments = cache.forRender(page);
  const html = renderToString(
    <ServerFragmentsContext.Provider value={fragments}>
      <Body text={text} />
    </ServerFragmentsContext.Provider>,
  );
  fragments.keepMisses(renderToString);
  return page.assemble(html).toString();
}

describe('FragmentCache', () => {
  it('serves the HTML the subtree renders inline, byte for byte, from the second render on', () => {
    const cache = new FragmentCache(1024 * 1024);
    const inline = renderPage(cache, 'last words');
    expect(cache.size).toBe(1);
    const kept = renderPage(cache, 'last words');
    expect(kept).toBe(inline);
    // What the browser hydrates against: the same tree rendered with no cache at all.
    expect(kept).toBe(renderToString(<Body text="last words" />));
    expect(kept).toContain('<strong>The sea</strong> &lt;rises&gt; &amp; falls');
  });

  it('keeps one entry per key: other key parts render their own HTML', () => {
    const cache = new FragmentCache(1024 * 1024);
    renderPage(cache, 'first');
    const second = renderPage(cache, 'second');
    expect(second).toContain('second');
    expect(second).not.toContain('first');
    expect(cache.size).toBe(2);
    expect(renderPage(cache, 'first')).toContain('first');
  });

  it('drops the least recently used entries past its size', () => {
    const one = renderToString(<Body text="x0" />).length;
    const cache = new FragmentCache(Math.floor(one * 2.5));
    renderPage(cache, 'x0');
    renderPage(cache, 'x1');
    renderPage(cache, 'x0'); // x0 is now the most recently used
    renderPage(cache, 'x2');
    expect(cache.size).toBe(2);
    // x1 went; x0 and x2 are served (a hit stores nothing new).
    renderPage(cache, 'x0');
    renderPage(cache, 'x2');
    expect(cache.size).toBe(2);
    renderPage(cache, 'x1');
    expect(cache.size).toBe(2);
  });

  it('renders inline in the browser, where no cache is provided', () => {
    expect(renderToString(<Body text="plain" />)).toContain('plain');
  });
});
