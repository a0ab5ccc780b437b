import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { MAX_PINNED_STORIES, PIN_MESSAGES } from '../../src/modules/posts/pins.js';
import { publishResponse, setResponseHidden } from '../../src/modules/posts/responses.js';
import { posts } from '../../src/modules/posts/tables.js';
import { moveToTrash } from '../../src/modules/posts/trash.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const PIN = `mutation($postId: ID!) { pinPost(postId: $postId) { __typename
  ... on Post { id pinnedAt } ... on MaxPinnedStoriesReached { message maxPinnedStories } ... on NotFound { message } ... on BadRequest { message } } }`;
const UNPIN = `mutation($postId: ID!) { unpinPost(postId: $postId) { __typename ... on Post { id pinnedAt } ... on NotFound { message } } }`;
const HOME = `query($username: ID!, $paging: PagingOptions) { userResult(username: $username) { __typename ... on User {
  profileStoriesConnection(paging: $paging) { items { id title pinnedAt } pagingInfo { next { limit to } } } } } }`;
const RESPONSES = `query($id: ID!, $paging: PagingOptions) { userResult(id: $id) { __typename ... on User {
  profileResponsesConnection(paging: $paging) { items { id inResponseToPostId } pagingInfo { next { limit to } } } } } }`;

const body: Paragraph[] = [{ name: 'a1', type: 'P', text: 'Words worth reading on a profile.', markups: [] }];

describe('profile Home tab and pinned stories', () => {
  let t: TestApp;
  let ann: Reader;
  let annName: string;
  let bob: Reader;
  /** Ann's stories, oldest first (published a day apart). */
  const stories: string[] = [];

  const story = (creatorId: string, title: string, publishedAt: Date) => insertPublishedPost(t.database.db, { creatorId, title, subtitle: '', paragraphs: body, tags: [], publishedAt });
  const home = async (paging: Record<string, unknown> = { limit: 10 }) => {
    const r = await testBrowser(t.app).gql(HOME, { username: annName, paging });
    return r.data.userResult.profileStoriesConnection as { items: { id: string; title: string; pinnedAt: number | null }[]; pagingInfo: { next: { limit: number; to: string } | null } };
  };
  /** Every story id of the Home tab, page after page. */
  const allPages = async (limit: number) => {
    const ids: string[] = [];
    let to: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await home({ limit, to });
      ids.push(...page.items.map((p) => p.id));
      if (!page.pagingInfo.next) return ids;
      to = page.pagingInfo.next.to;
    }
    throw new Error('paging did not end');
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await newReader(t, 'Ann');
    bob = await newReader(t, 'Bob');
    const [row] = await t.database.db.query.users.findMany({ where: (u, { eq: e }) => e(u.id, ann.id) });
    annName = row!.username!;
    for (let i = 0; i < 7; i++) stories.push(await story(ann.id, `Story ${i}`, new Date(Date.UTC(2025, 0, 1 + i))));
    // Two stories published in the same microsecond: the cursor's id tie-break keeps both.
    stories.push(await story(ann.id, 'Twin A', new Date(Date.UTC(2025, 1, 1))));
    stories.push(await story(ann.id, 'Twin B', new Date(Date.UTC(2025, 1, 1))));
  });

  it('lists the stories newest first, paged without duplicates or gaps, and no responses', async () => {
    const response = await publishResponse(t.database.db, { id: ann.id, isStaff: false }, { inResponseToPostId: await story(bob.id, 'Bob writes', new Date()), paragraphs: body });
    expect(response.kind).toBe('ok');
    const first = await home({ limit: 10 });
    expect(first.items.map((p) => p.title).slice(0, 3).sort()).toEqual(['Story 6', 'Twin A', 'Twin B']);
    expect(first.items.map((p) => p.title).slice(2)).toEqual(['Story 6', 'Story 5', 'Story 4', 'Story 3', 'Story 2', 'Story 1', 'Story 0']);
    for (const limit of [1, 2, 4]) {
      const ids = await allPages(limit);
      expect(ids, `limit ${limit}`).toHaveLength(stories.length);
      expect(new Set(ids)).toEqual(new Set(stories));
    }
  });

  it('puts pinned stories first, most recently pinned first, and pages never repeat them', async () => {
    expect((await ann.browser.gql(PIN, { postId: stories[0] })).data.pinPost).toMatchObject({ __typename: 'Post', id: stories[0] });
    expect((await ann.browser.gql(PIN, { postId: stories[2] })).data.pinPost.__typename).toBe('Post');
    const first = await home({ limit: 4 });
    expect(first.items.map((p) => p.id).slice(0, 2)).toEqual([stories[2], stories[0]]);
    expect(first.items).toHaveLength(4);
    expect(first.items[0]!.pinnedAt).toEqual(expect.any(Number));
    const ids = await allPages(3);
    expect(ids).toHaveLength(stories.length);
    expect(new Set(ids)).toEqual(new Set(stories));
  });

  it('pinning twice changes nothing; past the limit answers MaxPinnedStoriesReached and pins nothing', async () => {
    const again = await ann.browser.gql(PIN, { postId: stories[0] });
    expect(again.data.pinPost.__typename).toBe('Post');
    expect((await ann.browser.gql(PIN, { postId: stories[3] })).data.pinPost.__typename).toBe('Post');
    const over = await ann.browser.gql(PIN, { postId: stories[4] });
    expect(over.data.pinPost).toEqual({ __typename: 'MaxPinnedStoriesReached', message: PIN_MESSAGES.maxPinned, maxPinnedStories: MAX_PINNED_STORIES });
    const [row] = await t.database.db.select({ pinnedAt: posts.pinnedAt }).from(posts).where(eq(posts.id, stories[4]!));
    expect(row!.pinnedAt).toBeNull();
    // Unpinning frees a place.
    expect((await ann.browser.gql(UNPIN, { postId: stories[3] })).data.unpinPost).toEqual({ __typename: 'Post', id: stories[3], pinnedAt: null });
    expect((await ann.browser.gql(PIN, { postId: stories[4] })).data.pinPost.__typename).toBe('Post');
    expect((await home()).items.slice(0, 3).map((p) => p.id)).toEqual([stories[4], stories[2], stories[0]]);
  });

  it('two pins sent at once for the last place: exactly one wins', async () => {
    await ann.browser.gql(UNPIN, { postId: stories[4] });
    const [a, b] = await Promise.all([ann.browser.gql(PIN, { postId: stories[5] }), ann.browser.gql(PIN, { postId: stories[6] })]);
    expect([a.data.pinPost.__typename, b.data.pinPost.__typename].sort()).toEqual(['MaxPinnedStoriesReached', 'Post']);
    const pinned = (await home()).items.filter((p) => p.pinnedAt !== null);
    expect(pinned).toHaveLength(MAX_PINNED_STORIES);
  });

  it('only the author pins, only their published public stories', async () => {
    const notMine = await bob.browser.gql(PIN, { postId: stories[1] });
    expect(notMine.data.pinPost).toEqual({ __typename: 'NotFound', message: PIN_MESSAGES.notFound });
    expect((await bob.browser.gql(UNPIN, { postId: stories[0] })).data.unpinPost.__typename).toBe('NotFound');
    const signedOut = await testBrowser(t.app).gql(PIN, { postId: stories[1] });
    expect(signedOut.errors?.[0]?.message).toBe('Sign in to pin stories to your profile.');
    expect((await ann.browser.gql(PIN, { postId: 'ffffffffffff' })).data.pinPost.__typename).toBe('NotFound');

    const unlisted = await story(ann.id, 'Unlisted', new Date());
    await t.database.db.update(posts).set({ visibility: 'UNLISTED' }).where(eq(posts.id, unlisted));
    const draft = await story(ann.id, 'Draft', new Date());
    await t.database.db.update(posts).set({ firstPublishedAt: null }).where(eq(posts.id, draft));
    const response = await publishResponse(t.database.db, { id: ann.id, isStaff: false }, { inResponseToPostId: stories[0]!, paragraphs: body });
    for (const id of [unlisted, draft, response.kind === 'ok' ? response.postId : '']) {
      await ann.browser.gql(UNPIN, { postId: stories[0] });
      const r = await ann.browser.gql(PIN, { postId: id });
      expect(r.data.pinPost, id).toEqual({ __typename: 'BadRequest', message: PIN_MESSAGES.notPinnable });
      await ann.browser.gql(PIN, { postId: stories[0] });
    }
    const rows = await t.database.db.select({ id: posts.id }).from(posts).where(eq(posts.creatorId, ann.id));
    const pinnedRows = await t.database.db.query.posts.findMany({ where: (p, { and: a, eq: e, isNotNull }) => a(e(p.creatorId, ann.id), isNotNull(p.pinnedAt)) });
    expect(rows.length).toBeGreaterThan(pinnedRows.length);
    expect(pinnedRows.map((p) => p.id)).not.toContain(unlisted);
  });

  it('a pinned story in the trash neither shows nor counts against the limit', async () => {
    const pinned = (await home()).items.filter((p) => p.pinnedAt !== null).map((p) => p.id);
    expect(pinned).toHaveLength(MAX_PINNED_STORIES);
    expect((await moveToTrash(t.database.db, { id: ann.id, isStaff: false }, pinned[0]!, new Date())).kind).toBe('ok');
    expect((await home()).items.map((p) => p.id)).not.toContain(pinned[0]);
    expect((await ann.browser.gql(PIN, { postId: stories[1] })).data.pinPost.__typename).toBe('Post');
    expect((await ann.browser.gql(PIN, { postId: pinned[0] })).data.pinPost.__typename).toBe('NotFound');
  });

  it('the Responses tab lists the writer’s responses newest first, by user id too', async () => {
    const r = await testBrowser(t.app).gql(RESPONSES, { id: ann.id, paging: { limit: 1 } });
    const conn = r.data.userResult.profileResponsesConnection;
    expect(conn.items).toHaveLength(1);
    expect(conn.items[0].inResponseToPostId).toBe(stories[0]);
    const next = await testBrowser(t.app).gql(RESPONSES, { id: ann.id, paging: conn.pagingInfo.next });
    expect(next.data.userResult.profileResponsesConnection.items).toHaveLength(1);
    expect(next.data.userResult.profileResponsesConnection.pagingInfo.next).toBeNull();
    // Bob hides Ann's response to his story: only Ann still sees it on her Responses tab.
    const onBobs = next.data.userResult.profileResponsesConnection.items[0];
    expect((await setResponseHidden(t.database.db, { id: bob.id, isStaff: false }, onBobs.inResponseToPostId, onBobs.id, true)).kind).toBe('ok');
    const ids = async (browser: { gql: typeof ann.browser.gql }) => (await browser.gql(RESPONSES, { id: ann.id, paging: { limit: 10 } })).data.userResult.profileResponsesConnection.items.map((p: { id: string }) => p.id);
    expect(await ids(testBrowser(t.app))).not.toContain(onBobs.id);
    expect(await ids(bob.browser)).not.toContain(onBobs.id);
    expect(await ids(ann.browser)).toContain(onBobs.id);
    const bad = await testBrowser(t.app).gql(RESPONSES, { id: ann.id, paging: { limit: 1, to: 'nonsense' } });
    expect(bad.errors?.[0]?.message).toBe('That page of responses does not exist (bad paging cursor).');
  });
});
