import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { publishResponse } from '../../src/modules/posts/responses.js';
import { postRevisions, posts } from '../../src/modules/posts/tables.js';
import { moveToTrash, restoreFromTrash, RESTORE_EXPIRED_MESSAGE } from '../../src/modules/posts/trash.js';
import { purgeTrashBatch, trashPurgeSweep, type TrashPurgeOptions } from '../../src/modules/posts/trash-purge.js';
import { claps } from '../../src/modules/claps/tables.js';
import { quotes } from '../../src/modules/quotes/tables.js';
import { postReads } from '../../src/modules/reading/tables.js';
import { DAY_MS, manualClock } from '../../src/platform/clock.js';
import { connectDatabase } from '../../src/platform/db/client.js';
import { newId } from '../../src/platform/ids.js';
import { startSweeper } from '../../src/platform/jobs/sweeper.js';
import { createLogger } from '../../src/platform/logger/index.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { para as writingPara, publishInput, WRITING } from '../support/writing.js';

const DELETE = `mutation DeletePost($id: ID!) { deletePost(targetPostId: $id) { __typename
  ... on YourStory { id filterBy deletedAt permanentlyDeletedAt post { id title } } ... on NotFound { message } } }`;
const UNDELETE = `mutation UndeletePostMutation($id: ID!) { undeletePost(targetPostId: $id) { __typename
  ... on YourStory { id filterBy deletedAt post { id title } } ... on NotFound { message } ... on BadRequest { message } } }`;
const COUNTS = '{ yourStoriesCounts { drafts public unlisted responses deleted } }';
const LIST = `query($filterBy: YourStoriesFilter!, $paging: PagingOptions) { yourStories(filterBy: $filterBy, paging: $paging) {
  asOf items { id filterBy previewText deletedAt permanentlyDeletedAt post { id title visibility isLocked readingTime firstPublishedAt updatedAt } }
  pagingInfo { next { limit to } } } }`;
const READ = 'query($id: ID!) { postResult(id: $id) { __typename } }';

const para = (text: string, type: Paragraph['type'] = 'P'): Paragraph => ({ name: newId().slice(0, 4), type, text, markups: [] });
const body = (text: string) => [para(text), para('A second paragraph with more words in it.')];

