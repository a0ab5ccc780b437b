import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { docToParagraphs, paragraphsToDoc } from '../../src/web/editor/paragraph-doc.js';
import { fromParagraphResult, toParagraphInput } from '../../src/web/editor/server-calls.js';
import { CREATE_DRAFT, POST_FOR_EDITING_QUERY, POST_REVISIONS_QUERY, SAVE_DRAFT } from '../../src/web/graphql/editor-operations.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/test-browser.js';
import { signedInWriter } from '../support/writing.js';

/** A story with every paragraph type, as the editor would hold it. */
const STORY: Paragraph[] = [
  { name: 'a001', type: 'H3', text: 'A large heading', markups: [] },
  { name: 'a002', type: 'H4', text: 'A small heading', markups: [] },
  {
    name: 'a003',
    type: 'P',
    text: 'Bold, italic, a link and code.\nA second line.',
    markups: [
      { type: 'STRONG', start: 0, end: 12 },
      { type: 'EM', start: 6, end: 12 },
      { type: 'A', start: 16, end: 20, href: 'https://example.org/about' },
      { type: 'CODE', start: 25, end: 29 },
    ],
  },
  { name: 'a004', type: 'BQ', text: 'A quote', markups: [] },
  { name: 'a005', type: 'PQ', text: 'A pull quote', markups: [] },
  { name: 'a006', type: 'PRE', text: 'const a = 1;\nconsole.log(a);', markups: [], codeBlockMetadata: { lang: 'typescript' } },
  { name: 'a007', type: 'ULI', text: 'One', markups: [] },
  { name: 'a008', type: 'ULI', text: 'Two', markups: [] },
  { name: 'a009', type: 'OLI', text: 'First', markups: [] },
  { name: 'a00a', type: 'HR', text: '', markups: [] },
  { name: 'a00b', type: 'IMG', text: 'A caption', markups: [], layout: 'OUTSET_CENTER', metadata: { id: 'demo/lake.svg', originalWidth: 1200, originalHeight: 800, alt: 'A lake' } },
  { name: 'a00c', type: 'IFRAME', text: '', markups: [], iframe: { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', width: 640, height: 360, title: 'YouTube' } },
  { name: 'a00d', type: 'MIXTAPE_EMBED', text: 'Elsewhere', markups: [], mixtapeMetadata: { href: 'https://example.org/story', title: 'Elsewhere', description: 'A page' } },
];

/** The editor's pages and its documents against the real server. */
describe('writing pages', () => {
  let t: TestApp;
  let writer: TestBrowser;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });

  beforeAll(async () => {
    t = await createTestApp();
    writer = (await signedInWriter(t, 'wren')).browser;
  });

  it.each(['/new-story', '/new-story/repost/0a1b2c3d4e5f', '/p/0a1b2c3d4e5f/edit', '/p/0a1b2c3d4e5f/revert/2/3', '/p/0a1b2c3d4e5f/settings', '/p/import'])(
    'sends a signed-out reader of %s to sign in and back',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, 'http://x');
      expect(location.pathname).toBe('/m/signin');
      expect(location.searchParams.get('redirect')).toBe(path);
    },
  );

  it('serves the editor in the basic layout and the settings and import pages in the site layout', async () => {
    const story = await writer.get('/new-story');
    expect(story.statusCode).toBe(200);
    expect(story.body).toContain('data-layout="basic"');
    expect(story.body).toContain('"pageId":"new-story"');
    expect(story.body).toContain('aria-label="Title"');
    const page = await writer.get('/p/import');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-layout="top-nav"');
  });

  it.each(['/p/not-a-post/edit', '/p/0a1b2c3d4e5f/revert/first/1', '/new-story/repost/nope'])('answers 404 for %s', async (path) => {
    expect((await writer.get(path)).statusCode).toBe(404);
  });

  it("saves a story with every paragraph type through the editor's own documents and reads it back unchanged", async () => {
    const sent = docToParagraphs(paragraphsToDoc(STORY));
    const created = await writer.gql(print(CREATE_DRAFT), { title: 'Everything', subtitle: 'Every type', paragraphs: sent.map(toParagraphInput), repostOfPostId: null });
    expect(created.data.createDraft.__typename).toBe('SavedDraft');
    const postId = created.data.createDraft.postId as string;

    const loaded = await writer.gql(print(POST_FOR_EDITING_QUERY), { id: postId });
    const post = loaded.data.postForEditing;
    expect(post.__typename).toBe('EditablePost');
    const back = (post.paragraphs as Record<string, unknown>[]).map(fromParagraphResult);
    expect(back).toEqual(STORY);
    // And once more through the editor's document: nothing to save.
    expect(docToParagraphs(paragraphsToDoc(back))).toEqual(back);

    const saved = await writer.gql(print(SAVE_DRAFT), { postId, baseRev: 1, title: 'Everything', subtitle: 'Every type', paragraphs: back.slice(0, 2).map(toParagraphInput) });
    expect(saved.data.saveDraft).toMatchObject({ __typename: 'SavedDraft', latestRev: 2 });
    const revisions = await writer.gql(print(POST_REVISIONS_QUERY), { postId });
    expect(revisions.data.postRevisions.map((r: { rev: number; paragraphs: unknown[] }) => [r.rev, r.paragraphs.length])).toEqual([
      [2, 2],
      [1, STORY.length],
    ]);
  });
});
