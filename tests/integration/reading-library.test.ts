import { beforeAll, describe, expect, it } from 'vitest';
import { recordPostRead } from '../../src/modules/reading/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const RECORD = `mutation($id: ID!) { recordPostRead(postId: $id) { __typename ... on ReadingHistoryPaused { message } } }`;
const HISTORY = `query($limit: Int, $next: String) { viewerReadingHistory { paused items(limit: $limit, next: $next) { items { post { id } readCount lastReadAt } next } } }`;
const REMOVE = `mutation($id: ID!) { removeFromReadingHistory(postId: $id) }`;
const CLEAR = `mutation { clearReadingHistory }`;
const PAUSE = `mutation($paused: Boolean!) { setReadingHistoryPaused(paused: $paused) }`;

/** The reading history pages (/me/lists/reading-history, /me/readinghistory): paging, remove, clear, pause. */
describe('reading history library', () => {
  let t: TestApp;
  let author: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
  });

  const historyIds = async (r: Reader, limit = 20, next: string | null = null) => {
    const h = (await r.browser.gql(HISTORY, { limit, next })).data.viewerReadingHistory;
    return { ids: h.items.items.map((i: { post: { id: string } }) => i.post.id) as string[], next: h.items.next as string | null, paused: h.paused as boolean };
  };

  it('lists stories newest read first, across days, in keyset pages that neither repeat nor skip', async () => {
    const ann = await newReader(t, 'Ann');
    const ids: string[] = [];
    // Five reads over three days, two of them in the same millisecond (the cursor keeps microseconds and ids).
    const times = [Date.UTC(2026, 10, 20, 9), Date.UTC(2026, 10, 25, 9), Date.UTC(2026, 10, 26, 9), Date.UTC(2026, 10, 26, 9), Date.UTC(2026, 10, 26, 18)];
    for (const at of times) {
      const id = await newStory(t, author.id);
      await recordPostRead(t.database.db, ann.id, id, new Date(at));
      ids.push(id);
    }
    const expected = ids
      .map((id, i) => ({ id, at: times[i]! }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((x) => x.id);
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await historyIds(ann, 2, next);
      seen.push(...page.ids);
      next = page.next;
      pages++;
    } while (next && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it('leaves out stories no longer readable, and answers a bad cursor with the first page', async () => {
    const ann = await newReader(t, 'Ann');
    const kept = await newStory(t, author.id);
    const trashed = await newStory(t, author.id);
    await recordPostRead(t.database.db, ann.id, kept);
    await recordPostRead(t.database.db, ann.id, trashed);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [trashed]);
    expect((await historyIds(ann)).ids).toEqual([kept]);
    expect((await historyIds(ann, 20, 'not-a-cursor')).ids).toEqual([kept]);
  });

  it('removes one story and clears all, only the viewer’s own', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const [a, b, c] = [await newStory(t, author.id), await newStory(t, author.id), await newStory(t, author.id)];
    for (const id of [a, b, c]) await recordPostRead(t.database.db, ann.id, id);
    await recordPostRead(t.database.db, bob.id, a);

    // Bob removing or clearing touches only his own history.
    expect((await bob.browser.gql(REMOVE, { id: b })).data.removeFromReadingHistory).toBe(false);
    expect((await bob.browser.gql(CLEAR)).data.clearReadingHistory).toBe(1);
    expect((await historyIds(ann)).ids.sort()).toEqual([a, b, c].sort());

    expect((await ann.browser.gql(REMOVE, { id: b })).data.removeFromReadingHistory).toBe(true);
    expect((await ann.browser.gql(REMOVE, { id: b })).data.removeFromReadingHistory).toBe(false);
    expect((await historyIds(ann)).ids.sort()).toEqual([a, c].sort());
    expect((await ann.browser.gql(CLEAR)).data.clearReadingHistory).toBe(2);
    expect((await historyIds(ann)).ids).toEqual([]);
  });

  it('records nothing while paused, and records again once resumed', async () => {
    const ann = await newReader(t, 'Ann');
    const first = await newStory(t, author.id);
    const during = await newStory(t, author.id);
    await ann.browser.gql(RECORD, { id: first });
    const before = (await t.database.pool.query('select last_read_at from post_reads where user_id = $1 and post_id = $2', [ann.id, first])).rows[0];

    expect((await ann.browser.gql(PAUSE, { paused: true })).data.setReadingHistoryPaused).toBe(true);
    expect((await historyIds(ann)).paused).toBe(true);
    expect((await ann.browser.gql(RECORD, { id: during })).data.recordPostRead).toEqual({ __typename: 'ReadingHistoryPaused', message: 'Your reading history is paused.' });
    // A reread while paused does not move the story either.
    await ann.browser.gql(RECORD, { id: first });
    expect((await t.database.pool.query('select last_read_at from post_reads where user_id = $1 and post_id = $2', [ann.id, first])).rows[0]).toEqual(before);
    expect((await historyIds(ann)).ids).toEqual([first]);

    expect((await ann.browser.gql(PAUSE, { paused: false })).data.setReadingHistoryPaused).toBe(false);
    expect((await ann.browser.gql(RECORD, { id: during })).data.recordPostRead.__typename).toBe('PostRead');
    expect(await historyIds(ann)).toMatchObject({ paused: false, ids: [during, first] });
  });

  it.each([
    ['removeFromReadingHistory', REMOVE, { id: '000000000000' }],
    ['clearReadingHistory', CLEAR, {}],
    ['setReadingHistoryPaused', PAUSE, { paused: true }],
  ])('refuses %s signed out and changes nothing', async (_name, mutation, vars) => {
    const ann = await newReader(t, 'Ann');
    const id = await newStory(t, author.id);
    await recordPostRead(t.database.db, ann.id, id);
    const out = await testBrowser(t.app).gql(mutation, vars);
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect((await testBrowser(t.app).gql(HISTORY)).data.viewerReadingHistory).toBeNull();
    expect((await t.database.pool.query('select count(*)::int as n from post_reads')).rows[0].n).toBeGreaterThan(0);
    expect((await t.database.pool.query('select count(*)::int as n from reading_settings where history_paused')).rows[0].n).toBe(0);
  });

  it('gives staff no view of another reader’s history', async () => {
    const ann = await newReader(t, 'Ann');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const id = await newStory(t, author.id);
    await recordPostRead(t.database.db, ann.id, id);
    expect((await historyIds(staff)).ids).toEqual([]);
    expect((await staff.browser.gql(REMOVE, { id })).data.removeFromReadingHistory).toBe(false);
    expect((await historyIds(ann)).ids).toEqual([id]);
  });

  it('serves both pages to their reader and sends a signed-out reader to sign in', async () => {
    for (const path of ['/me/lists/reading-history', '/me/readinghistory']) {
      const res = await testBrowser(t.app).get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location, path).toBe(`/m/signin?operation=login&redirect=${path}`);
    }
    const ann = await newReader(t, 'Ann');
    const id = await newStory(t, author.id, { title: 'A <b>bold</b> title' });
    await recordPostRead(t.database.db, ann.id, id);
    const history = await ann.browser.get('/me/lists/reading-history');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('Your library');
    expect(history.body).toContain('Today');
    // The title is text, never markup.
    expect(history.body).toContain('A &lt;b&gt;bold&lt;/b&gt; title');
    expect(history.body).toContain('noindex');
    await ann.browser.gql(PAUSE, { paused: true });
    const settings = await ann.browser.get('/me/readinghistory');
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toContain('Refine recommendations');
    expect(settings.body).toMatch(/role="switch"[^>]*checked|checked=""[^>]*role="switch"/);
  });
});
