import { beforeAll, describe, expect, it } from 'vitest';
import { keptBodies } from '../../src/modules/posts/kept-bodies.js';
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

/**
 * The body is rendered once per revision and kept (src/web/ssr/fragment-cache.ts): readers
 * must still get the revision they may see, the moment it is published, and the preview of a
 * member-only story must never be served the whole body kept for a member (or the reverse).
 */
describe('writing: the kept story body', () => {
  let t: TestApp;
  /** The page's story body alone (the rest of the page has dates and counts). */
  const storyBody = (html: string) => /data-testid="story-body"[^>]*>.*?<\/div><\/div>/.exec(html)?.[0] ?? '';

  beforeAll(async () => {
    t = await createTestApp();
  });

  /** A story of one paragraph published by a new writer, and a logged-out reader of it. */
  async function publishedStory(username: string, title: string, text: string) {
    const { browser: ann } = await signedInWriter(t, username);
    const created = (await ann.gql(WRITING.createDraft, { title, subtitle: '', paragraphs: [para('a1', text)] })).data.createDraft;
    const post = (await ann.gql(WRITING.publishPost, { postId: created.postId, input: publishInput() })).data.publishPost;
    return { ann, postId: created.postId as string, url: new URL(post.mediumUrl).pathname, reader: testBrowser(t.app) };
  }

  it('serves the published revision, and a republished edit at once', async () => {
    const { ann, postId, url, reader } = await publishedStory('kept', 'Tide tables', 'The first low tide.');
    const first = storyBody((await reader.get(url)).body);
    expect(first).toContain('The first low tide.');
    expect(storyBody((await reader.get(url)).body)).toBe(first);

    // An unpublished edit is not shown; publishing it shows it to the next reader.
    const saved = (await ann.gql(WRITING.saveDraft, { postId, baseRev: 1, title: 'Tide tables', subtitle: '', paragraphs: [para('a1', 'The second low tide.')] })).data.saveDraft;
    expect(saved.__typename).toBe('SavedDraft');
    expect(storyBody((await reader.get(url)).body)).toBe(first);
    expect((await ann.gql(WRITING.publishPost, { postId, input: publishInput() })).data.publishPost.__typename).toBe('Post');
    const after = storyBody((await reader.get(url)).body);
    expect(after).toContain('The second low tide.');
    expect(after).not.toContain('The first low tide.');
  });

  it('shows a body changed by any writer at once, an operator’s SQL included', async () => {
    const { postId, url, reader } = await publishedStory('keptsql', 'Harbour lights', 'The old harbour light.');
    expect(storyBody((await reader.get(url)).body)).toContain('The old harbour light.');
    // Its parsed body is kept for the next readers of this version.
    const version = Number((await t.database.pool.query('select body_version from posts where id = $1', [postId])).rows[0].body_version);
    expect(keptBodies(t.database.db).get(`${postId}:${version}`)?.[0]?.text).toBe('The old harbour light.');
    await t.database.pool.query(`update posts set paragraphs = jsonb_set(paragraphs, '{0,text}', to_jsonb('The new harbour light.'::text)) where id = $1`, [postId]);
    const after = storyBody((await reader.get(url)).body);
    expect(after).toContain('The new harbour light.');
    expect(after).not.toContain('The old harbour light.');
  });

  it('keeps a member-only story’s preview and its whole body apart', async () => {
    const { browser: ann } = await signedInWriter(t, 'keptlocked');
    const paragraphs = Array.from({ length: 8 }, (_, i) => para(`p${i}`, `Paragraph number ${i} of the locked story.`));
    const created = (await ann.gql(WRITING.createDraft, { title: 'Locked tides', subtitle: '', paragraphs })).data.createDraft;
    const post = (await ann.gql(WRITING.publishPost, { postId: created.postId, input: publishInput({ isLocked: true }) })).data.publishPost;
    const url = new URL(post.mediumUrl).pathname;
    // The author reads the whole story first, so its body is kept before any visitor comes.
    expect(storyBody((await ann.get(url)).body)).toContain('Paragraph number 7 of the locked story.');
    const visitor = storyBody((await testBrowser(t.app).get(url)).body);
    expect(visitor).toContain('Paragraph number 0 of the locked story.');
    expect(visitor).not.toContain('Paragraph number 7 of the locked story.');
    expect(storyBody((await ann.get(url)).body)).toContain('Paragraph number 7 of the locked story.');
  });
});
