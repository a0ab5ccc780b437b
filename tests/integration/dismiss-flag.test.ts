import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

const DISMISS = `mutation DismissFlag($userId: ID!, $flag: String!) { dismissFlag(userId: $userId, flag: $flag) { id dismissableFlags } }`;
const FLAGS_OF = `query($id: ID!) { viewer { id dismissableFlags } userResult(id: $id) { ... on User { id dismissableFlags } } }`;

/** Spec §7 DismissFlag and §3 User.dismissableFlags: the reader's own flags only, kept a week (spec §9 payment threshold). */
describe('DismissFlag', () => {
  let t: TestApp;
  let ann: Reader;
  let bob: Reader;
  let staff: Reader;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await newReader(t, 'Ann');
    bob = await newReader(t, 'Bob');
    staff = await newReader(t, 'Staff', { isStaff: true });
  });

  const stored = async (userId: string) =>
    (await t.database.pool.query<{ flag: string }>('select flag from user_dismissed_flags where user_id = $1 order by flag', [userId])).rows.map((r) => r.flag);

  it('stores the dismissal and answers the user with its flags', async () => {
    const res = await ann.browser.gql(DISMISS, { userId: ann.id, flag: 'expired-last-week' });
    expect(res.errors).toBeUndefined();
    expect(res.data.dismissFlag).toEqual({ id: ann.id, dismissableFlags: ['expired-last-week'] });
    const again = await ann.browser.gql(DISMISS, { userId: ann.id, flag: 'will-expire-last-week' });
    expect(again.data.dismissFlag.dismissableFlags).toEqual(['expired-last-week', 'will-expire-last-week']);
    expect(await stored(ann.id)).toEqual(['expired-last-week', 'will-expire-last-week']);
    // Read back on a later request: persisted, not just echoed.
    expect((await ann.browser.gql(FLAGS_OF, { id: ann.id })).data.viewer.dismissableFlags).toEqual(['expired-last-week', 'will-expire-last-week']);
  });

  it('dismissing twice keeps one row and starts the week over', async () => {
    const r = await newReader(t, 'Twice');
    await r.browser.gql(DISMISS, { userId: r.id, flag: 'expired-last-week' });
    await t.database.pool.query("update user_dismissed_flags set dismissed_at = now() - interval '6 days' where user_id = $1", [r.id]);
    await r.browser.gql(DISMISS, { userId: r.id, flag: 'expired-last-week' });
    const { rows } = await t.database.pool.query<{ n: number; fresh: boolean }>(
      "select count(*)::int as n, bool_and(dismissed_at > now() - interval '1 minute') as fresh from user_dismissed_flags where user_id = $1",
      [r.id],
    );
    expect(rows[0]).toEqual({ n: 1, fresh: true });
  });

  it('a dismissal holds for a week, then the flag is no longer in effect', async () => {
    const r = await newReader(t, 'Week');
    await r.browser.gql(DISMISS, { userId: r.id, flag: 'will-expire-last-week' });
    await t.database.pool.query("update user_dismissed_flags set dismissed_at = now() - interval '6 days 23 hours' where user_id = $1", [r.id]);
    expect((await r.browser.gql(FLAGS_OF, { id: r.id })).data.viewer.dismissableFlags).toEqual(['will-expire-last-week']);
    await t.database.pool.query("update user_dismissed_flags set dismissed_at = now() - interval '7 days 1 minute' where user_id = $1", [r.id]);
    expect((await r.browser.gql(FLAGS_OF, { id: r.id })).data.viewer.dismissableFlags).toEqual([]);
  });

  it('refuses an unknown flag with a clear error and stores nothing', async () => {
    const r = await newReader(t, 'Unknown');
    const res = await r.browser.gql(DISMISS, { userId: r.id, flag: 'anything-at-all' });
    expect(res.errors?.[0]).toMatchObject({ message: 'There is no flag named "anything-at-all" to dismiss.', extensions: { code: 'BAD_REQUEST' } });
    expect(await stored(r.id)).toEqual([]);
  });

  // Authorization: who may dismiss whose flags, and who may read them.
  it.each<[string, () => TestBrowser, () => string, string | null]>([
    ['signed out, for a reader', () => testBrowser(t.app), () => bob.id, 'UNAUTHORIZED'],
    ['a reader, for another reader', () => ann.browser, () => bob.id, 'FORBIDDEN'],
    ['staff, for a reader', () => staff.browser, () => bob.id, 'FORBIDDEN'],
    ['a reader, for an unknown id', () => ann.browser, () => '000000000000', 'FORBIDDEN'],
    ['a reader, for themselves', () => bob.browser, () => bob.id, null],
  ])('%s → %s', async (_, browser, userId, code) => {
    const before = await stored(bob.id);
    const res = await browser().gql(DISMISS, { userId: userId(), flag: 'expired-last-week' });
    if (code === null) {
      expect(res.errors).toBeUndefined();
      expect(await stored(bob.id)).toEqual(['expired-last-week']);
    } else {
      expect(res.errors?.[0]?.extensions?.code).toBe(code);
      expect(await stored(bob.id)).toEqual(before);
    }
  });

  it("nobody reads another reader's flags", async () => {
    await bob.browser.gql(DISMISS, { userId: bob.id, flag: 'expired-last-week' });
    expect((await ann.browser.gql(FLAGS_OF, { id: bob.id })).data.userResult).toEqual({ id: bob.id, dismissableFlags: [] });
    expect((await staff.browser.gql(FLAGS_OF, { id: bob.id })).data.userResult.dismissableFlags).toEqual([]);
    expect((await testBrowser(t.app).gql(FLAGS_OF, { id: bob.id })).data).toEqual({ viewer: null, userResult: { id: bob.id, dismissableFlags: [] } });
    expect((await bob.browser.gql(FLAGS_OF, { id: bob.id })).data.userResult.dismissableFlags).toEqual(['expired-last-week']);
  });
});
