import { beforeAll, describe, expect, it } from 'vitest';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { TEST_HOST, createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { grantMembership } from '../support/membership.js';

const CREATE = `mutation($postId: ID!, $p: String!, $s: Int!, $e: Int!) { createQuote(postId: $postId, paragraphName: $p, startOffset: $s, endOffset: $e) {
  __typename ... on Quote { id postId paragraphName startOffset endOffset text } ... on NotFound { message } ... on BadRequest { message } } }`;
const DELETE = `mutation($id: ID!) { deleteQuote(quoteId: $id) { __typename ... on NotFound { message } } }`;
const POST = `query($id: ID!) { post(id: $id) { id viewerQuotes { id paragraphName startOffset endOffset text }
  topHighlight { paragraphName startOffset endOffset text readerCount } highlightedPassages { paragraphName startOffset endOffset text readerCount } } }`;

const SENTENCE = 'Some sentences are worth keeping forever.';
const PARAGRAPHS: Paragraph[] = [
  { name: 'h1a', type: 'H3', text: 'A heading', markups: [] },
  { name: 'p1a', type: 'P', text: `${SENTENCE} Others are not. Emoji 😀 here.`, markups: [] },
  { name: 'img', type: 'IMG', text: 'A caption', markups: [], metadata: { id: 'x', originalWidth: 10, originalHeight: 10 } },
  { name: 'code', type: 'PRE', text: 'const x = 1;', markups: [] },
  { name: 'p2b', type: 'P', text: 'The second paragraph.', markups: [] },
  { name: 'p3c', type: 'P', text: 'The third paragraph.', markups: [] },
  { name: 'p4d', type: 'P', text: 'Past the preview of a member-only story.', markups: [] },
];

/** Highlights (quotes): validation against the published text, the reader's own highlights, the top highlight. */
describe('highlights', () => {
  let t: TestApp;
  let author: Reader;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
    postId = await newStory(t, author.id, { paragraphs: PARAGRAPHS });
  });

  const create = (r: Reader, p: string, s: number, e: number, id = postId) => r.browser.gql(CREATE, { postId: id, p, s, e });
  const quoteCount = async () => Number((await t.database.pool.query('select count(*) from quotes')).rows[0].count);

  it('saves a highlight with the text it covers, trimmed of surrounding white space, once per passage', async () => {
    const ann = await newReader(t, 'Ann');
    const r = (await create(ann, 'p1a', 0, SENTENCE.length + 1)).data.createQuote;
    expect(r).toMatchObject({ __typename: 'Quote', postId, paragraphName: 'p1a', startOffset: 0, endOffset: SENTENCE.length, text: SENTENCE });
    const again = (await create(ann, 'p1a', 0, SENTENCE.length)).data.createQuote;
    expect(again.id).toBe(r.id);
    const mine = (await ann.browser.gql(POST, { id: postId })).data.post.viewerQuotes;
    expect(mine).toEqual([{ id: r.id, paragraphName: 'p1a', startOffset: 0, endOffset: SENTENCE.length, text: SENTENCE }]);
  });

  it('refuses what does not match the published paragraph, and saves nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const before = await quoteCount();
    const emoji = PARAGRAPHS[1]!.text.indexOf('😀');
    const cases: [string, number, number, string][] = [
      ['nope', 0, 3, 'That paragraph is not in the story, or cannot be highlighted.'],
      ['img', 0, 3, 'That paragraph is not in the story, or cannot be highlighted.'],
      ['code', 0, 3, 'That paragraph is not in the story, or cannot be highlighted.'],
      ['p1a', 5, 5, `The offsets must satisfy 0 <= startOffset < endOffset <= ${PARAGRAPHS[1]!.text.length} (the paragraph's length).`],
      ['p1a', 6, 2, `The offsets must satisfy 0 <= startOffset < endOffset <= ${PARAGRAPHS[1]!.text.length} (the paragraph's length).`],
      ['p1a', -1, 4, `The offsets must satisfy 0 <= startOffset < endOffset <= ${PARAGRAPHS[1]!.text.length} (the paragraph's length).`],
      ['p1a', 0, 999, `The offsets must satisfy 0 <= startOffset < endOffset <= ${PARAGRAPHS[1]!.text.length} (the paragraph's length).`],
      ['p1a', emoji + 1, emoji + 4, 'The offsets cut a character in two.'],
      ['p1a', SENTENCE.length, SENTENCE.length + 1, 'There is nothing to highlight but white space.'],
    ];
    for (const [p, s, e, message] of cases) {
      expect((await create(ann, p, s, e)).data.createQuote, `${p} ${s}-${e}`).toEqual({ __typename: 'BadRequest', message });
    }
    expect(await quoteCount()).toBe(before);
  });

  it('answers NotFound for a trashed story and UNAUTHORIZED when signed out', async () => {
    const ann = await newReader(t, 'Ann');
    const trashed = await newStory(t, author.id);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [trashed]);
    expect((await create(ann, 'a1', 0, 3, trashed)).data.createQuote).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    const out = await testBrowser(t.app).gql(CREATE, { postId, p: 'p1a', s: 0, e: 4 });
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('lets a non-member highlight only the preview of a member-only story', async () => {
    const locked = await newStory(t, author.id, { paragraphs: PARAGRAPHS.filter((p) => p.type === 'P' || p.type === 'H3'), isLocked: true });
    const ann = await newReader(t, 'Ann');
    expect((await create(ann, 'p3c', 0, 5, locked)).data.createQuote.__typename).toBe('BadRequest');
    expect((await create(ann, 'p1a', 0, 4, locked)).data.createQuote.__typename).toBe('Quote');
    const member = await newReader(t, 'Member');
    await grantMembership(t.database.db, member.id);
    expect((await create(member, 'p3c', 0, 5, locked)).data.createQuote.__typename).toBe('Quote');
  });

  it('removes only the reader’s own highlights', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const q = (await create(ann, 'p2b', 4, 10)).data.createQuote;
    expect((await bob.browser.gql(DELETE, { id: q.id })).data.deleteQuote).toEqual({ __typename: 'NotFound', message: 'Highlight not found.' });
    expect((await ann.browser.gql(DELETE, { id: q.id })).data.deleteQuote).toEqual({ __typename: 'MutationSuccess' });
    expect((await ann.browser.gql(POST, { id: postId })).data.post.viewerQuotes).toEqual([]);
  });

  it('shows the passage most readers highlighted as the top highlight, counted for the author only', async () => {
    const story = await newStory(t, author.id, { paragraphs: PARAGRAPHS });
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => newReader(t, n)));
    const top = async (r: Reader | null) => ((await (r ? r.browser : testBrowser(t.app)).gql(POST, { id: story })).data.post);
    await create(a!, 'p2b', 4, 10, story);
    // The author's own highlights never make a top highlight.
    await create(author, 'p2b', 4, 10, story);
    expect((await top(null)).topHighlight).toBeNull();
    await create(b!, 'p2b', 4, 10, story);
    expect((await top(null)).topHighlight).toEqual({ paragraphName: 'p2b', startOffset: 4, endOffset: 10, text: 'second', readerCount: null });
    // Three readers on another passage outrank two.
    for (const r of [b!, c!, d!]) await create(r, 'p1a', 0, SENTENCE.length, story);
    expect((await top(a!)).topHighlight).toEqual({ paragraphName: 'p1a', startOffset: 0, endOffset: SENTENCE.length, text: SENTENCE, readerCount: null });
    const forAuthor = await top(author);
    expect(forAuthor.topHighlight.readerCount).toBe(3);
    expect(forAuthor.highlightedPassages).toEqual([
      { paragraphName: 'p1a', startOffset: 0, endOffset: SENTENCE.length, text: SENTENCE, readerCount: 3 },
      { paragraphName: 'p2b', startOffset: 4, endOffset: 10, text: 'second', readerCount: 2 },
    ]);
    expect((await top(a!)).highlightedPassages).toEqual([]);
  });

  it('follows an edited paragraph: the passage moves with its text, or is gone with it', async () => {
    const story = await newStory(t, author.id, { paragraphs: PARAGRAPHS });
    const [a, b] = await Promise.all(['A', 'B'].map((n) => newReader(t, n)));
    for (const r of [a!, b!]) await create(r, 'p2b', 4, 10, story);
    const setText = (text: string) =>
      t.database.pool.query(`update posts set paragraphs = jsonb_set(paragraphs, '{4,text}', to_jsonb($2::text)) where id = $1`, [story, text]);
    await setText('Now the second paragraph.');
    expect((await testBrowser(t.app).gql(POST, { id: story })).data.post.topHighlight).toMatchObject({ startOffset: 8, endOffset: 14, text: 'second' });
    await setText('The last paragraph.');
    expect((await testBrowser(t.app).gql(POST, { id: story })).data.post.topHighlight).toBeNull();
  });

  it('keeps a top highlight past a member-only preview from non-members', async () => {
    const locked = await newStory(t, author.id, { paragraphs: PARAGRAPHS.filter((p) => p.type === 'P' || p.type === 'H3'), isLocked: true });
    const members = await Promise.all(['M1', 'M2'].map((n) => newReader(t, n)));
    for (const m of members) {
      await grantMembership(t.database.db, m.id);
      await create(m, 'p4d', 0, 4, locked);
    }
    expect((await members[0]!.browser.gql(POST, { id: locked })).data.post.topHighlight).toMatchObject({ paragraphName: 'p4d', text: 'Past' });
    expect((await testBrowser(t.app).gql(POST, { id: locked })).data.post.topHighlight).toBeNull();
  });

  it('caps a reader at 100 highlights in a story', async () => {
    const words = Array.from({ length: 101 }, (_, i) => `w${String(i).padStart(3, '0')}`);
    const story = await newStory(t, author.id, { paragraphs: [{ name: 'many', type: 'P', text: words.join(' '), markups: [] }] });
    const ann = await newReader(t, 'Ann');
    for (let i = 0; i < 100; i++) expect((await create(ann, 'many', i * 5, i * 5 + 4, story)).data.createQuote.__typename).toBe('Quote');
    expect((await create(ann, 'many', 500, 504, story)).data.createQuote).toEqual({ __typename: 'BadRequest', message: 'You can keep up to 100 highlights in a story.' });
  });

  describe('POST /_/p/{id}/quotes/create', () => {
    const post = (r: Reader | null, body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/_/p/${postId}/quotes/create`,
        headers: { host: TEST_HOST, 'content-type': 'application/json', cookie: r ? `sid=${r.browser.jar.get('sid')}` : '', ...(r ? { 'x-xsrf-token': r.xsrf } : {}), ...headers },
        payload: JSON.stringify(body),
      });

    it('saves a highlight for a signed-in reader who sends the session’s xsrf token', async () => {
      const ann = await newReader(t, 'Ann');
      const res = await post(ann, { paragraphName: 'p3c', startOffset: 4, endOffset: 9 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ postId, paragraphName: 'p3c', startOffset: 4, endOffset: 9, text: 'third' });
      expect((await ann.browser.gql(POST, { id: postId })).data.post.viewerQuotes.map((q: { id: string }) => q.id)).toEqual([res.json().id]);
    });

    it('refuses a signed-out reader, a missing or wrong xsrf token and a bad body', async () => {
      const ann = await newReader(t, 'Ann');
      const before = await quoteCount();
      const body = { paragraphName: 'p3c', startOffset: 4, endOffset: 9 };
      expect((await post(null, body)).statusCode).toBe(401);
      expect((await post(ann, body, { 'x-xsrf-token': 'wrong' })).statusCode).toBe(403);
      const noHeader = await t.app.inject({ method: 'POST', url: `/_/p/${postId}/quotes/create`, headers: { host: TEST_HOST, 'content-type': 'application/json', cookie: `sid=${ann.browser.jar.get('sid')}` }, payload: JSON.stringify(body) });
      expect(noHeader.statusCode).toBe(403);
      expect((await post(ann, { paragraphName: 'p3c', startOffset: '4' })).statusCode).toBe(400);
      const bad = await post(ann, { paragraphName: 'p3c', startOffset: 9, endOffset: 4 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/offsets/);
      expect(await quoteCount()).toBe(before);
    });
  });
});
