import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_STAFF_PICKS, KeptStaffPicks, keptStaffPicks, STAFF_PICKS_CHANGED_CHANNEL } from '../../src/modules/feeds/kept-staff-picks.js';
import { sharedPubSub } from '../../src/platform/pubsub/index.js';
import { pickedPostIds } from '../../src/modules/feeds/staff-picks.js';
import { staffPickPostIds } from '../../src/modules/feeds/queries.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { recordNamedStatements } from '../support/named-statements.js';
import { newReader, type Reader } from '../support/readers.js';
import { sql, story } from './feeds-fixtures.js';

const PICKS = '{ staffPicksFeed(paging: { limit: 10 }) { items { id isStaffPick } } }';
const pickedIds = (res: { data?: { staffPicksFeed: { items: { id: string }[] } } | null }) => res.data!.staffPicksFeed.items.map((p) => p.id);

/** The staff picks kept per process: one statement per TTL for the sidebar and every card's isStaffPick. */
describe('kept staff picks', () => {
  let t: TestApp;
  let staff: Reader;
  let reader: Reader;
  const s: string[] = [];
  let statements: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    t = await createTestApp();
    [staff, reader] = await Promise.all([newReader(t, 'Staff', { isStaff: true }), newReader(t, 'Reader')]);
    const ann = await newReader(t, 'Ann');
    for (let i = 0; i < 4; i++) s.push(await story(t, ann.id, `Ann ${i}`, new Date(Date.now() - (i + 1) * 3_600_000)));
    const recording = recordNamedStatements(t, /staff_pick|picked_post/);
    statements = recording.names;
    restore = recording.restore;
  });
  afterEach(() => void statements.splice(0));
  afterAll(() => restore());

  it('answers the picks and each card’s isStaffPick from one read, and sees a pick made here at once', async () => {
    keptStaffPicks(t.database.db).forget();
    for (const id of [s[2]!, s[0]!]) await staff.browser.gql('mutation($id: ID!) { addStaffPick(postId: $id) { id } }', { id });
    statements.splice(0);
    expect(pickedIds(await reader.browser.gql(PICKS))).toEqual([s[0], s[2]]);
    const feed = await reader.browser.gql(PICKS);
    expect(feed.data.staffPicksFeed.items.every((p: { isStaffPick: boolean }) => p.isStaffPick)).toBe(true);
    expect(statements).toEqual(['staff_pick_list']);

    await staff.browser.gql('mutation($id: ID!) { removeStaffPick(postId: $id) { id } }', { id: s[0] });
    expect(pickedIds(await reader.browser.gql(PICKS))).toEqual([s[2]]);
    expect([...(await pickedPostIds(t.database.db, s))]).toEqual([s[2]]);
  });

  it('forgets the list when another process announces a pick on pub/sub', async () => {
    const kept = keptStaffPicks(t.database.db);
    const before = await kept.list();
    expect(before.picked.has(s[1]!)).toBe(false);
    await sql(t, 'insert into staff_picks (post_id, position) values ($1, -200)', [s[1]]); // another process's pick
    expect(await kept.list()).toBe(before);
    await (await sharedPubSub()).publish(STAFF_PICKS_CHANGED_CHANNEL, '');
    await new Promise((r) => setTimeout(r, 10));
    expect((await kept.list()).picked.has(s[1]!)).toBe(true);
    await sql(t, 'delete from staff_picks where post_id = $1', [s[1]]);
    kept.forget();
  });

  it('sees a change made by another process within TTL_MS, and leaves out a story trashed since', async () => {
    const kept = new KeptStaffPicks(t.database.db);
    const at = Date.now();
    const before = await kept.list(at);
    await sql(t, 'insert into staff_picks (post_id, position) values ($1, -100)', [s[3]]);
    expect(await kept.list(at + KEPT_STAFF_PICKS.TTL_MS - 1)).toBe(before);
    const after = await kept.list(at + KEPT_STAFF_PICKS.TTL_MS);
    expect(after.listed[0]).toBe(s[3]);
    expect(after.picked.has(s[3]!)).toBe(true);

    // Trashed while kept: the feed loads the story and leaves it out.
    keptStaffPicks(t.database.db).forget();
    expect(pickedIds(await reader.browser.gql(PICKS))).toEqual([s[3], s[2]]);
    await sql(t, 'update posts set deleted_at = now() where id = $1', [s[3]]);
    expect(pickedIds(await reader.browser.gql(PICKS))).toEqual([s[2]]);
    expect((await new KeptStaffPicks(t.database.db).list()).listed).toEqual([s[2]]);
  });

  it('keeps no more than MAX picks: pages past them, and isStaffPick, ask the database', async () => {
    // In staff_picks now: s[3] (trashed) and s[2].
    const kept = new KeptStaffPicks(t.database.db, { ...KEPT_STAFF_PICKS, MAX: 1 });
    const list = await kept.list();
    expect(list.whole).toBe(false);
    expect([...list.picked]).toEqual([s[3]]);
    statements.splice(0);
    expect((await staffPickPostIds(t.database.db, 1, 0, kept)).ids).toEqual([s[2]]);
    expect([...(await pickedPostIds(t.database.db, [s[2]!, s[1]!], kept))]).toEqual([s[2]]);
    expect(statements).toEqual(['staff_pick_ids', 'picked_post_ids']);
    // The process's own list (MAX 1000) is whole: the same answers without those statements.
    keptStaffPicks(t.database.db).forget();
    statements.splice(0);
    expect((await staffPickPostIds(t.database.db, 1, 0)).ids).toEqual([s[2]]);
    expect([...(await pickedPostIds(t.database.db, [s[2]!, s[1]!]))]).toEqual([s[2]]);
    expect(statements).toEqual(['staff_pick_list']);
  });
});
