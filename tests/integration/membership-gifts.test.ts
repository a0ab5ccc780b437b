import { beforeAll, describe, expect, it } from 'vitest';
import { expireGiftMembershipsBatch, grantGiftMembership } from '../../src/modules/membership/gifts.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { buy, membershipWorld, Q, type MembershipWorld } from './membership-fixtures.js';

/** A gift's months: never shortening a running membership, granted once, ended by the sweep. */
describe('gift memberships', () => {
  let t: TestApp;
  let w: MembershipWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = membershipWorld(t, new Date('2026-01-15T10:00:00Z'));
  });

  const status = async (r: Reader) => (await r.browser.gql(Q.status)).data.viewer;
  const accessUntil = async (r: Reader) => (await t.database.pool.query('select member_tier, member_access_until from users where id = $1', [r.id])).rows[0];
  const grant = (r: Reader, giftId: string, months = 12) => grantGiftMembership(t.database.db, { userId: r.id, giftId, months }, { clock: w.clock });

  it('starts a gift membership for a reader, extends it with a second gift, grants each gift once, and ends it', async () => {
    w.clock.set(new Date('2026-01-15T10:00:00Z'));
    const ann = await newReader(t, 'Ann');
    expect((await grant(ann, 'gift00000001')).kind).toBe('started');
    expect((await grant(ann, 'gift00000001')).kind).toBe('already-granted');
    expect(await accessUntil(ann)).toEqual({ member_tier: 'MEMBER', member_access_until: new Date('2027-01-15T10:00:00Z') });
    const s = (await status(ann)).membershipStatus;
    expect(s).toMatchObject({ paymentProvider: 'GIFT', state: 'ACTIVE', isCancelled: true, canReactivate: false, canSwitchPlan: false, paymentMethod: null, membershipType: 'YEARLY' });

    expect((await grant(ann, 'gift00000002', 1)).kind).toBe('extended');
    expect((await accessUntil(ann)).member_access_until).toEqual(new Date('2027-02-15T10:00:00Z'));

    // Not before its end…
    w.clock.set(new Date('2027-02-15T09:59:00Z'));
    expect(await expireGiftMembershipsBatch(t.database.db, w.clock, 50)).toBe(0);
    // …then it ends; the reader is a reader again with a past membership.
    w.clock.set(new Date('2027-02-15T10:00:00Z'));
    expect(await expireGiftMembershipsBatch(t.database.db, w.clock, 50)).toBeGreaterThanOrEqual(1);
    expect(await accessUntil(ann)).toEqual({ member_tier: 'FREE', member_access_until: null });
    expect((await status(ann)).membershipStatus).toMatchObject({ state: 'INACTIVE', paymentProvider: 'GIFT' });
    expect((await status(ann)).hasPastMemberships).toBe(true);
  });

  it('keeps a gift for a paying member until the paid membership ends, then starts it', async () => {
    w.clock.set(new Date('2026-03-01T00:00:00Z'));
    const bob = await newReader(t, 'Bob');
    const id = (await buy(bob, 'MONTHLY')).membershipStatus.membershipId;
    const memberSince = (await t.database.pool.query('select member_since from users where id = $1', [bob.id])).rows[0].member_since;
    expect((await grant(bob, 'gift00000003')).kind).toBe('credited');
    // Paid time is not shortened.
    expect(await accessUntil(bob)).toEqual({ member_tier: 'MEMBER', member_access_until: new Date('2026-04-01T00:00:00Z') });
    expect((await status(bob)).membershipStatus.paymentProvider).toBe('TEST');

    // The member cancels; at the period end the gift takes over for its year.
    await bob.browser.gql(Q.cancel, { id, reason: 'OTHER' });
    await w.advanceTo(new Date('2026-04-01T00:00:01Z'));
    const s = (await status(bob)).membershipStatus;
    expect(s).toMatchObject({ paymentProvider: 'GIFT', state: 'ACTIVE' });
    expect((await accessUntil(bob)).member_access_until).toEqual(new Date('2027-04-01T00:00:01Z'));
    // One run of membership: memberSince kept.
    expect((await t.database.pool.query('select member_since from users where id = $1', [bob.id])).rows[0].member_since).toEqual(memberSince);
  });
});
