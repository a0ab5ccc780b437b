import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser } from '../support/test-browser.js';
import { WRITING, para, publishInput, signedInWriter } from '../support/writing.js';

/** A story written and published through GraphQL, then read logged out on its server-rendered page. */
describe('writing: the published story page', () => {
  let t: TestApp;
  let url: string;
  let html: string;
  let author: Awaited<ReturnType<typeof signedInWriter>>['browser'];

  beforeAll(async () => {
    t = await createTestApp();
    const { browser: ann } = await signedInWriter(t, 'ann');
    author = ann;
    const created = await ann.gql(WRITING.createDraft, {
      title: 'Embeds and <cards>',
      subtitle: 'Rendered safely',
      paragraphs: [
        para('a1', 'Read the source, or mail me.', {
          markups: [
            { type: 'A', start: 9, end: 15, href: 'https://example.com/src?a=1&b="x"' },
            { type: 'A', start: 20, end: 27, href: 'mailto:ann@example.com' },
          ],
        }),
        { name: 'yt', type: 'IFRAME', text: '', iframe: { src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'A talk' } },
        { name: 'mx', type: 'MIXTAPE_EMBED', text: '', mixtapeMetadata: { href: 'https://en.wikipedia.org/wiki/Tide', title: 'Tide <b>', description: 'The rise and fall of the sea' } },
        para('z9', '<script>alert(1)</script> is just text here.'),
      ],
    });
    const post = (await ann.gql(WRITING.publishPost, { postId: created.data.createDraft.postId, input: publishInput({ tags: ['Web'] }) })).data.publishPost;
    url = new URL(post.mediumUrl).pathname;
    const res = await testBrowser(t.app).get(url);
    expect(res.statusCode).toBe(200);
    html = res.body;
  });

  it('frames an allow-listed embed sandboxed and lazily, at the provider’s embed URL', () => {
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(iframe).toContain('sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"');
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).toContain('referrerPolicy="strict-origin-when-cross-origin"');
    expect(iframe).toContain('title="A talk"');
  });

  it('shows the link card and the links as user content: ugc, nofollow, noopener', () => {
    const card = /<a[^>]*href="https:\/\/en.wikipedia.org\/wiki\/Tide"[^>]*>/.exec(html)?.[0] ?? '';
    expect(card).toContain('rel="ugc nofollow noopener"');
    expect(html).toContain('Tide &lt;b&gt;');
    expect(html).toContain('en.wikipedia.org');
    const link = /<a[^>]*href="https:\/\/example.com\/src\?a=1&amp;b=%22x%22"[^>]*>source<\/a>/.exec(html)?.[0] ?? '';
    expect(link).toContain('rel="ugc nofollow noopener"');
    expect(html).toMatch(/<a[^>]*href="mailto:ann@example.com"[^>]*rel="ugc nofollow noopener"[^>]*>mail me<\/a>|<a[^>]*rel="ugc nofollow noopener"[^>]*href="mailto:ann@example.com"[^>]*>mail me<\/a>/);
  });

  it('escapes everything the writer typed', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; is just text here.');
    expect(html).toContain('Embeds and &lt;cards&gt;');
  });

  it('offers readers to follow the writer, but not the writer on their own story', async () => {
    expect(html).toMatch(/<button[^>]*aria-label="Follow ann Writer"[^>]*data-testid="follow-button"[^>]*>Follow<\/button>/);
    const own = await author.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Embeds and &lt;cards&gt;');
    expect(own.body).not.toContain('data-testid="follow-button"');
  });
});
