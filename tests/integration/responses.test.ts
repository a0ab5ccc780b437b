import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { recountResponseThread, RESPONSES_CLOSED_MESSAGE } from '../../src/modules/posts/responses.js';
import type { Markup } from '../../src/shared/paragraphs.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const CARD = `id title inResponseToPostId responseDepth isHiddenByParentAuthor clapCount visibility isPublished
  postResponses { count } creator { id } content { bodyModel { paragraphs { name type text markups { type start end } } } }`;
const PUBLISH = `mutation($to: ID!, $paragraphs: [ParagraphInput!]!, $quote: ID) {
  publishResponse(inResponseToPostId: $to, paragraphs: $paragraphs, inResponseToQuoteId: $quote) {
    __typename ... on Post { ${CARD} inResponseToQuote { id text } } ... on BadRequest { message } ... on NotFound { message } } }`;
/** Limits are literal: the server prices a query by the list sizes it asks for. */
const LIGHT = 'id title inResponseToPostId responseDepth isHiddenByParentAuthor postResponses { count }';
const threadQuery = (limit: number) => `query($postId: ID!, $to: String, $sortType: ResponseSortType) {
  threadedPostResponses(postId: $postId, paging: { limit: ${limit}, to: $to }, sortType: $sortType) {
    responsesCount
    posts { ${LIGHT} threadedReplies { posts { ${LIGHT} threadedReplies { posts { ${LIGHT} } pagingInfo { next { to } } } } pagingInfo { next { limit to } } } }
    pagingInfo { next { limit to } } } }`;
const MORE_REPLIES = `query($id: ID!, $to: String) { post(id: $id) { threadedReplies(paging: { limit: 10, to: $to }) { posts { id } pagingInfo { next { to } } } } }`;
const HIDE = `mutation($parent: ID!, $response: ID!) { hidePostResponse(parentPostId: $parent, postResponseId: $response) { __typename ... on Post { id isHiddenByParentAuthor } ... on NotFound { message } } }`;
const UNHIDE = `mutation($parent: ID!, $response: ID!) { unhidePostResponse(parentPostId: $parent, postResponseId: $response) { __typename ... on Post { id isHiddenByParentAuthor } ... on NotFound { message } } }`;

type Card = { inResponseToQuote?: { id: string; text: string } | null; id: string; title: string; inResponseToPostId: string; responseDepth: number; isHiddenByParentAuthor: boolean; postResponses: { count: number }; threadedReplies?: { posts: Card[]; pagingInfo: { next: { to: string } | null } } };

const text = (s: string, markups: Markup[] = []) => [{ name: 'a1b2', type: 'P' as const, text: s, markups }];

/** Responses: publishing, threading, paging, hiding, closed discussions and counts, through GraphQL and pages. */
describe('responses', () => {
  let t: TestApp;
  let authorId: string;
  let storyId: string;
  let closedId: string;
  const browsers: Record<string, TestBrowser> = {};
  const ids: Record<string, string> = {};

  async function signedIn(name: string) {
    const id = await createUser(t.database.db, { name: `${name} Reader`, username: name, email: `${name}@example.com` });
    const b = testBrowser(t.app);
    b.jar.set('sid', (await createSession(t.database.db, id, { userAgent: 'test', ip: '203.0.113.9' })).token);
    browsers[name] = b;
    ids[name] = id;
    return b;
  }
  const count = async (id: string) => (await t.database.pool.query<{ n: number }>('select responses_count as n from posts where id = $1', [id])).rows[0]!.n;
  const postRows = async () => (await t.database.pool.query<{ n: number }>('select count(*)::int as n from posts')).rows[0]!.n;

  async function respond(who: string, to: string, body = `A response from ${who}`, quote?: string) {
    const r = await browsers[who]!.gql(PUBLISH, { to, paragraphs: text(body), quote });
    expect(r.errors).toBeUndefined();
    return r.data.publishResponse as Card & { __typename: string; message?: string };
  }
  async function story(title: string) {
    return insertPublishedPost(t.database.db, { creatorId: authorId, title, subtitle: '', paragraphs: text(`${title} body`), tags: [], publishedAt: new Date('2026-01-01T00:00:00Z') });
  }
  const thread = (b: TestBrowser, { limit = 10, ...vars }: Record<string, unknown>) => b.gql(threadQuery(limit as number), vars);

  beforeAll(async () => {
    t = await createTestApp();
    const author = await signedIn('author');
    expect(author).toBeTruthy();
    authorId = ids.author!;
    await signedIn('alice');
    await signedIn('bob');
    await signedIn('carol');
    browsers.anon = testBrowser(t.app);
    storyId = await story('The story under discussion');
    closedId = await story('A story with discussion closed');
    await t.database.pool.query('update posts set allow_responses = false where id = $1', [closedId]);
  });

  it('publishes a response as a story of its own: public, revision 1, title from its first words, counted on the story', async () => {
    const long = 'Thanks for writing this. I have been thinking about the same question for a long while, and here is what I found.';
    const r = await respond('alice', storyId, long);
    expect(r.__typename).toBe('Post');
    expect(r).toMatchObject({ inResponseToPostId: storyId, responseDepth: 1, isHiddenByParentAuthor: false, visibility: 'PUBLIC', isPublished: true });
    expect(r.title).toBe('Thanks for writing this. I have been thinking about the same question for a long…');
    const rev = await t.database.pool.query('select rev, published_at from post_revisions where post_id = $1', [r.id]);
    expect(rev.rows).toHaveLength(1);
    expect(rev.rows[0].published_at).not.toBeNull();
    expect(await count(storyId)).toBe(1);
    const story = await browsers.anon!.gql('query($id: ID!) { post(id: $id) { postResponses { count } } }', { id: storyId });
    expect(story.data.post.postResponses.count).toBe(1);
    const page = await thread(browsers.anon!, { postId: storyId });
    expect(page.data.threadedPostResponses.posts.map((p: Card) => p.id)).toEqual([r.id]);
  });

  it('threads replies to depth 3; a reply to depth 3 joins the same parent at depth 3; counts cover the whole discussion', async () => {
    const top = await respond('bob', storyId, 'Top-level response');
    const d2 = await respond('carol', top.id, 'A reply');
    const d3 = await respond('alice', d2.id, 'A reply to the reply');
    const d3b = await respond('bob', d3.id, 'A reply to the deepest reply');
    expect([top.responseDepth, d2.responseDepth, d3.responseDepth, d3b.responseDepth]).toEqual([1, 2, 3, 3]);
    expect(d2.inResponseToPostId).toBe(top.id);
    expect(d3.inResponseToPostId).toBe(d2.id);
    expect(d3b.inResponseToPostId).toBe(d2.id);
    expect(await count(top.id)).toBe(3);
    expect(await count(d2.id)).toBe(2);
    expect(await count(d3.id)).toBe(0);
    expect(await count(storyId)).toBe(5);

    const page = await thread(browsers.anon!, { postId: storyId, sortType: 'MOST_RECENT' });
    const first = (page.data.threadedPostResponses.posts as Card[]).find((p) => p.id === top.id)!;
    expect(first.threadedReplies!.posts.map((p) => p.id)).toEqual([d2.id]);
    // Replies in conversation order, oldest first.
    expect(first.threadedReplies!.posts[0]!.threadedReplies!.posts.map((p) => p.id)).toEqual([d3.id, d3b.id]);
    expect(page.data.threadedPostResponses.responsesCount).toBe(5);
    // The first replies of a page come in one batched query, with their bodies; dates read as dates.
    const dated = await browsers.anon!.gql(`query($id: ID!) { threadedPostResponses(postId: $id, paging: { limit: 10 }) {
      posts { id threadedReplies(paging: { limit: 2 }) { posts { id firstPublishedAt creator { name } content { bodyModel { paragraphs { text } } } } } } } }`, { id: storyId });
    const reply = dated.data.threadedPostResponses.posts.find((p: Card) => p.id === top.id).threadedReplies.posts[0];
    expect(reply).toEqual({ id: d2.id, firstPublishedAt: expect.any(Number), creator: { name: 'carol Reader' }, content: { bodyModel: { paragraphs: [{ text: 'A reply' }] } } });
  });

  it('pages 10 at a time with a cursor, for both sorts, without repeats or gaps', async () => {
    const parent = await story('A popular story');
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await respond(['alice', 'bob', 'carol'][i % 3]!, parent, `Response number ${i}`)).id);
    // Known publish times and claps: response i was published at minute i and has (i % 5) claps.
    for (const [i, id] of made.entries()) {
      await t.database.pool.query(`update posts set first_published_at = $2, clap_count = $3 where id = $1`, [id, new Date(Date.UTC(2026, 1, 1, 0, i)), i % 5]);
    }
    const readAll = async (sortType: string) => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let to: string | null = null;
      for (;;) {
        const r = await thread(browsers.anon!, { postId: parent, sortType, to });
        expect(r.errors).toBeUndefined();
        const list = r.data.threadedPostResponses;
        seen.push(...list.posts.map((p: Card) => p.id));
        sizes.push(list.posts.length);
        if (!list.pagingInfo.next) break;
        expect(list.pagingInfo.next.limit).toBe(10);
        to = list.pagingInfo.next.to;
      }
      return { seen, sizes };
    };
    const recent = await readAll('MOST_RECENT');
    expect(recent.sizes).toEqual([10, 10, 3]);
    expect(recent.seen).toEqual([...made].reverse());

    const relevant = await readAll('MOST_RELEVANT');
    expect(relevant.sizes).toEqual([10, 10, 3]);
    const expected = made.map((id, i) => ({ id, claps: i % 5, minute: i })).sort((a, b) => b.claps - a.claps || b.minute - a.minute).map((x) => x.id);
    expect(relevant.seen).toEqual(expected);
    // The default sort is MOST_RELEVANT.
    expect((await readAll('MOST_RELEVANT')).seen).toEqual((await thread(browsers.anon!, { postId: parent, limit: 23 })).data.threadedPostResponses.posts.map((p: Card) => p.id));
  });

  it('pages more replies under a response after the first ones', async () => {
    const top = await respond('alice', storyId, 'A response with many replies');
    const replies: string[] = [];
    for (let i = 0; i < 13; i++) replies.push((await respond('bob', top.id, `Reply ${i}`)).id);
    const r1 = await browsers.anon!.gql(MORE_REPLIES, { id: top.id });
    expect(r1.data.post.threadedReplies.posts.map((p: { id: string }) => p.id)).toEqual(replies.slice(0, 10));
    const r2 = await browsers.anon!.gql(MORE_REPLIES, { id: top.id, to: r1.data.post.threadedReplies.pagingInfo.next.to });
    expect(r2.data.post.threadedReplies.posts.map((p: { id: string }) => p.id)).toEqual(replies.slice(10));
    expect(r2.data.post.threadedReplies.pagingInfo.next).toBeNull();
    // The page of responses carries the first two and says there are more.
    const page = await thread(browsers.anon!, { postId: storyId, sortType: 'MOST_RECENT', limit: 1 });
    const card = page.data.threadedPostResponses.posts[0] as Card;
    expect(card.id).toBe(top.id);
    expect(card.threadedReplies!.posts.map((p) => p.id)).toEqual(replies.slice(0, 2));
    expect(card.threadedReplies!.pagingInfo.next).not.toBeNull();
  });

  it("hides a response from everyone but the parent's author, who sees it marked; unhide shows it again; counts follow", async () => {
    const parent = await story('A story whose author hides a response');
    const keep = await respond('alice', parent, 'A kind response');
    const hide = await respond('bob', parent, 'A rude response');
    const under = await respond('carol', hide.id, 'A reply to the rude one');
    expect(await count(parent)).toBe(3);

    const r = await browsers.author!.gql(HIDE, { parent, response: hide.id });
    expect(r.data.hidePostResponse).toEqual({ __typename: 'Post', id: hide.id, isHiddenByParentAuthor: true });
    // The hidden response and the replies under it no longer count.
    expect(await count(parent)).toBe(1);

    for (const who of ['anon', 'alice', 'bob', 'carol']) {
      const page = await thread(browsers[who]!, { postId: parent });
      expect(page.data.threadedPostResponses.posts.map((p: Card) => p.id), who).toEqual([keep.id]);
      expect(page.data.threadedPostResponses.responsesCount, who).toBe(1);
    }
    const own = await thread(browsers.author!, { postId: parent, sortType: 'MOST_RECENT' });
    expect(own.data.threadedPostResponses.posts.map((p: Card) => [p.id, p.isHiddenByParentAuthor])).toEqual([
      [hide.id, true],
      [keep.id, false],
    ]);
    expect(own.data.threadedPostResponses.posts[0].threadedReplies.posts.map((p: Card) => p.id)).toEqual([under.id]);

    // Hiding again changes nothing.
    expect((await browsers.author!.gql(HIDE, { parent, response: hide.id })).data.hidePostResponse.isHiddenByParentAuthor).toBe(true);
    expect(await count(parent)).toBe(1);

    const u = await browsers.author!.gql(UNHIDE, { parent, response: hide.id });
    expect(u.data.unhidePostResponse).toEqual({ __typename: 'Post', id: hide.id, isHiddenByParentAuthor: false });
    expect(await count(parent)).toBe(3);
    const back = await thread(browsers.anon!, { postId: parent, sortType: 'MOST_RECENT' });
    expect(back.data.threadedPostResponses.posts.map((p: Card) => p.id)).toEqual([hide.id, keep.id]);
  });

  it("lets only the parent's author hide or unhide: others are refused and nothing changes", async () => {
    const parent = await story('Permissions');
    const resp = await respond('alice', parent, 'My response');
    const reply = await respond('bob', resp.id, 'A reply');
    for (const [who, code] of [
      ['anon', 'UNAUTHORIZED'],
      ['alice', 'FORBIDDEN'],
      ['bob', 'FORBIDDEN'],
    ] as const) {
      for (const q of [HIDE, UNHIDE]) {
        const r = await browsers[who]!.gql(q, { parent, response: resp.id });
        expect(r.errors?.[0]?.extensions?.code, who).toBe(code);
      }
    }
    // The author of a response is the parent's author for the replies to it.
    expect((await browsers.alice!.gql(HIDE, { parent: resp.id, response: reply.id })).data.hidePostResponse.isHiddenByParentAuthor).toBe(true);
    // A response of another post, or no post at all: not found.
    expect((await browsers.author!.gql(HIDE, { parent, response: reply.id })).data.hidePostResponse.__typename).toBe('NotFound');
    expect((await browsers.author!.gql(HIDE, { parent: 'ffffffffffff', response: resp.id })).data.hidePostResponse.__typename).toBe('NotFound');
    const row = await t.database.pool.query('select hidden_by_parent_author_at from posts where id = $1', [resp.id]);
    expect(row.rows[0].hidden_by_parent_author_at).toBeNull();
  });

  it("refuses a response where the author closed discussion, with the spec's message, writing nothing", async () => {
    const before = await postRows();
    const r = await respond('alice', closedId, 'Let me in');
    expect(r).toEqual({ __typename: 'BadRequest', message: RESPONSES_CLOSED_MESSAGE });
    expect(r.message).toBe('The author has closed discussion for this story. We are unable to save changes to your response.');
    // A story closing later closes the threads under it too.
    const open = await story('Open, then closed');
    const first = await respond('bob', open, 'Early response');
    await t.database.pool.query('update posts set allow_responses = false where id = $1', [open]);
    expect((await respond('carol', first.id, 'Late reply')).message).toBe(RESPONSES_CLOSED_MESSAGE);
    expect(await postRows()).toBe(before + 2); // the story and its early response only
    expect(await count(open)).toBe(1);
  });

  it('checks the paragraphs and the reader, and changes nothing on bad input', async () => {
    const before = await postRows();
    const bad = async (paragraphs: unknown) => (await browsers.alice!.gql(PUBLISH, { to: storyId, paragraphs })).data?.publishResponse;
    expect((await bad([{ name: 'a', type: 'P', text: '   ', markups: [] }])).message).toBe('Write something before you respond.');
    expect((await bad([{ name: 'a', type: 'H3', text: 'Heading', markups: [] }])).message).toMatch(/plain paragraphs/);
    expect((await bad([{ name: 'a', type: 'P', text: 'short', markups: [{ type: 'STRONG', start: 2, end: 40 }] }])).message).toMatch(/markup 1 end/);
    expect((await bad([{ name: 'a', type: 'P', text: 'x', markups: [] }, { name: 'a', type: 'P', text: 'y', markups: [] }])).message).toMatch(/repeats the name/);
    const anon = await browsers.anon!.gql(PUBLISH, { to: storyId, paragraphs: text('Hello') });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await respond('alice', 'ffffffffffff')).__typename).toBe('NotFound');
    const draft = await story('Soon a draft');
    await t.database.pool.query('update posts set first_published_at = null where id = $1', [draft]);
    expect((await respond('alice', draft)).__typename).toBe('NotFound');
    const trashed = await story('Soon in the trash');
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [trashed]);
    expect((await respond('alice', trashed)).__typename).toBe('NotFound');
    expect(await postRows()).toBe(before + 2);
    const cursor = await thread(browsers.anon!, { postId: storyId, to: 'not-a-cursor' });
    expect(cursor.errors?.[0]?.message).toMatch(/paging cursor/);
    expect((await thread(browsers.anon!, { postId: trashed })).data.threadedPostResponses).toBeNull();
  });

  it('keeps bold and italic, and answers a highlighted passage of the story', async () => {
    const r = await browsers.bob!.gql(PUBLISH, { to: storyId, paragraphs: text('Bold and italic', [{ type: 'STRONG', start: 0, end: 4 }, { type: 'EM', start: 9, end: 15 }]) });
    expect(r.data.publishResponse.content.bodyModel.paragraphs[0].markups).toEqual([
      { type: 'STRONG', start: 0, end: 4 },
      { type: 'EM', start: 9, end: 15 },
    ]);
    await t.database.pool.query(`insert into quotes (id, post_id, user_id, paragraph_name, start_offset, end_offset, text) values ('a0a0a0a0a0a0', $1, $2, 'a1b2', 0, 9, 'The story')`, [storyId, ids.bob]);
    const quoted = await respond('bob', storyId, 'About that passage', 'a0a0a0a0a0a0');
    expect(quoted.inResponseToQuote).toEqual({ id: 'a0a0a0a0a0a0', text: 'The story' });
    const other = await respond('bob', await story('Another story'), 'Wrong passage', 'a0a0a0a0a0a0');
    expect(other).toEqual({ __typename: 'BadRequest', message: 'The passage you quoted is no longer in this story.' });
  });

  it('keeps counts exact under concurrent responses, and recounts when the trash takes or restores one', async () => {
    const parent = await story('A busy story');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => respond(['alice', 'bob', 'carol'][i % 3]!, parent, `Concurrent ${i}`)));
    expect(results.every((r) => r.__typename === 'Post')).toBe(true);
    expect(await count(parent)).toBe(20);
    const top = results[0]!;
    await respond('bob', top.id, 'A reply under the first');
    expect(await count(parent)).toBe(21);
    // The trash sets deleted_at and recounts in one transaction (what deletePost does).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`update posts set deleted_at = now() where id = '${top.id}'`);
      await recountResponseThread(tx, top.id);
    });
    expect(await count(parent)).toBe(19);
    const page = await thread(browsers.anon!, { postId: parent, limit: 20 });
    expect(page.data.threadedPostResponses.posts.map((p: Card) => p.id)).not.toContain(top.id);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`update posts set deleted_at = null where id = '${top.id}'`);
      await recountResponseThread(tx, top.id);
    });
    expect(await count(parent)).toBe(21);
  });

  it('server-renders the first page of responses on the story page and on /p/{postId}/responses', async () => {
    const parent = await story('A story read by many');
    await respond('alice', parent, 'Server-rendered response text');
    const { rows } = await t.database.pool.query<{ slug: string }>('select slug from posts where id = $1', [parent]);
    const storyPage = await browsers.anon!.get(`/@author/${rows[0]!.slug}-${parent}`);
    expect(storyPage.statusCode).toBe(200);
    expect(storyPage.body).toContain('Server-rendered response text');
    expect(storyPage.body).toMatch(/Responses \((<!-- -->)?1(<!-- -->)?\)/);
    expect(storyPage.body).toContain('What are your thoughts?');
    expect(storyPage.body).toContain('skipOnboarding=1');

    const responsesPage = await browsers.alice!.get(`/p/${parent}/responses`);
    expect(responsesPage.statusCode).toBe(200);
    expect(responsesPage.body).toContain('Server-rendered response text');
    expect(responsesPage.body).toMatch(/<title>Responses to A story read by many by author Reader/);
    const compose = await browsers.alice!.get(`/p/${parent}/responses/new`);
    expect(compose.statusCode).toBe(200);
    expect(compose.body).toContain('data-testid="response-editor"');
    expect((await browsers.anon!.get('/p/ffffffffffff/responses')).statusCode).toBe(404);

    const closed = await browsers.alice!.get(`/p/${closedId}/responses`);
    expect(closed.body).toContain('The author has closed discussion for this story.');
    expect(closed.body).not.toContain('data-testid="response-editor"');
  });
});
