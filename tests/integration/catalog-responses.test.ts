import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_RESPONSES_CLOSED_MESSAGE } from '../../src/modules/posts/responses.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const CREATE = `mutation($name: String!, $visibility: CatalogVisibility!, $postId: ID) { createCatalog(name: $name, visibility: $visibility, postId: $postId) {
  __typename ... on CatalogEditSuccess { catalog { id slugId } } } }`;
const LOCK = `mutation($id: ID!, $locked: Boolean) { updateCatalog(catalogId: $id, responsesLocked: $locked) { __typename ... on CatalogEditSuccess { catalog { responsesLocked } } } }`;
const CLAP = `mutation($id: ID!, $userId: ID!, $n: Int!) { clapCatalog(catalogId: $id, userId: $userId, numClaps: $n) {
  __typename ... on CatalogClapSuccess { clapCount viewerClapCount addedClaps notice catalog { id clapCount } } ... on NotFound { message } ... on BadRequest { message } } }`;
const BY_ID = `query($id: ID!) { catalogById(catalogId: $id) { id clapCount viewerClapCount responsesCount responsesLocked } }`;
const CARD = 'id responseDepth inResponseToPostId isHiddenByParentAuthor postResponses { count } inResponseToCatalog { id } creator { id }';
const RESPOND = `mutation($id: ID!, $paragraphs: [ParagraphInput!]!) { publishCatalogResponse(catalogId: $id, paragraphs: $paragraphs) {
  __typename ... on Post { ${CARD} } ... on BadRequest { message } ... on NotFound { message } } }`;
const REPLY = `mutation($to: ID!, $paragraphs: [ParagraphInput!]!) { publishResponse(inResponseToPostId: $to, paragraphs: $paragraphs) {
  __typename ... on Post { ${CARD} } ... on BadRequest { message } ... on NotFound { message } } }`;
const THREAD = `query($id: ID!, $to: String, $sortType: ResponseSortType) {
  threadedCatalogResponses(catalogId: $id, paging: { limit: 10, to: $to }, sortType: $sortType) {
    responsesCount posts { ${CARD} threadedReplies(paging: { limit: 2 }) { posts { ${CARD} threadedReplies(paging: { limit: 2 }) { posts { ${CARD} } } } } }
    pagingInfo { next { limit to } } } }`;
const HIDE = `mutation($list: ID!, $response: ID!) { hideCatalogResponse(parentCatalogId: $list, catalogResponseId: $response) {
  __typename ... on Post { id isHiddenByParentAuthor } ... on NotFound { message } } }`;
const SHOW = `mutation($list: ID!, $response: ID!) { showCatalogResponseOnParent(parentCatalogId: $list, catalogResponseId: $response) {
  __typename ... on Post { id isHiddenByParentAuthor } ... on NotFound { message } } }`;

type Card = { id: string; responseDepth: number; inResponseToPostId: string | null; isHiddenByParentAuthor: boolean; postResponses: { count: number }; inResponseToCatalog: { id: string } | null };
type Page = { responsesCount: number; posts: (Card & { threadedReplies: { posts: (Card & { threadedReplies: { posts: Card[] } })[] } })[]; pagingInfo: { next: { to: string } | null } };

const text = (s: string) => [{ name: 'p1', type: 'P', text: s, markups: [] }];

/** Claps and threaded responses on a list, through GraphQL: who may do what, and what it leaves behind. */
describe('list claps and responses', () => {
  let t: TestApp;
  let owner: Reader;
  let reader: Reader;
  let other: Reader;
  let staff: Reader;
  let anon: TestBrowser;
  let storyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newReader(t, 'Owner');
    reader = await newReader(t, 'Reader');
    other = await newReader(t, 'Other');
    staff = await newReader(t, 'Staff', { isStaff: true });
    anon = testBrowser(t.app);
    storyId = await newStory(t, other.id, { title: 'A story worth a list' });
  });

  async function list(visibility = 'PUBLIC'): Promise<string> {
    const r = await owner.browser.gql(CREATE, { name: 'Field notes', visibility, postId: storyId });
    expect(r.data.createCatalog.__typename).toBe('CatalogEditSuccess');
    return r.data.createCatalog.catalog.id;
  }
  const respond = async (b: TestBrowser, id: string, body: string) => (await b.gql(RESPOND, { id, paragraphs: text(body) })).data?.publishCatalogResponse;
  const reply = async (b: TestBrowser, to: string, body: string) => (await b.gql(REPLY, { to, paragraphs: text(body) })).data?.publishResponse;
  const thread = async (b: TestBrowser, id: string, vars: Record<string, unknown> = {}): Promise<Page | null> => {
    const r = await b.gql(THREAD, { id, ...vars });
    expect(r.errors).toBeUndefined();
    return r.data.threadedCatalogResponses;
  };
  const postCount = async () => (await t.database.pool.query<{ n: number }>('select count(*)::int as n from posts')).rows[0]!.n;

  it('adds a reader’s claps up to 50 and keeps the list’s total with them', async () => {
    const id = await list();
    const first = (await reader.browser.gql(CLAP, { id, userId: reader.id, n: 10 })).data.clapCatalog;
    expect(first).toMatchObject({ __typename: 'CatalogClapSuccess', clapCount: 10, viewerClapCount: 10, addedClaps: 10, notice: null, catalog: { id, clapCount: 10 } });
    const second = (await staff.browser.gql(CLAP, { id, userId: staff.id, n: 3 })).data.clapCatalog;
    expect(second).toMatchObject({ clapCount: 13, viewerClapCount: 3 });
    const clamped = (await reader.browser.gql(CLAP, { id, userId: reader.id, n: 45 })).data.clapCatalog;
    expect(clamped).toMatchObject({ clapCount: 53, viewerClapCount: 50, addedClaps: 40, notice: 'A reader can give a list up to 50 claps: 40 of your 45 were added.' });
    const full = (await reader.browser.gql(CLAP, { id, userId: reader.id, n: 1 })).data.clapCatalog;
    expect(full).toMatchObject({ clapCount: 53, addedClaps: 0 });

    expect((await reader.browser.gql(BY_ID, { id })).data.catalogById).toMatchObject({ clapCount: 53, viewerClapCount: 50 });
    const clappers = (await anon.gql(`query($id: ID!) { catalogById(catalogId: $id) { clappers(limit: 5) { id } } }`, { id })).data.catalogById.clappers;
    expect(clappers.map((u: { id: string }) => u.id)).toEqual([reader.id, staff.id]);
    expect((await anon.gql(BY_ID, { id })).data.catalogById).toMatchObject({ clapCount: 53, viewerClapCount: 0 });
    const { rows } = await t.database.pool.query<{ total: number; kept: number }>(
      'select (select sum(count)::int from catalog_claps where catalog_id = $1) as total, (select clap_count from catalogs where id = $1) as kept',
      [id],
    );
    expect(rows[0]).toEqual({ total: 53, kept: 53 });
  });

  it('refuses claps by role: owner, signed out, someone else’s id, bad counts and private lists change nothing', async () => {
    const id = await list();
    const priv = await list('PRIVATE');
    const own = (await owner.browser.gql(CLAP, { id, userId: owner.id, n: 1 })).data.clapCatalog;
    expect(own).toEqual({ __typename: 'BadRequest', message: 'You cannot applaud your own list.' });
    const out = await anon.gql(CLAP, { id, userId: reader.id, n: 1 });
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await reader.browser.gql(CLAP, { id, userId: other.id, n: 1 })).data.clapCatalog.__typename).toBe('BadRequest');
    for (const n of [0, 51]) expect((await reader.browser.gql(CLAP, { id, userId: reader.id, n })).data.clapCatalog.__typename).toBe('BadRequest');
    for (const r of [reader, staff]) expect((await r.browser.gql(CLAP, { id: priv, userId: r.id, n: 1 })).data.clapCatalog.__typename).toBe('NotFound');
    const { rows } = await t.database.pool.query('select 1 from catalog_claps where catalog_id = any($1)', [[id, priv]]);
    expect(rows).toHaveLength(0);
    expect((await owner.browser.gql(BY_ID, { id })).data.catalogById.clapCount).toBe(0);
  });

  it('threads responses to depth 3: a reply to the deepest joins its thread, and the list counts them all', async () => {
    const id = await list();
    const top = await respond(reader.browser, id, 'A fine selection.');
    expect(top).toMatchObject({ __typename: 'Post', responseDepth: 1, inResponseToPostId: null, inResponseToCatalog: { id } });
    const second = await reply(owner.browser, top.id, 'Thank you!');
    expect(second).toMatchObject({ responseDepth: 2, inResponseToPostId: top.id });
    const third = await reply(other.browser, second.id, 'Agreed.');
    expect(third).toMatchObject({ responseDepth: 3, inResponseToPostId: second.id });
    const deeper = await reply(reader.browser, third.id, 'Still agreed.');
    expect(deeper).toMatchObject({ responseDepth: 3, inResponseToPostId: second.id });

    const page = (await thread(anon, id))!;
    expect(page.responsesCount).toBe(4);
    expect(page.posts.map((p) => p.id)).toEqual([top.id]);
    expect(page.posts[0]!.postResponses.count).toBe(3);
    expect(page.posts[0]!.threadedReplies.posts.map((p) => p.id)).toEqual([second.id]);
    expect(page.posts[0]!.threadedReplies.posts[0]!.threadedReplies.posts.map((p) => p.id)).toEqual([third.id, deeper.id]);
    expect((await anon.gql(BY_ID, { id })).data.catalogById.responsesCount).toBe(4);
  });

  it('pages 10 at a time and sorts by claps or by date', async () => {
    const id = await list();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await respond(i % 2 ? other.browser : reader.browser, id, `Response number ${i}`)).id);
    // One older response gains claps: most relevant puts it first, most recent keeps it in its place.
    await t.database.pool.query('update posts set clap_count = 5 where id = $1', [ids[3]]);

    const first = (await thread(anon, id))!;
    expect(first.responsesCount).toBe(12);
    expect(first.posts).toHaveLength(10);
    expect(first.posts[0]!.id).toBe(ids[3]);
    const rest = (await thread(anon, id, { to: first.pagingInfo.next!.to }))!;
    expect(rest.posts).toHaveLength(2);
    expect(rest.pagingInfo.next).toBeNull();
    expect(new Set([...first.posts, ...rest.posts].map((p) => p.id))).toEqual(new Set(ids));

    const recent = (await thread(anon, id, { sortType: 'MOST_RECENT' }))!;
    const newest = [...ids].reverse();
    expect(recent.posts.map((p) => p.id)).toEqual(newest.slice(0, 10));
    const bad = await anon.gql(THREAD, { id, to: 'not-a-cursor' });
    expect(bad.errors?.length).toBeGreaterThan(0);
  });

  it('lets only the owner hide a response and show it again (owner × other reader × signed out × staff)', async () => {
    const id = await list();
    const top = await respond(reader.browser, id, 'Hide me if you must.');
    await reply(other.browser, top.id, 'A reply under it.');
    const vars = { list: id, response: top.id };

    for (const [who, b, code] of [
      ['signed out', anon, 'UNAUTHORIZED'],
      ['other reader', other.browser, 'FORBIDDEN'],
      ['response writer', reader.browser, 'FORBIDDEN'],
      ['staff', staff.browser, 'FORBIDDEN'],
    ] as const) {
      const r = await b.gql(HIDE, vars);
      expect(r.errors?.[0]?.extensions?.code, who).toBe(code);
    }
    expect((await thread(anon, id))!.responsesCount).toBe(2);

    const hidden = (await owner.browser.gql(HIDE, vars)).data.hideCatalogResponse;
    expect(hidden).toEqual({ __typename: 'Post', id: top.id, isHiddenByParentAuthor: true });
    for (const b of [anon, other.browser, reader.browser, staff.browser]) {
      const page = (await thread(b, id))!;
      expect(page.posts).toEqual([]);
      expect(page.responsesCount).toBe(0);
    }
    const mine = (await thread(owner.browser, id))!;
    expect(mine.posts.map((p) => [p.id, p.isHiddenByParentAuthor])).toEqual([[top.id, true]]);

    for (const [b, code] of [[anon, 'UNAUTHORIZED'], [other.browser, 'FORBIDDEN'], [staff.browser, 'FORBIDDEN']] as const) {
      expect((await b.gql(SHOW, vars)).errors?.[0]?.extensions?.code).toBe(code);
    }
    const shown = (await owner.browser.gql(SHOW, vars)).data.showCatalogResponseOnParent;
    expect(shown).toEqual({ __typename: 'Post', id: top.id, isHiddenByParentAuthor: false });
    expect((await thread(anon, id))!.responsesCount).toBe(2);

    // A response of another list is not this list's to hide.
    const elsewhere = await list();
    expect((await owner.browser.gql(HIDE, { list: elsewhere, response: top.id })).data.hideCatalogResponse.__typename).toBe('NotFound');
  });

  it('a locked list takes no responses or replies, with the spec’s message, and writes nothing', async () => {
    const id = await list();
    const top = await respond(reader.browser, id, 'Before the lock.');
    expect((await owner.browser.gql(LOCK, { id, locked: true })).data.updateCatalog.catalog.responsesLocked).toBe(true);
    const before = await postCount();
    expect(await respond(other.browser, id, 'Too late.')).toEqual({ __typename: 'BadRequest', message: LIST_RESPONSES_CLOSED_MESSAGE });
    expect(await reply(owner.browser, top.id, 'Even for the owner.')).toEqual({ __typename: 'BadRequest', message: LIST_RESPONSES_CLOSED_MESSAGE });
    expect(await postCount()).toBe(before);
    expect(LIST_RESPONSES_CLOSED_MESSAGE).toBe('The author has closed discussion for this list. We are unable to save changes to your response.');

    await owner.browser.gql(LOCK, { id, locked: false });
    expect((await respond(other.browser, id, 'Open again.')).__typename).toBe('Post');
  });

  it('keeps a private list’s discussion to its owner, and refuses empty or signed-out responses', async () => {
    const priv = await list('PRIVATE');
    for (const b of [reader.browser, staff.browser, anon]) expect(await thread(b, priv)).toBeNull();
    expect(await respond(reader.browser, priv, 'Let me in.')).toMatchObject({ __typename: 'NotFound' });
    const mine = await respond(owner.browser, priv, 'A note to myself.');
    expect(mine.__typename).toBe('Post');
    expect(await reply(reader.browser, mine.id, 'Sneaking in by the response id.')).toMatchObject({ __typename: 'NotFound' });
    expect((await thread(owner.browser, priv))!.posts.map((p) => p.id)).toEqual([mine.id]);

    const id = await list();
    expect(await respond(reader.browser, id, '   ')).toMatchObject({ __typename: 'BadRequest', message: 'Write something before you respond.' });
    const out = await anon.gql(RESPOND, { id, paragraphs: text('Hello') });
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await thread(anon, id))!.responsesCount).toBe(0);
  });

  it('a response to a list is a response, not a story: on the Responses tab, in no story list or sitemap', async () => {
    const id = await list();
    const top = await respond(other.browser, id, 'Listed nowhere as a story.');
    const PROFILE = `query($u: ID!) { userResult(id: $u) { ... on User { profileStoriesConnection { items { id } } profileResponsesConnection { items { id } } } } }`;
    const r = await anon.gql(PROFILE, { u: other.id });
    expect(r.errors).toBeUndefined();
    const ids = (c: { items: { id: string }[] }) => c.items.map((p) => p.id);
    expect(ids(r.data.userResult.profileStoriesConnection)).toEqual([storyId]);
    expect(ids(r.data.userResult.profileResponsesConnection)).toContain(top.id);
    // Every sitemap file: the writer's story is there, the response to a list is not.
    const index = (await anon.get('/sitemap/sitemap.xml')).body;
    const files = [...index.matchAll(/<loc>https?:\/\/[^/]+(\/sitemap\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    const all = (await Promise.all(files.map(async (f) => (await anon.get(f)).body))).join('\n');
    expect(all).toContain(storyId);
    expect(all).not.toContain(top.id);
  });
});
