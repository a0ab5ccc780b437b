import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';

const WHO = '{ whoToFollow(limit: 2) { id } }';

/**
 * 'Who to follow' ranks recent writers once a minute per process (the same for everyone):
 * each reader's follows and mutes, and accounts closed or suspended since, still apply at once.
 */
describe('who to follow', () => {
  let t: TestApp;
  let writers: Reader[];
  let reader: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    writers = [];
    for (const [i, claps] of [40, 30, 20, 10].entries()) {
      const w = await newReader(t, `Ranked Writer ${i}`);
      const id = await newStory(t, w.id, { title: `Story ${i}` });
      await t.database.pool.query('update posts set clap_count = $2 where id = $1', [id, claps]);
      writers.push(w);
    }
    reader = await newReader(t, 'Sidebar Reader');
  });

  const who = async (r: Reader) => ((await r.browser.gql(WHO)).data.whoToFollow as { id: string }[]).map((u) => u.id);

  it('leaves out, at once, a writer the reader follows and one suspended since the ranking was read', async () => {
    expect(await who(reader)).toEqual([writers[0]!.id, writers[1]!.id]);
    await reader.browser.gql(`mutation { followUser(targetUserId: "${writers[0]!.id}") { __typename } }`);
    expect(await who(reader)).toEqual([writers[1]!.id, writers[2]!.id]);
    await t.database.pool.query('update users set is_suspended = true where id = $1', [writers[1]!.id]);
    expect(await who(reader)).toEqual([writers[2]!.id, writers[3]!.id]);
    // Another reader, with no follows, gets the same ranking less the suspended writer.
    const other = await newReader(t, 'Other Reader');
    expect(await who(other)).toEqual([writers[0]!.id, writers[2]!.id]);
  });
});
