import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteContext, type SiteInfo } from '../../app-context.js';
import { ServerFragmentsContext } from '../../lib/server-fragments.js';
import { PageBytes } from '../../ssr/page-bytes.js';
import { FragmentCache } from '../../ssr/fragment-cache.js';
import { FeedPostCard } from './FeedPostCard.js';
import { PostCard, type PostPreview } from './PostCard.js';

const site = (signedIn: boolean, viewerId = 'bbbbbbbbbbbb'): SiteInfo => ({
  siteName: 'Inkwell',
  mainHost: 'localhost:3000',
  pageId: 'home',
  routeName: 'ShowHome',
  viewer: signedIn ? { id: viewerId, name: 'Reader', username: 'reader', imageId: null, emailObfuscated: null, xsrf: 'x' } : null,
});

const story = (id: string, clapCount: number): PostPreview => ({
  id,
  title: `Tides <and> currents ${id}`,
  uniqueSlug: `tides-and-currents-${id}`,
  firstPublishedAt: Date.UTC(2026, 2, 14, 9),
  readingTime: 4.2,
  clapCount,
  isLocked: id.startsWith('c'),
  postResponses: { count: 3 },
  previewImage: { id: 'img-1', alt: null, originalWidth: 800, originalHeight: 600 },
  extendedPreviewContent: { subtitle: 'Twice a day & more' },
  creator: { id: 'aaaaaaaaaaaa', name: 'Ada Lovelace', username: 'ada', imageId: null },
  collection: null,
  isStaffPick: false,
});

const noop = () => {};

/** A feed's cards and a list's plain card, as the pages render them. */
function Cards({ posts }: { posts: PostPreview[] }) {
  return (
    <main>
      {posts.map((post) => (
        <FeedPostCard key={post.id} post={post} actions={{ postFeedReason: 'FOLLOWED_AUTHOR', onShowLess: noop, onMuteAuthor: noop }} />
      ))}
      <PostCard post={posts[0]!} compact />
    </main>
  );
}

function renderPage(cache: FragmentCache | null, posts: PostPreview[], signedIn = true, viewerId?: string) {
  const page = new PageBytes();
  const fragments = cache?.forRender(page) ?? null;
  const html = renderToString(
    <SiteContext.Provider value={site(signedIn, viewerId)}>
      <ServerFragmentsContext.Provider value={fragments}>
        <Cards posts={posts} />
      </ServerFragmentsContext.Provider>
    </SiteContext.Provider>,
  );
  // As entry-server.tsx does: each miss on its own, within the page's site.
  fragments?.keepMisses((element) => renderToString(<SiteContext.Provider value={site(signedIn, viewerId)}>{element}</SiteContext.Provider>));
  return page.assemble(html).toString();
}

describe('PostCard on the server', () => {
  const posts = [story('a00000000001', 12), story('c00000000002', 1500)];

  it('serves kept cards byte for byte as they render inline, and as the browser renders them', () => {
    const cache = new FragmentCache(1024 * 1024);
    const inline = renderPage(cache, posts);
    expect(cache.size).toBe(3); // two feed cards and the compact one
    expect(renderPage(cache, posts)).toBe(inline);
    expect(cache.size).toBe(3);
    // What hydration compares with: the same cards with no cache at all.
    expect(inline).toBe(renderPage(null, posts));
    expect(inline).toContain('Tides &lt;and&gt; currents a00000000001');
    expect(inline).toContain('data-feed-reason="FOLLOWED_AUTHOR"');
    expect(inline).toContain('aria-label="More"');
    // Save on every card, not pressed until the reader's saved stories are known (asked once hydrated).
    expect(inline.match(/aria-label="Save Tides &lt;and&gt; currents a00000000001" aria-pressed="false"/g)).toHaveLength(2);
    expect(inline).toContain('aria-label="Add Tides &lt;and&gt; currents c00000000002 to a list"');
    expect(inline).not.toContain('data-saved=');
    expect(inline).not.toContain('operation=register');
    expect(inline).toContain('1.5K');
  });

  it('renders a card again when anything it shows changes', () => {
    const cache = new FragmentCache(1024 * 1024);
    renderPage(cache, posts);
    const clapped = renderPage(cache, [story('a00000000001', 13), posts[1]!]);
    expect(clapped).toContain('>13 claps<');
    expect(clapped).not.toContain('>12 claps<');
    expect(clapped).toBe(renderPage(null, [story('a00000000001', 13), posts[1]!]));
  });

  it('keeps a signed-out reader’s cards apart: Save that asks to sign up, no list arrow, no menu', () => {
    const cache = new FragmentCache(1024 * 1024);
    renderPage(cache, posts, true);
    const signedOut = renderPage(cache, posts, false);
    expect(signedOut).toContain('aria-label="Save Tides &lt;and&gt; currents a00000000001"');
    expect(signedOut).not.toContain('aria-pressed');
    expect(signedOut).not.toContain('to a list"');
    expect(signedOut).not.toContain('aria-label="More"');
    expect(signedOut).toBe(renderPage(null, posts, false));
  });

  it('shares one kept card between signed-in readers: nothing in it is one reader’s own', () => {
    const cache = new FragmentCache(1024 * 1024);
    const first = renderPage(cache, posts, true, 'bbbbbbbbbbbb');
    const other = renderPage(cache, posts, true, 'dddddddddddd');
    expect(cache.size).toBe(3);
    expect(other).toBe(first);
    expect(other).not.toContain('bbbbbbbbbbbb');
  });
});