describe('trash and Your stories', () => {
  let t: TestApp;
  let ann: TestBrowser;
  let bob: TestBrowser;
  let staff: TestBrowser;
  let signedOut: TestBrowser;
  let annId: string;
  let bobId: string;

  const db = () => t.database.db;
  const row = async (id: string) =>
    (await t.database.pool.query<{ deleted_at: Date | null; responses_count: number }>('select deleted_at, responses_count from posts where id = $1', [id])).rows[0];
  const tagCount = async (slug: string) => (await t.database.pool.query<{ post_count: number }>('select post_count from tags where slug = $1', [slug])).rows[0]?.post_count;
  const counts = async (b: TestBrowser) => (await b.gql(COUNTS)).data.yourStoriesCounts as Record<string, number>;

  async function browserFor(userId: string): Promise<TestBrowser> {
    const b = testBrowser(t.app);
    b.jar.set('sid', (await createSession(db(), userId, { userAgent: 'test', ip: '203.0.113.9' })).token);
    return b;
  }
  const publish = (creatorId: string, title: string, tagList: string[] = [], extra: { isLocked?: boolean; daysAgo?: number } = {}) =>
    insertPublishedPost(db(), { creatorId, title, subtitle: `${title}, the subtitle`, paragraphs: body(`${title} begins here.`), tags: tagList, isLocked: extra.isLocked, publishedAt: new Date(Date.now() - (extra.daysAgo ?? 1) * DAY_MS) });
  /** A draft as the editor leaves it: never published, one revision, no subtitle yet. */
  async function draft(creatorId: string, title: string, firstText: string, updatedDaysAgo = 0): Promise<string> {
    const id = newId();
    const at = new Date(Date.now() - updatedDaysAgo * DAY_MS);
    const paragraphs = [para('', 'P'), para(firstText)];
    await db().insert(posts).values({ id, creatorId, title, subtitle: '', paragraphs, latestRev: 1, createdAt: at, updatedAt: at });
    await db().insert(postRevisions).values({ postId: id, rev: 1, title, subtitle: '', paragraphs, createdAt: at });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    annId = await createUser(db(), { name: 'Ann Author', username: 'ann', email: 'ann@example.com' });
    bobId = await createUser(db(), { name: 'Bob Reader', username: 'bob', email: 'bob@example.com' });
    const staffId = await createUser(db(), { name: 'Stella Staff', username: 'stella', email: 'stella@example.com', isStaff: true });
    ann = await browserFor(annId);
    bob = await browserFor(bobId);
    staff = await browserFor(staffId);
    signedOut = testBrowser(t.app);
  });

  describe('permissions', () => {
    it('refuses a signed-out caller (UNAUTHORIZED) and answers null for the lists; nothing changes', async () => {
      const id = await publish(annId, 'Signed out cannot delete');
      for (const q of [DELETE, UNDELETE]) {
        const r = await signedOut.gql(q, { id });
        expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
        expect(r.data ?? null).toBeNull();
      }
      expect((await row(id))!.deleted_at).toBeNull();
      expect((await signedOut.gql(COUNTS)).data).toEqual({ yourStoriesCounts: null });
      expect((await signedOut.gql(LIST, { filterBy: 'drafts' })).data).toEqual({ yourStories: null });
    });

    it("answers NotFound for someone else's story and for an unknown id, and changes nothing", async () => {
      const id = await publish(annId, 'Not yours to delete', ['privacy']);
      const before = await tagCount('privacy');
      expect((await bob.gql(DELETE, { id })).data.deletePost).toEqual({ __typename: 'NotFound', message: 'Story not found.' });
      expect((await row(id))!.deleted_at).toBeNull();
      expect(await tagCount('privacy')).toBe(before);
      expect((await ann.gql(DELETE, { id: 'ffffffffffff' })).data.deletePost.__typename).toBe('NotFound');
      await ann.gql(DELETE, { id });
      expect((await bob.gql(UNDELETE, { id })).data.undeletePost.__typename).toBe('NotFound');
      expect((await row(id))!.deleted_at).not.toBeNull();
    });

    it("lets staff delete anyone's story, and its author restore it", async () => {
      const id = await publish(annId, 'Taken down by staff');
      expect((await staff.gql(DELETE, { id })).data.deletePost).toMatchObject({ __typename: 'YourStory', id, filterBy: 'deleted' });
      expect((await ann.gql(LIST, { filterBy: 'deleted' })).data.yourStories.items.map((i: { id: string }) => i.id)).toContain(id);
      expect((await ann.gql(UNDELETE, { id })).data.undeletePost).toMatchObject({ __typename: 'YourStory', filterBy: 'public', deletedAt: null });
    });
  });

  describe('delete, undo, restore', () => {
    it('moves a story to the trash: readers and its author lose it, its tags count it no more; again changes nothing', async () => {
      const id = await publish(annId, 'Gone for now', ['gardening', 'Slow Living']);
      const before = { garden: (await tagCount('gardening'))!, slow: (await tagCount('slow-living'))! };
      expect((await signedOut.gql(READ, { id })).data.postResult.__typename).toBe('Post');

      const first = (await ann.gql(DELETE, { id })).data.deletePost;
      expect(first).toMatchObject({ __typename: 'YourStory', id, filterBy: 'deleted', post: { id, title: 'Gone for now' } });
      expect(first.permanentlyDeletedAt - first.deletedAt).toBe(14 * DAY_MS);
      expect(await tagCount('gardening')).toBe(before.garden - 1);
      expect(await tagCount('slow-living')).toBe(before.slow - 1);
      for (const b of [signedOut, bob, ann]) expect((await b.gql(READ, { id })).data.postResult.__typename).toBe('NotFound');
      expect((await signedOut.get(`/p/${id}`)).statusCode).toBe(404);

      const again = (await ann.gql(DELETE, { id })).data.deletePost;
      expect(again.deletedAt).toBe(first.deletedAt);
      expect(await tagCount('gardening')).toBe(before.garden - 1);
    });

    it('restores (undo and Restore are one mutation): readable again, tags counted again; again changes nothing', async () => {
      const id = await publish(annId, 'Back again', ['gardening']);
      const before = (await tagCount('gardening'))!;
      await ann.gql(DELETE, { id });
      const restored = (await ann.gql(UNDELETE, { id })).data.undeletePost;
      expect(restored).toMatchObject({ __typename: 'YourStory', id, filterBy: 'public', deletedAt: null, post: { title: 'Back again' } });
      expect(await tagCount('gardening')).toBe(before);
      expect((await signedOut.gql(READ, { id })).data.postResult.__typename).toBe('Post');
      expect((await ann.gql(UNDELETE, { id })).data.undeletePost.__typename).toBe('YourStory');
      expect(await tagCount('gardening')).toBe(before);
    });

    it('deletes and restores drafts and unlisted stories without touching tag counts', async () => {
      const write = async (title: string) => (await ann.gql(WRITING.createDraft, { title, subtitle: '', paragraphs: [writingPara('p1', `${title} words.`)] })).data.createDraft.postId as string;
      const d = await write('A draft to throw away');
      const u = await write('Unlisted one');
      const pub = (await ann.gql(WRITING.publishPost, { postId: u, input: publishInput({ tags: ['Quiet'], visibility: 'UNLISTED' }) })).data.publishPost;
      expect(pub).toMatchObject({ __typename: 'Post', visibility: 'UNLISTED' });
      const quiet = await tagCount('quiet');
      expect((await ann.gql(DELETE, { id: d })).data.deletePost.filterBy).toBe('deleted');
      expect((await ann.gql(DELETE, { id: u })).data.deletePost.filterBy).toBe('deleted');
      expect(await tagCount('quiet')).toBe(quiet);
      expect((await ann.gql(UNDELETE, { id: d })).data.undeletePost.filterBy).toBe('drafts');
      expect((await ann.gql(UNDELETE, { id: u })).data.undeletePost.filterBy).toBe('unlisted');
      expect(await tagCount('quiet')).toBe(quiet);
    });

    it('counts a story published through the editor out of its tags and back in', async () => {
      const id = (await ann.gql(WRITING.createDraft, { title: 'Published in the editor', subtitle: '', paragraphs: [writingPara('p1', 'Words.')] })).data.createDraft.postId as string;
      await ann.gql(WRITING.publishPost, { postId: id, input: publishInput({ tags: ['Editor Made'] }) });
      expect(await tagCount('editor-made')).toBe(1);
      await ann.gql(DELETE, { id });
      expect(await tagCount('editor-made')).toBe(0);
      await ann.gql(UNDELETE, { id });
      expect(await tagCount('editor-made')).toBe(1);
    });

    it('restores within 14 days only: after that the answer says so and nothing changes', async () => {
      const recent = await publish(annId, 'Thirteen days in the trash');
      const old = await publish(annId, 'Fifteen days in the trash', ['history']);
      for (const id of [recent, old]) await ann.gql(DELETE, { id });
      await t.database.pool.query("update posts set deleted_at = now() - interval '13 days' where id = $1", [recent]);
      await t.database.pool.query("update posts set deleted_at = now() - interval '15 days' where id = $1", [old]);
      const historyBefore = await tagCount('history');
      expect((await ann.gql(UNDELETE, { id: old })).data.undeletePost).toEqual({ __typename: 'BadRequest', message: RESTORE_EXPIRED_MESSAGE });
      expect((await row(old))!.deleted_at).not.toBeNull();
      expect(await tagCount('history')).toBe(historyBefore);
      expect((await ann.gql(UNDELETE, { id: recent })).data.undeletePost.deletedAt).toBeNull();
    });
  });

  describe('responses', () => {
    it("keeps the parent's response count right when a response goes to the trash and back", async () => {
      const story = await publish(annId, 'Talk to me');
      const made = await publishResponse(db(), { id: bobId, isStaff: false }, { inResponseToPostId: story, paragraphs: [para('I have thoughts about this.')] });
      expect(made.kind).toBe('ok');
      const responseId = (made as { postId: string }).postId;
      expect((await row(story))!.responses_count).toBe(1);
      expect((await counts(bob)).responses).toBe(1);

      // The story's author hides responses; deleting them is for their writer.
      expect((await ann.gql(DELETE, { id: responseId })).data.deletePost.__typename).toBe('NotFound');
      expect((await bob.gql(DELETE, { id: responseId })).data.deletePost.filterBy).toBe('deleted');
      expect((await row(story))!.responses_count).toBe(0);
      expect(await counts(bob)).toMatchObject({ responses: 0, deleted: 1 });
      expect((await bob.gql(UNDELETE, { id: responseId })).data.undeletePost.filterBy).toBe('responses');
      expect((await row(story))!.responses_count).toBe(1);
    });

    it('counts a whole thread: a reply under a trashed response is not shown, so not counted', async () => {
      const story = await publish(annId, 'A thread');
      const first = (await publishResponse(db(), { id: bobId, isStaff: false }, { inResponseToPostId: story, paragraphs: [para('First!')] })) as { postId: string };
      await publishResponse(db(), { id: annId, isStaff: false }, { inResponseToPostId: first.postId, paragraphs: [para('Thanks, Bob.')] });
      expect((await row(story))!.responses_count).toBe(2);
      expect((await row(first.postId))!.responses_count).toBe(1);
      await bob.gql(DELETE, { id: first.postId });
      expect((await row(story))!.responses_count).toBe(0);
      await bob.gql(UNDELETE, { id: first.postId });
      expect((await row(story))!.responses_count).toBe(2);
    });
  });

  describe('Your stories', () => {
    let carol: TestBrowser;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const carolId = await createUser(db(), { name: 'Carol Counts', username: 'carol', email: 'carol@example.com' });
      carol = await browserFor(carolId);
      ids.draftOld = await draft(carolId, 'Old draft', 'The old draft opens with this.', 3);
      ids.draftNew = await draft(carolId, 'New draft', 'The new draft opens with this.', 0);
      for (let i = 1; i <= 5; i++) ids[`public${i}`] = await publish(carolId, `Public story ${i}`, [], { daysAgo: 10 - i, isLocked: i === 5 });
      ids.unlisted = await publish(carolId, 'Unlisted story');
      await t.database.pool.query("update posts set visibility = 'UNLISTED' where id = $1", [ids.unlisted]);
      const made = await publishResponse(db(), { id: carolId, isStaff: false }, { inResponseToPostId: ids.public1!, paragraphs: [para('Replying to myself.')] });
      ids.response = (made as { postId: string }).postId;
      ids.trashed = await publish(carolId, 'Trashed story');
      await carol.gql(DELETE, { id: ids.trashed });
    });

    it('counts each tab', async () => {
      expect(await counts(carol)).toEqual({ drafts: 2, public: 5, unlisted: 1, responses: 1, deleted: 1 });
    });

    it('lists drafts by last edit with the opening text standing in for a subtitle', async () => {
      const list = (await carol.gql(LIST, { filterBy: 'drafts' })).data.yourStories;
      expect(list.items.map((i: { id: string }) => i.id)).toEqual([ids.draftNew, ids.draftOld]);
      expect(list.items[0]).toMatchObject({ filterBy: 'drafts', previewText: 'The new draft opens with this.', deletedAt: null, post: { title: 'New draft', firstPublishedAt: null } });
      expect(list.asOf).toBeGreaterThanOrEqual(list.items[0].post.updatedAt);
      expect(list.pagingInfo.next).toBeNull();
    });

    it('lists public stories newest first, page by page, with nothing skipped or repeated', async () => {
      const seen: string[] = [];
      let to: string | undefined;
      for (let page = 0; page < 5; page++) {
        const list = (await carol.gql(LIST, { filterBy: 'public', paging: { limit: 2, to } })).data.yourStories;
        seen.push(...list.items.map((i: { id: string }) => i.id));
        to = list.pagingInfo.next?.to;
        if (!to) break;
      }
      expect(seen).toEqual([ids.public5, ids.public4, ids.public3, ids.public2, ids.public1]);
      const first = (await carol.gql(LIST, { filterBy: 'public', paging: { limit: 1 } })).data.yourStories.items[0];
      expect(first).toMatchObject({ previewText: 'Public story 5, the subtitle', post: { isLocked: true, visibility: 'PUBLIC' } });
      expect(first.post.readingTime).toBeGreaterThan(0);
    });

    it('lists unlisted stories, responses and the trash with the days left', async () => {
      const ids_ = async (filterBy: string) => (await carol.gql(LIST, { filterBy })).data.yourStories.items.map((i: { id: string }) => i.id);
      expect(await ids_('unlisted')).toEqual([ids.unlisted]);
      expect(await ids_('responses')).toEqual([ids.response]);
      const trash = (await carol.gql(LIST, { filterBy: 'deleted' })).data.yourStories.items;
      expect(trash.map((i: { id: string }) => i.id)).toEqual([ids.trashed]);
      expect(trash[0].permanentlyDeletedAt - trash[0].deletedAt).toBe(14 * DAY_MS);
    });

    it("shows nobody else's stories, and refuses an unknown tab", async () => {
      expect((await bob.gql(LIST, { filterBy: 'public' })).data.yourStories.items.map((i: { id: string }) => i.id)).not.toContain(ids.public1);
      const bad = await carol.gql(LIST, { filterBy: 'everything' });
      expect(bad.errors?.[0]?.message).toMatch(/YourStoriesFilter/);
    });

    it('renders the page on the server: tabs with counts, the list, the days left in the trash', async () => {
      const res = await carol.get('/me/stories/public');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('<title>Your stories – Inkwell</title>');
      expect(html).toContain('Write a story');
      expect(html).toMatch(/aria-current="page"[^>]*>Public<span[^>]*> 5<\/span>/);
      for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`Public story ${n}`);
      expect(html).not.toContain('Old draft');
      const trash = (await carol.get('/me/stories/deleted')).body;
      expect(trash).toContain('Trashed story');
      expect(trash).toContain('Permanently deleted in 14 days');
      expect((await carol.get('/me/stories')).body).toContain('The new draft opens with this.');
      expect((await carol.get('/me/stories/unlisted')).body).toContain('Unlisted');
    });

    it('shows the empty state of a tab with nothing in it', async () => {
      const dan = await browserFor(await createUser(db(), { name: 'Dan New', username: 'dan', email: 'dan@example.com' }));
      expect((await dan.get('/me/stories')).body).toContain('You have no drafts.');
      expect((await dan.get('/me/stories/deleted')).body).toContain('You have no deleted stories.');
    });

    it('sends a signed-out reader to sign in and back to the same tab; an unknown tab is not found', async () => {
      for (const path of ['/me/stories', '/me/stories/deleted']) {
        const res = await signedOut.get(path);
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location, path).toBe(`/m/signin?operation=login&redirect=${path}`);
      }
      expect((await carol.get('/me/stories/everything')).statusCode).toBe(404);
    });

    it('moves the counts as stories move between tabs', async () => {
      await carol.gql(DELETE, { id: ids.draftOld });
      await carol.gql(DELETE, { id: ids.public2 });
      expect(await counts(carol)).toEqual({ drafts: 1, public: 4, unlisted: 1, responses: 1, deleted: 3 });
      await carol.gql(UNDELETE, { id: ids.public2 });
      expect(await counts(carol)).toEqual({ drafts: 1, public: 5, unlisted: 1, responses: 1, deleted: 2 });
    });
  });

  describe('the purge', () => {
    const logLines: { msg: string; postId?: string }[] = [];
    const logger = createLogger('info', { destination: { write: (line: string) => void logLines.push(JSON.parse(line)) } });
    const T0 = new Date('2031-03-01T12:00:00Z');

    /** A trashed story of Ann's with a revision, claps, a highlight and a read. */
    async function trashedStory(title: string, deletedAt = T0): Promise<string> {
      const id = await publish(annId, title, ['purge-me']);
      await db().insert(claps).values({ postId: id, userId: bobId, count: 3 });
      await db().insert(quotes).values({ id: newId(), postId: id, userId: bobId, paragraphName: 'abcd', startOffset: 0, endOffset: 5, text: 'Hello' });
      await db().insert(postReads).values({ userId: bobId, postId: id });
      expect((await moveToTrash(db(), { id: annId, isStaff: false }, id, deletedAt)).kind).toBe('ok');
      return id;
    }
    const remaining = async (ids: string[]) =>
      (await t.database.pool.query<{ n: number }>(
        `select (select count(*) from posts where id = any($1)) + (select count(*) from post_revisions where post_id = any($1))
          + (select count(*) from claps where post_id = any($1)) + (select count(*) from quotes where post_id = any($1))
          + (select count(*) from post_reads where post_id = any($1)) as n`,
        [ids],
      )).rows[0]!.n;
    const opts = (clock = manualClock(T0)): TrashPurgeOptions => ({ db: db(), clock, logger });

    it('keeps a story 13 days in the trash and purges it at 15, with its revisions, claps, highlights and reads', async () => {
      const id = await trashedStory('Purged at fifteen days');
      const clock = manualClock(T0);
      clock.advance(13 * DAY_MS);
      expect((await purgeTrashBatch(opts(clock), 50)).map((p) => p.id)).not.toContain(id);
      expect(await remaining([id])).toBe(5);
      // Past the retention and not yet purged, a restore is refused.
      clock.advance(2 * DAY_MS);
      expect((await restoreFromTrash(db(), { id: annId, isStaff: false }, id, clock.now())).kind).toBe('expired');
      const purged = await purgeTrashBatch(opts(clock), 50);
      expect(purged.map((p) => p.id)).toContain(id);
      expect(await remaining([id])).toBe(0);
      expect(logLines.some((l) => l.postId === id && l.msg === 'trash purge: story permanently deleted')).toBe(true);
      // Already gone: a second pass has nothing to do, and a restore finds nothing.
      expect(await purgeTrashBatch(opts(clock), 50)).toEqual([]);
      expect((await ann.gql(UNDELETE, { id })).data.undeletePost.__typename).toBe('NotFound');
    });

    it('two sweepers at once purge each story exactly once', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await trashedStory(`Parallel ${i}`));
      const clock = manualClock(new Date(T0.getTime() + 15 * DAY_MS));
      // Both first batches hold their claims until the other has claimed too: they run side by side.
      let arrived = 0;
      let release!: () => void;
      const bothClaimed = new Promise<void>((r) => (release = r));
      const barrier = async () => {
        if (++arrived === 2) release();
        await bothClaimed;
      };
      const linesBefore = logLines.length;
      let firstBatches = 0;
      const sweeperOpts = (): TrashPurgeOptions => ({ ...opts(clock), afterClaim: async () => (++firstBatches <= 2 ? barrier() : undefined) });
      const start = () => startSweeper({ sweep: trashPurgeSweep(sweeperOpts()), logger, startDelayMs: 3_600_000, intervalMs: 3_600_000, batchSize: 4 });
      const [a, b] = [start(), start()];
      const [na, nb] = await Promise.all([a.runNow(), b.runNow()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(await remaining(ids)).toBe(0);
      const purgedLines = logLines.filter((l) => l.postId && ids.includes(l.postId));
      expect(purgedLines).toHaveLength(12);
      expect(new Set(purgedLines.map((l) => l.postId)).size).toBe(12);
      // Each took a share (stories trashed by the other tests go too).
      expect(na).toBeGreaterThanOrEqual(4);
      expect(nb).toBeGreaterThanOrEqual(4);
      expect(na + nb).toBe(logLines.length - linesBefore);
    });

    it('loses nothing when the process dies mid-batch: the batch rolls back and the next pass purges it', async () => {
      const ids = [await trashedStory('Crash one'), await trashedStory('Crash two'), await trashedStory('Crash three')];
      const clock = manualClock(new Date(T0.getTime() + 15 * DAY_MS));
      // The dying process's own connection: its end is expected here, not an uncaught error.
      const dying = connectDatabase({ ...t.database.pool.options }, 1);
      dying.pool.on('connect', (client) => client.on('error', () => {}));
      const crashing: TrashPurgeOptions = {
        ...opts(clock),
        db: dying.db,
        afterClaim: async (tx, claimed) => {
          // Half the work done, then the connection dies as it would with the process.
          await tx.delete(claps).where(inArray(claps.postId, claimed));
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        },
      };
      await expect(purgeTrashBatch(crashing, 50)).rejects.toThrow();
      await dying.close();
      expect(await remaining(ids)).toBe(15);
      const after = await purgeTrashBatch(opts(clock), 50);
      expect(after.map((p) => p.id).sort()).toEqual([...ids].sort());
      expect(await remaining(ids)).toBe(0);
    });
  });
});
