import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageContexts } from '../../../App.js';
import type { SiteInfo } from '../../../app-context.js';
import { ServerFragmentsContext } from '../../../lib/server-fragments.js';
import type { Navigation } from '../../../router/navigation.js';
import { FragmentCache } from '../../../ssr/fragment-cache.js';
import { PageBytes } from '../../../ssr/page-bytes.js';
import { ResponseItem } from './ResponseItem.js';
import type { ResponsePost, ResponsesApi } from './responses-api.js';

const site = (signedIn: boolean): Omit<SiteInfo, 'pageId' | 'routeName'> => ({
  siteName: 'Inkwell',
  mainHost: 'localhost:3000',
  viewer: signedIn ? { id: 'aaaaaaaaaaaa', name: 'Writer', username: 'writer', imageId: null, emailObfuscated: null, xsrf: 'x' } : null,
});

const navigation = (pathname: string): Navigation => ({ pathname, search: '', navigate() {}, preload() {} });

const response = (id: string, clapCount: number, text: string): ResponsePost => ({
  id,
  mediumUrl: `http://localhost:3000/@reader/answer-${id}`,
  firstPublishedAt: Date.UTC(2026, 10, 2, 8),
  clapCount,
  viewerClapCount: 0,
  responseDepth: 1,
  inResponseToPostId: 'story1',
  isHiddenByParentAuthor: false,
  postResponses: { count: 0 },
  creator: { id: 'bbbbbbbbbbbb', name: 'Reader <One>', username: 'reader', imageId: null },
  inResponseToQuote: { id: 'q1', text: 'The tide & the moon' },
  content: { bodyModel: { paragraphs: [{ name: 'a0', type: 'P', text, markups: [{ type: 'STRONG', start: 0, end: 4 }] }] } },
});

/** Rendering only: nothing is clicked, so the discussion's calls are never made. */
const api = {} as ResponsesApi;

/** As entry-server renders a page: misses are kept from renders of their own within the page's contexts. */
function render(cache: FragmentCache | null, post: ResponsePost, { signedIn = false, pathname = '/@writer/story-story1' } = {}) {
  const page = new PageBytes();
  const fragments = cache?.forRender(page) ?? null;
  const contexts = { site: site(signedIn), page: { pageId: 'post', routeName: 'ShowPost' }, navigation: navigation(pathname) };
  const html = renderToString(
    <PageContexts {...contexts}>
      <ServerFragmentsContext.Provider value={fragments}>
        <ol>
          <ResponseItem post={post} parentCreatorId="aaaaaaaaaaaa" api={api} canReply onReplyToThread={() => {}} onCount={() => {}} />
        </ol>
      </ServerFragmentsContext.Provider>
    </PageContexts>,
  );
  fragments?.keepMisses((element) => renderToString(<PageContexts {...contexts}>{element}</PageContexts>));
  return page.assemble(html).toString();
}

describe('ResponseItem on the server', () => {
  it('keeps a signed-out reader’s response, byte for byte what it renders inline', () => {
    const cache = new FragmentCache(1024 * 1024);
    const post = response('r1', 3, 'Well said, and more.');
    const inline = render(null, post);
    expect(render(cache, post)).toBe(inline);
    expect(cache.size).toBe(1);
    expect(render(cache, post)).toBe(inline);
    // Kept within the page's navigation: the sign-in link comes back to this story.
    expect(inline).toContain('redirect=%2F%40writer%2Fstory-story1');
    expect(inline).toContain('Reader &lt;One&gt;');
    expect(inline).toContain('<strong>Well</strong> said');
  });

  it('renders anew once the response changes, and per page it is shown on', () => {
    const cache = new FragmentCache(1024 * 1024);
    render(cache, response('r1', 3, 'Well said.'));
    const clapped = render(cache, response('r1', 4, 'Well said.'));
    expect(clapped).toBe(render(null, response('r1', 4, 'Well said.')));
    expect(clapped).toContain('data-count="4"');
    expect(clapped).toContain('<span class="visually-hidden">4 claps</span>');
    const elsewhere = render(cache, response('r1', 4, 'Well said.'), { pathname: '/p/story1/responses' });
    expect(elsewhere).toContain('redirect=%2Fp%2Fstory1%2Fresponses');
    expect(cache.size).toBe(3);
  });

  it('is never kept for a signed-in reader: the parent’s author gets the menu', () => {
    const cache = new FragmentCache(1024 * 1024);
    const html = render(cache, response('r1', 3, 'Well said.'), { signedIn: true });
    expect(cache.size).toBe(0);
    expect(html).toContain('Response options');
  });
});
