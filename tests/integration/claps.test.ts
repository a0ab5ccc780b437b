import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const CLAP = `mutation Clap($postId: ID!, $userId: ID!, $n: Int!) { clap(targetPostId: $postId, userId: $userId, numClaps: $n) {
  __typename
  ... on ClapSuccess { clapCount viewerClapCount addedClaps notice post { id clapCount viewerClapCount } }
  ... on NotFound { message }
  ... on BadRequest { message } } }`;
const POST = 'query($id: ID!) { post(id: $id) { id clapCount viewerClapCount } }';

/** Spec §7 clap: 1-50 per reader and story, the story's total kept with the claps, the author's own story refused. */
describe('claps', () => {
  let t: TestApp;
  let author: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    author = await newReader(t, 'Author');
  });

  const clap = (r: Reader, postId: string, n: number, userId = r.id) => r.browser.gql(CLAP, { postId, userId, n });
  const totals = async (postId: string) => {
    const { rows } = await t.database.pool.query<{ clap_count: number; sum: number | null }>(
      'select p.clap_count, (select sum(count)::int from claps where post_id = p.id) as sum from posts p where p.id = $1',
      [postId],
    );
    return { clapCount: rows[0]!.clap_count, sum: rows[0]!.sum ?? 0 };
  };

  it('adds claps and returns the story total and the reader’s own count', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const first = (await clap(ann, postId, 3)).data.clap;
    expect(first).toEqual({ __typename: 'ClapSuccess', clapCount: 3, viewerClapCount: 3, addedClaps: 3, notice: null, post: { id: postId, clapCount: 3, viewerClapCount: 3 } });
    expect((await clap(bob, postId, 10)).data.clap).toMatchObject({ clapCount: 13, viewerClapCount: 10, addedClaps: 10 });
    expect((await clap(ann, postId, 2)).data.clap).toMatchObject({ clapCount: 15, viewerClapCount: 5, addedClaps: 2 });
    expect((await ann.browser.gql(POST, { id: postId })).data.post).toEqual({ id: postId, clapCount: 15, viewerClapCount: 5 });
    expect((await testBrowser(t.app).gql(POST, { id: postId })).data.post).toEqual({ id: postId, clapCount: 15, viewerClapCount: 0 });
    expect(await totals(postId)).toEqual({ clapCount: 15, sum: 15 });
  });

  it('clamps a call that would pass 50 to what is left, and says so', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    await clap(ann, postId, 45);
    const clamped = (await clap(ann, postId, 10)).data.clap;
    expect(clamped).toMatchObject({ __typename: 'ClapSuccess', clapCount: 50, viewerClapCount: 50, addedClaps: 5 });
    expect(clamped.notice).toBe('A reader can give a story up to 50 claps: 5 of your 10 were added.');
    const full = (await clap(ann, postId, 1)).data.clap;
    expect(full).toMatchObject({ clapCount: 50, viewerClapCount: 50, addedClaps: 0 });
    expect(full.notice).toBe('You have already given this story the most claps a reader can: 50.');
    expect(await totals(postId)).toEqual({ clapCount: 50, sum: 50 });
  });

  it('refuses numClaps outside 1..50 and changes nothing', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    await clap(ann, postId, 4);
    for (const n of [0, -1, 51, 1000]) {
      expect((await clap(ann, postId, n)).data.clap, String(n)).toEqual({ __typename: 'BadRequest', message: 'numClaps must be a whole number from 1 to 50.' });
    }
    // Not an Int at all: GraphQL itself refuses it.
    const float = await ann.browser.gql(CLAP, { postId, userId: ann.id, n: 2.5 });
    expect(float.errors?.length).toBeGreaterThan(0);
    expect(await totals(postId)).toEqual({ clapCount: 4, sum: 4 });
  });

  it('50 parallel calls of one reader never pass 50, and the story total is the sum of the claps', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    // Every call races the others, the first ones for the reader's very first row.
    const results = await Promise.all(Array.from({ length: 50 }, () => clap(ann, postId, 3)));
    const added = results.map((r) => r.data.clap.addedClaps as number);
    expect(results.every((r) => r.data.clap.__typename === 'ClapSuccess')).toBe(true);
    expect(added.reduce((a, b) => a + b, 0)).toBe(50);
    expect(Math.max(...results.map((r) => r.data.clap.viewerClapCount as number))).toBe(50);
    expect(await totals(postId)).toEqual({ clapCount: 50, sum: 50 });
  });

  it('many readers clapping in parallel: each stops at 50 and the total is exact', async () => {
    const postId = await newStory(t, author.id);
    const readers = await Promise.all(Array.from({ length: 6 }, (_, i) => newReader(t, `Par${i}`)));
    const calls = readers.flatMap((r, i) => Array.from({ length: 15 }, (_, j) => clap(r, postId, 1 + ((i + j) % 7))));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.data.clap.__typename === 'ClapSuccess')).toBe(true);
    const { rows } = await t.database.pool.query<{ user_id: string; count: number }>('select user_id, count from claps where post_id = $1', [postId]);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.count).toBeLessThanOrEqual(50);
    const sumOfAdded = results.reduce((a, r) => a + (r.data.clap.addedClaps as number), 0);
    const t2 = await totals(postId);
    expect(t2.clapCount).toBe(t2.sum);
    expect(sumOfAdded).toBe(t2.sum);
  });

  it('does not let the author clap their own story', async () => {
    const postId = await newStory(t, author.id);
    expect((await clap(author, postId, 1)).data.clap).toEqual({ __typename: 'BadRequest', message: 'You cannot applaud your own story.' });
    expect(await totals(postId)).toEqual({ clapCount: 0, sum: 0 });
  });

  it('refuses signed-out callers (UNAUTHORIZED) and clapping as someone else', async () => {
    const postId = await newStory(t, author.id);
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const out = await testBrowser(t.app).gql(CLAP, { postId, userId: ann.id, n: 1 });
    expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(out.data?.clap ?? null).toBeNull();
    expect((await clap(ann, postId, 1, bob.id)).data.clap).toEqual({ __typename: 'BadRequest', message: 'You can only clap as yourself.' });
    expect(await totals(postId)).toEqual({ clapCount: 0, sum: 0 });
  });

  it('answers NotFound for unknown, trashed, unpublished and private stories, and for a deactivated author', async () => {
    const ann = await newReader(t, 'Ann');
    const q = (sql: string, id: string) => t.database.pool.query(sql, [id]);
    const trashed = await newStory(t, author.id);
    await q('update posts set deleted_at = now() where id = $1', trashed);
    const draft = await newStory(t, author.id);
    await q('update posts set first_published_at = null where id = $1', draft);
    const priv = await newStory(t, author.id);
    await q(`update posts set visibility = 'PRIVATE' where id = $1`, priv);
    const gone = await newReader(t, 'Gone');
    const orphan = await newStory(t, gone.id);
    await q('update users set deactivated_at = now() where id = $1', gone.id);
    for (const id of ['000000000000', trashed, draft, priv, orphan]) {
      expect((await clap(ann, id, 1)).data.clap, id).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    }
    const { rows } = await t.database.pool.query('select * from claps where user_id = $1', [ann.id]);
    expect(rows).toEqual([]);
  });

  it('reads the viewer’s claps on many stories in one query', async () => {
    const ann = await newReader(t, 'Ann');
    const ids = await Promise.all([1, 2, 3].map(() => newStory(t, author.id)));
    await clap(ann, ids[0]!, 7);
    await clap(ann, ids[2]!, 2);
    const r = await ann.browser.gql(`query($a: ID!, $b: ID!, $c: ID!) { a: post(id: $a) { viewerClapCount } b: post(id: $b) { viewerClapCount } c: post(id: $c) { viewerClapCount } }`, { a: ids[0], b: ids[1], c: ids[2] });
    expect(r.data).toEqual({ a: { viewerClapCount: 7 }, b: { viewerClapCount: 0 }, c: { viewerClapCount: 2 } });
  });
});
