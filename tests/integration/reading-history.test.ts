import { beforeAll, describe, expect, it } from 'vitest';
import { recordPostRead } from '../../src/modules/reading/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const RECORD = `mutation($id: ID!) { recordPostRead(postId: $id) { __typename ... on PostRead { postId readCount firstReadAt lastReadAt } ... on NotFound { message } } }`;

/** Reading history: one post_reads row per reader and story, upserted. */
describe('reading history', () => {
  let t: TestApp;
  let author: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
  });

  const rows = async (userId: string) =>
    (await t.database.pool.query<{ post_id: string; read_count: number }>('select post_id, read_count from post_reads where user_id = $1', [userId])).rows;

  it('records a signed-in read once and moves lastReadAt on the next one', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    const first = (await ann.browser.gql(RECORD, { id: postId })).data.recordPostRead;
    expect(first).toMatchObject({ __typename: 'PostRead', postId, readCount: 1 });
    expect(first.firstReadAt).toBe(first.lastReadAt);
    const second = (await ann.browser.gql(RECORD, { id: postId })).data.recordPostRead;
    // A reload moments later is the same read.
    expect(second).toMatchObject({ postId, readCount: 1, firstReadAt: first.firstReadAt });
    expect(second.lastReadAt).toBeGreaterThanOrEqual(first.lastReadAt);
    expect(await rows(ann.id)).toEqual([{ post_id: postId, read_count: 1 }]);
  });

  it('counts a reread once the last read is more than 30 minutes old', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    const at = (min: number) => new Date(Date.UTC(2025, 4, 1, 12, min));
    expect((await recordPostRead(t.database.db, ann.id, postId, at(0)))!.readCount).toBe(1);
    expect((await recordPostRead(t.database.db, ann.id, postId, at(29)))!.readCount).toBe(1);
    // 30 minutes after the read at :29, not after the first one.
    expect((await recordPostRead(t.database.db, ann.id, postId, at(58)))!.readCount).toBe(1);
    const later = await recordPostRead(t.database.db, ann.id, postId, at(89));
    expect(later).toMatchObject({ readCount: 2, firstReadAt: at(0), lastReadAt: at(89) });
  });

  it('refuses signed-out readers and unreadable stories, and records nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const trashed = await newStory(t, author.id);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [trashed]);
    const out = await testBrowser(t.app).gql(RECORD, { id: trashed });
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    for (const id of [trashed, '000000000000']) {
      expect((await ann.browser.gql(RECORD, { id })).data.recordPostRead).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    }
    expect(await rows(ann.id)).toEqual([]);
  });
});
