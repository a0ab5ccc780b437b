import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const SAVE = `mutation($input: ReadingPositionInput!) { saveReadingPosition(input: $input) {
  __typename ... on SavedReadingPosition { accepted position { paragraphName paragraphIndex fraction deviceId deviceSeq clientUpdatedAt } }
  ... on NotFound { message } ... on BadRequest { message } } }`;
const READ = `query($id: ID!) { readingPosition(postId: $id) { paragraphName paragraphIndex fraction deviceId deviceSeq clientUpdatedAt } }`;
const RESUME_LIST = `query($id: ID!) { catalogById(catalogId: $id) { itemsCount items { items { post { id } } } } }`;

/** Resume reading: a private position per reader and story, newest write wins, kept in the currently-reading list. */
describe('reading positions', () => {
  let t: TestApp;
  let author: Reader;
  const base = Date.UTC(2026, 10, 1, 12);

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
  });

  const position = (postId: string, over: Partial<{ paragraphName: string; paragraphIndex: number; fraction: number; clientUpdatedAt: number; deviceId: string; deviceSeq: number }> = {}) => ({
    postId,
    paragraphName: 'p3',
    paragraphIndex: 3,
    fraction: 0.3,
    clientUpdatedAt: base,
    deviceId: 'phone',
    deviceSeq: 1,
    ...over,
  });
  const save = async (r: Reader, input: ReturnType<typeof position>) => (await r.browser.gql(SAVE, { input })).data.saveReadingPosition;
  const stored = async (r: Reader, postId: string) => (await r.browser.gql(READ, { id: postId })).data.readingPosition;
  const resumeIds = async (r: Reader) => {
    const list = (await r.browser.gql(RESUME_LIST, { id: `predefined:${r.id}:currently-reading` })).data.catalogById;
    return (list?.items.items ?? []).map((i: { post: { id: string } }) => i.post.id) as string[];
  };

  it('keeps the newest position: an older device’s write is ignored and answers the stored one', async () => {
    const ann = await newReader(t, 'Ann');
    const postId = await newStory(t, author.id);
    expect(await save(ann, position(postId, { fraction: 0.6, paragraphName: 'p9', paragraphIndex: 9, clientUpdatedAt: base + 60_000, deviceId: 'laptop' }))).toMatchObject({ accepted: true });
    // The phone was offline: its position from before is older and changes nothing.
    const stale = await save(ann, position(postId, { fraction: 0.2, clientUpdatedAt: base, deviceId: 'phone', deviceSeq: 7 }));
    expect(stale).toMatchObject({ __typename: 'SavedReadingPosition', accepted: false, position: { paragraphName: 'p9', fraction: 0.6, deviceId: 'laptop' } });
    expect(await stored(ann, postId)).toMatchObject({ paragraphName: 'p9', paragraphIndex: 9, fraction: 0.6, clientUpdatedAt: base + 60_000 });
    // The same device in the same millisecond: its sequence decides.
    expect(await save(ann, position(postId, { fraction: 0.5, clientUpdatedAt: base + 60_000, deviceId: 'laptop', deviceSeq: 2 }))).toMatchObject({ accepted: true });
    expect(await save(ann, position(postId, { fraction: 0.7, clientUpdatedAt: base + 60_000, deviceId: 'laptop', deviceSeq: 1 }))).toMatchObject({ accepted: false });
    // Reading back up the story is a newer position too.
    expect(await save(ann, position(postId, { fraction: 0.15, clientUpdatedAt: base + 120_000, deviceId: 'phone', deviceSeq: 8 }))).toMatchObject({ accepted: true });
    expect(await stored(ann, postId)).toMatchObject({ fraction: 0.15, deviceId: 'phone', deviceSeq: 8 });
  });

  it('converges on the newest of concurrent writes, whatever order they arrive in', async () => {
    const ann = await newReader(t, 'Ann');
    const postId = await newStory(t, author.id);
    const writes = Array.from({ length: 12 }, (_, i) =>
      position(postId, { fraction: (i + 1) / 20, paragraphIndex: i, paragraphName: `p${i}`, clientUpdatedAt: base + (i % 4) * 1000, deviceId: `device${i % 3}`, deviceSeq: i }),
    );
    const newest = [...writes].sort((a, b) => a.clientUpdatedAt - b.clientUpdatedAt || a.deviceSeq - b.deviceSeq || (a.deviceId < b.deviceId ? -1 : 1)).at(-1)!;
    await Promise.all([...writes].reverse().map((w) => save(ann, w)));
    expect(await stored(ann, postId)).toMatchObject({ paragraphName: newest.paragraphName, fraction: newest.fraction, deviceId: newest.deviceId });
  });

  it('counts a clock ahead of the server as now, so other devices can still move the position', async () => {
    const ann = await newReader(t, 'Ann');
    const postId = await newStory(t, author.id);
    await save(ann, position(postId, { clientUpdatedAt: Date.now() + 365 * 86_400_000, deviceId: 'fast' }));
    expect((await stored(ann, postId)).clientUpdatedAt).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((r) => setTimeout(r, 20));
    expect(await save(ann, position(postId, { fraction: 0.4, clientUpdatedAt: Date.now(), deviceId: 'right' }))).toMatchObject({ accepted: true });
  });

  it('adds a story to Resume reading past 10% and removes it once read to the end', async () => {
    const ann = await newReader(t, 'Ann');
    const postId = await newStory(t, author.id);
    await save(ann, position(postId, { fraction: 0.05, clientUpdatedAt: base, deviceSeq: 1 }));
    expect(await resumeIds(ann)).toEqual([]);
    await save(ann, position(postId, { fraction: 0.3, clientUpdatedAt: base + 1, deviceSeq: 2 }));
    await save(ann, position(postId, { fraction: 0.5, clientUpdatedAt: base + 2, deviceSeq: 3 }));
    expect(await resumeIds(ann)).toEqual([postId]);
    // An older device saying it is still in progress does not bring it back after the end.
    await save(ann, position(postId, { fraction: 1, clientUpdatedAt: base + 3, deviceSeq: 4 }));
    expect(await resumeIds(ann)).toEqual([]);
    await save(ann, position(postId, { fraction: 0.4, clientUpdatedAt: base + 2, deviceId: 'old', deviceSeq: 9 }));
    expect(await resumeIds(ann)).toEqual([]);
    // Reading it again from the start brings it back.
    await save(ann, position(postId, { fraction: 0.2, clientUpdatedAt: base + 10, deviceSeq: 5 }));
    expect(await resumeIds(ann)).toEqual([postId]);
  });

  it('keeps positions private: another reader, staff and signed-out readers neither read nor change them', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const postId = await newStory(t, author.id);
    await save(ann, position(postId, { fraction: 0.5, clientUpdatedAt: base }));
    for (const other of [bob, staff]) {
      expect(await stored(other, postId)).toBeNull();
      // Their own write makes their own row, never Ann's.
      expect(await save(other, position(postId, { fraction: 0.9, clientUpdatedAt: base + 5000, deviceSeq: 50 }))).toMatchObject({ accepted: true });
      expect(await resumeIds(other)).toEqual([postId]);
    }
    const visitor = testBrowser(t.app);
    expect((await visitor.gql(READ, { id: postId })).data.readingPosition).toBeNull();
    expect((await visitor.gql(SAVE, { input: position(postId, { clientUpdatedAt: base + 9000 }) })).errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(await stored(ann, postId)).toMatchObject({ fraction: 0.5, clientUpdatedAt: base });
    expect(await resumeIds(ann)).toEqual([postId]);
    // Nobody sees Ann's Resume reading list.
    expect((await bob.browser.gql(RESUME_LIST, { id: `predefined:${ann.id}:currently-reading` })).data.catalogById).toBeNull();
  });

  it('refuses bad input and stories the reader cannot open, changing nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const postId = await newStory(t, author.id);
    const trashed = await newStory(t, author.id);
    await t.database.pool.query('update posts set deleted_at = now() where id = $1', [trashed]);
    for (const bad of [{ fraction: 1.5 }, { fraction: -0.1 }, { paragraphIndex: -1 }, { paragraphName: '' }, { deviceId: 'has space' }, { deviceSeq: 1.5 }, { clientUpdatedAt: -5 }]) {
      expect(await save(ann, position(postId, bad))).toEqual({ __typename: 'BadRequest', message: 'That reading position is not valid.' });
    }
    for (const id of [trashed, '000000000000']) expect(await save(ann, position(id))).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    expect((await t.database.pool.query('select count(*)::int as n from reading_positions where user_id = $1', [ann.id])).rows[0].n).toBe(0);
  });
});
