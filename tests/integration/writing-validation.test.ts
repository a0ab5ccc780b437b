import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import type { TestBrowser } from '../support/test-browser.js';
import { WRITING, para, signedInWriter } from '../support/writing.js';

const img = (id: string, extra: Record<string, unknown> = {}) => ({ name: 'im', type: 'IMG', text: '', metadata: { id, originalWidth: 100, originalHeight: 80, ...extra } });
const iframe = (src: string) => ({ name: 'fr', type: 'IFRAME', text: '', iframe: { src } });

/** Every saved paragraph is checked by the server: bad input is a BadRequest naming the problem, and nothing is written. */
describe('writing: paragraph validation', () => {
  let t: TestApp;
  let ann: TestBrowser;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ann = (await signedInWriter(t, 'ann')).browser;
    postId = (await ann.gql(WRITING.createDraft, { title: 'Valid', subtitle: '', paragraphs: [para('a1', 'Fine.')] })).data.createDraft.postId;
  });

  const state = async () => ({
    posts: (await t.database.pool.query('select id, title, latest_rev, paragraphs from posts order by id')).rows,
    revisions: Number((await t.database.pool.query('select count(*) from post_revisions')).rows[0].count),
  });
  const save = async (paragraphs: unknown[], over: Record<string, unknown> = {}) =>
    (await ann.gql(WRITING.saveDraft, { postId, baseRev: 1, title: 'T', subtitle: '', paragraphs, ...over })).data.saveDraft;

  it('refuses bad paragraphs on save and on create, changing nothing', async () => {
    const before = await state();
    const cases: [unknown[], RegExp, Record<string, unknown>?][] = [
      [[para('a1', 'x'), para('a1', 'y')], /Paragraph 2 repeats the name 'a1'/],
      [[para('bad name', 'x')], /Paragraph 1 needs a name of letters, digits/],
      [[para('a1', 'hello', { markups: [{ type: 'STRONG', start: 2, end: 9 }] })], /Paragraph 1, markup 1 end must be a whole number from 0 to 5/],
      [[para('a1', 'hello', { markups: [{ type: 'EM', start: 3, end: 3 }] })], /must cover at least one character/],
      [[para('a1', 'hello', { markups: [{ type: 'A', start: 0, end: 5, href: 'javascript:alert(1)' }] })], /must be an http or https or mailto link/],
      [[para('a1', 'hello', { markups: [{ type: 'A', start: 0, end: 5 }] })], /link must be text/],
      [[para('a1', 'hello', { markups: [{ type: 'STRONG', start: 0, end: 5, href: 'https://x.example' }] })], /only links \(A\) carry an href/],
      [[iframe('https://evil.example/embed')], /not an embeddable page of an allowed provider \(YouTube, Vimeo/],
      [[iframe('javascript:alert(1)')], /not an embeddable page/],
      [[iframe('https://www.youtube.com/watch?v=short')], /not an embeddable page/],
      [[{ name: 'fr', type: 'IFRAME', text: '' }], /embed \(IFRAME\) without its source/],
      [[img('../../etc/passwd')], /image id that does not exist/],
      [[img('https://cdn.example/x.png')], /image id that does not exist/],
      [[img('demo/harbor.svg', { originalWidth: 0 })], /image width must be a whole number from 1/],
      [[img('demo/harbor.svg', { focusPercentX: 140 })], /focusPercentX must be between 0 and 100/],
      [[{ name: 'im', type: 'IMG', text: 'caption' }], /image \(IMG\) without its image metadata/],
      [[para('a1', 'x', { metadata: { id: 'demo/harbor.svg', originalWidth: 1, originalHeight: 1 } })], /\(P\) cannot have metadata/],
      [[{ name: 'mx', type: 'MIXTAPE_EMBED', text: '', mixtapeMetadata: { href: 'mailto:a@b.example' } }], /card link must be an http or https link/],
      [[{ name: 'mx', type: 'MIXTAPE_EMBED', text: '', mixtapeMetadata: { href: 'https://ok.example', thumbnailImageId: 'x' } }], /thumbnail image id that does not exist/],
      [[{ name: 'hr', type: 'HR', text: 'words' }], /divider \(HR\) and has no text/],
      [[{ name: 'pr', type: 'PRE', text: 'x', codeBlockMetadata: { lang: 'c<script>' } }], /code language 'c<script>' may use/],
      [Array.from({ length: 2001 }, (_, i) => para(`p${i}`, '')), /at most 2,000 paragraphs/],
      [Array.from({ length: 11 }, (_, i) => para(`p${i}`, 'x'.repeat(10_000))), /at most 100,000 characters of text/],
      [[], /title is too long: at most 100 characters/, { title: 't'.repeat(101) }],
      [[], /subtitle is too long: at most 140/, { subtitle: 's'.repeat(141) }],
      [[], /The title contains characters that are not allowed/, { title: 'two\nlines' }],
    ];
    for (const [paragraphs, message, over] of cases) {
      const r = await save(paragraphs, over);
      expect(r.__typename, String(message)).toBe('BadRequest');
      expect(r.message).toMatch(message);
    }
    // Text no row can hold is refused at the GraphQL edge, before the command sees it.
    for (const text of ['nul\u0000byte', 'half \ud83d pair']) {
      const r = await ann.gql(WRITING.saveDraft, { postId, baseRev: 1, title: 'T', subtitle: '', paragraphs: [para('a1', text)] });
      expect(r.data ?? null, JSON.stringify(text)).toBeNull();
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const created = await ann.gql(WRITING.createDraft, { title: 'New', subtitle: '', paragraphs: [iframe('https://evil.example/')] });
    expect(created.data.createDraft.__typename).toBe('BadRequest');
    expect(await state()).toEqual(before);
  });

  it('refuses unknown paragraph and markup types at the GraphQL layer', async () => {
    const r = await ann.gql(WRITING.saveDraft, { postId, baseRev: 1, title: 'T', subtitle: '', paragraphs: [{ name: 'a', type: 'SCRIPT', text: '' }] });
    expect(r.errors?.[0]?.message).toMatch(/ParagraphType/);
    const m = await ann.gql(WRITING.saveDraft, { postId, baseRev: 1, title: 'T', subtitle: '', paragraphs: [para('a', 'x', { markups: [{ type: 'BLINK', start: 0, end: 1 }] })] });
    expect(m.errors?.[0]?.message).toMatch(/MarkupType/);
  });

  it('stores embeds as the provider’s embed URL and accepts every paragraph type', async () => {
    const r = await save([
      { name: 'h', type: 'H3', text: 'Heading' },
      { name: 'h4', type: 'H4', text: 'Smaller' },
      para('p', 'Bold and linked', { markups: [{ type: 'STRONG', start: 0, end: 4 }, { type: 'A', start: 9, end: 15, href: 'mailto:me@example.com' }] }),
      { name: 'bq', type: 'BQ', text: 'Quote' },
      { name: 'pq', type: 'PQ', text: 'Pull quote' },
      { name: 'pr', type: 'PRE', text: 'let a = 1;\n\tgo()', codeBlockMetadata: { lang: 'TypeScript' } },
      { name: 'u', type: 'ULI', text: 'item' },
      { name: 'o', type: 'OLI', text: 'item' },
      { name: 'hr', type: 'HR', text: '' },
      { ...img('a1b2c3d4e5f6a1b2c3d4e5f6', { alt: 'Alt', focusPercentX: 50 }), layout: 'FULL_WIDTH', text: 'Caption' },
      { ...iframe('youtu.be/dQw4w9WgXcQ?t=42'), name: 'yt' },
      { ...iframe('https://vimeo.com/76979871'), name: 'vm' },
      { ...iframe('https://x.com/someone/status/1234567890'), name: 'tw' },
      { name: 'mx', type: 'MIXTAPE_EMBED', text: '', mixtapeMetadata: { href: 'https://en.wikipedia.org/wiki/Tide', title: 'Tide', description: 'Sea' } },
    ]);
    expect(r.__typename).toBe('SavedDraft');
    const story = (await ann.gql(WRITING.postForEditing, { id: postId })).data.postForEditing;
    const byName = Object.fromEntries(story.paragraphs.map((p: { name: string }) => [p.name, p]));
    expect(byName.yt.iframe).toEqual({ src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42', width: 640, height: 360, title: 'YouTube' });
    expect(byName.vm.iframe.src).toBe('https://player.vimeo.com/video/76979871');
    expect(byName.tw.iframe.src).toBe('https://platform.twitter.com/embed/Tweet.html?id=1234567890');
    expect(byName.pr.codeBlockMetadata).toEqual({ lang: 'typescript' });
    expect(byName.im).toMatchObject({ layout: 'FULL_WIDTH', metadata: { id: 'a1b2c3d4e5f6a1b2c3d4e5f6', alt: 'Alt' } });
  });
});
