import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { TestPaymentProvider, type SubscriptionSnapshot } from '../../src/modules/payments/index.js';
import { runRenewalBatch } from '../../src/modules/payments/test-provider/renewals.js';
import { DAY_MS, manualClock } from '../../src/platform/clock.js';
import type { Database } from '../../src/platform/db/client.js';
import type { MembershipPlan } from '../../src/shared/membership.js';
import { createTestDatabase } from '../support/db.js';

let database: Database;
const clock = manualClock(new Date('2026-11-27T12:00:00Z'));
let provider: TestPaymentProvider;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new TestPaymentProvider({ db: database.db, clock });
});

/** Runs the renewal sweep until nothing is due, as the worker's sweeper does. */
async function sweep(): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await runRenewalBatch({ db: database.db, clock }, 50);
    total += n;
    if (n < 50) return total;
  }
}

async function subscribe(opts: { number?: string; expMonth?: number; expYear?: number; plan?: MembershipPlan; discount?: { percentOff: number; cycles: number } } = {}) {
  const n = ++seq;
  const userId = await createUser(database.db, { name: `Renewer ${n}`, username: `renewer_${n}`, email: `renewer${n}@example.com` });
  const { ref } = await provider.createCustomer({ userId, email: null, name: `Renewer ${n}` }, `cus-${n}-${userId}`);
  const attached = await provider.attachPaymentMethod(ref, { kind: 'card', number: opts.number ?? '4242424242424242', expMonth: opts.expMonth ?? 8, expYear: opts.expYear ?? 2029, cvc: '123' }, `pm-${ref}`);
  if (!attached.ok) throw new Error(attached.failure.message);
  const created = await provider.createSubscription({ customerRef: ref, plan: opts.plan ?? 'MONTHLY', currency: 'USD', discount: opts.discount, metadata: { userId } }, `sub-${ref}`);
  if (!created.ok) throw new Error(created.failure.message);
  return { userId, customerRef: ref, sub: created.value };
}

const charged = async (subRef: string) =>
  (await database.db.execute<{ status: string; amount: number; renewal_key: string | null; failure_code: string | null }>(sql`
    select status, amount, renewal_key, failure_code from test_provider_charges where subscription_ref = ${subRef} order by created_at, renewal_key`)).rows;
const get = async (ref: string): Promise<SubscriptionSnapshot> => (await provider.getSubscription(ref))!;

describe('renewals on the test provider’s clock', () => {
  it('renews, fails once the card has expired, retries at +3, +7 and +14 days, then cancels (delinquency)', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    // The "expiring soon" card: good through December.
    const { sub } = await subscribe({ expMonth: 12, expYear: 2026 });
    expect(await sweep()).toBe(0);

    clock.set(new Date('2026-12-27T12:00:00Z'));
    await sweep();
    let now = await get(sub.ref);
    expect(now).toMatchObject({ status: 'active', failedPaymentCount: 0, paymentFailedAt: null });
    expect(now.currentPeriodStart.toISOString()).toBe('2026-12-27T12:00:00.000Z');
    expect(now.currentPeriodEnd.toISOString()).toBe('2027-01-27T12:00:00.000Z');
    expect(await sweep()).toBe(0); // renewed once, not again

    const periodStart = new Date('2027-01-27T12:00:00Z');
    clock.set(periodStart);
    await sweep();
    now = await get(sub.ref);
    expect(now).toMatchObject({ status: 'past_due', failedPaymentCount: 1 });
    expect(now.paymentFailedAt?.toISOString()).toBe(periodStart.toISOString());
    // Access goes on while retrying: the period moved on.
    expect(now.currentPeriodEnd.toISOString()).toBe('2027-02-27T12:00:00.000Z');

    for (const [days, count] of [
      [3, 2],
      [7, 3],
    ] as const) {
      clock.set(new Date(periodStart.getTime() + days * DAY_MS - 60_000));
      expect(await sweep()).toBe(0); // not a minute early
      clock.advance(60_000);
      await sweep();
      now = await get(sub.ref);
      expect(now).toMatchObject({ status: 'past_due', failedPaymentCount: count });
    }
    clock.set(new Date(periodStart.getTime() + 14 * DAY_MS));
    await sweep();
    now = await get(sub.ref);
    expect(now).toMatchObject({ status: 'canceled', failedPaymentCount: 4 });

    expect(await charged(sub.ref)).toEqual([
      { status: 'succeeded', amount: 500, renewal_key: '2026-11-27T12:00:00.000Z#0', failure_code: null },
      { status: 'succeeded', amount: 500, renewal_key: '2026-12-27T12:00:00.000Z#0', failure_code: null },
      { status: 'failed', amount: 500, renewal_key: '2027-01-27T12:00:00.000Z#0', failure_code: 'expired_card' },
      { status: 'failed', amount: 500, renewal_key: '2027-01-27T12:00:00.000Z#1', failure_code: 'expired_card' },
      { status: 'failed', amount: 500, renewal_key: '2027-01-27T12:00:00.000Z#2', failure_code: 'expired_card' },
      { status: 'failed', amount: 500, renewal_key: '2027-01-27T12:00:00.000Z#3', failure_code: 'expired_card' },
    ]);
    clock.advance(60 * DAY_MS);
    expect(await sweep()).toBe(0);
  });

  it('recovers at the next retry once the reader adds a working card', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const { sub, customerRef } = await subscribe({ expMonth: 12, expYear: 2026 });
    clock.set(new Date('2026-12-27T12:00:00Z'));
    await sweep();
    clock.set(new Date('2027-01-27T12:00:00Z'));
    await sweep();
    expect(await get(sub.ref)).toMatchObject({ status: 'past_due', failedPaymentCount: 1 });
    clock.advance(DAY_MS);
    const card = await provider.attachPaymentMethod(customerRef, { kind: 'card', number: '5555555555554444', expMonth: 3, expYear: 2030, cvc: '321' }, `pm-new-${customerRef}`);
    expect(card.ok).toBe(true);
    expect(await sweep()).toBe(0); // the retry waits for its day
    clock.set(new Date('2027-01-30T12:00:00Z'));
    await sweep();
    const now = await get(sub.ref);
    expect(now).toMatchObject({ status: 'active', failedPaymentCount: 0, paymentFailedAt: null, defaultPaymentMethod: { card: { brand: 'mastercard', lastFour: '4444' } } });
    expect(now.currentPeriodEnd.toISOString()).toBe('2027-02-27T12:00:00.000Z');
    expect((await charged(sub.ref)).map((c) => [c.status, c.renewal_key])).toEqual([
      ['succeeded', '2026-11-27T12:00:00.000Z#0'],
      ['succeeded', '2026-12-27T12:00:00.000Z#0'],
      ['failed', '2027-01-27T12:00:00.000Z#0'],
      ['succeeded', '2027-01-27T12:00:00.000Z#1'],
    ]);
  });

  it('pays a past-due renewal at once when asked (a card update), once per key, and not an active one', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const { sub, customerRef } = await subscribe({ expMonth: 11, expYear: 2026 });
    expect(await provider.payPastDueRenewal(sub.ref, `pay-active-${sub.ref}`)).toMatchObject({ ok: true, value: { status: 'active' } });
    clock.set(new Date('2026-12-27T12:00:00Z'));
    await sweep();
    const due = await get(sub.ref);
    expect(due).toMatchObject({ status: 'past_due', failedPaymentCount: 1 });
    await provider.attachPaymentMethod(customerRef, { kind: 'card', number: '4242424242424242', expMonth: 3, expYear: 2030, cvc: '321' }, `pm-new-${customerRef}`);
    const key = `pay-${sub.ref}`;
    const [first, again] = [await provider.payPastDueRenewal(sub.ref, key), await provider.payPastDueRenewal(sub.ref, key)];
    expect(first).toMatchObject({ ok: true, value: { status: 'active', failedPaymentCount: 0, paymentFailedAt: null } });
    expect(again).toEqual(first);
    // The period it pays for is the one that failed: it runs on from there.
    expect(first.ok && first.value.currentPeriodEnd).toEqual(due.currentPeriodEnd);
    expect((await charged(sub.ref)).map((c) => c.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    clock.set(new Date('2026-12-30T12:00:01Z'));
    expect(await sweep()).toBe(0); // the retry that was due is gone
  });

  it('never charges twice: a batch that crashes changes nothing, and sweepers in parallel share the work', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const subs = await Promise.all(Array.from({ length: 30 }, () => subscribe()));
    clock.set(new Date('2026-12-27T12:00:00Z'));
    const crash = runRenewalBatch({ db: database.db, clock, afterClaim: async () => { throw new Error('killed mid-batch'); } }, 10);
    await expect(crash).rejects.toThrow('killed mid-batch');
    const { rows: after } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from test_provider_charges where renewal_key like '2026-12-27%' and subscription_ref = any(${`{${subs.map((x) => x.sub.ref).join(',')}}`}::text[])`);
    expect(after[0]!.n).toBe(0);
    const parallel = await Promise.all([0, 1, 2].map(() => (async () => {
      let total = 0;
      for (;;) {
        const n = await runRenewalBatch({ db: database.db, clock }, 4);
        total += n;
        if (n === 0) return total;
      }
    })()));
    expect(parallel.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(subs.length);
    for (const { sub } of subs) expect((await charged(sub.ref)).map((c) => c.renewal_key)).toEqual(['2026-11-27T12:00:00.000Z#0', '2026-12-27T12:00:00.000Z#0']);
  });

  it('ends a subscription cancelled at period end, starts a scheduled plan, counts a discount down', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const a = await subscribe();
    const b = await subscribe();
    const c = await subscribe({ plan: 'YEARLY', discount: { percentOff: 50, cycles: 1 } });
    const d = await subscribe();
    await provider.setCancelAtPeriodEnd(a.sub.ref, true);
    expect((await provider.changePlan(b.sub.ref, 'PREMIUM_MONTHLY', 'period_end', `down-${b.sub.ref}`)).ok).toBe(true);
    await provider.applyDiscount(d.sub.ref, { percentOff: 20, cycles: 2 }, `retain-${d.sub.ref}`);
    expect(c.sub.price).toEqual({ amount: 5000, currency: 'USD', crossoutAmount: null });
    expect((await get(d.sub.ref)).price).toEqual({ amount: 400, currency: 'USD', crossoutAmount: 500 });

    clock.set(new Date('2026-12-27T12:00:00Z'));
    await sweep();
    expect(await get(a.sub.ref)).toMatchObject({ status: 'canceled' });
    expect((await charged(a.sub.ref)).length).toBe(1);
    expect(await get(b.sub.ref)).toMatchObject({ status: 'active', plan: 'PREMIUM_MONTHLY', scheduledPlan: null });
    expect((await charged(b.sub.ref)).map((x) => x.amount)).toEqual([500, 1500]);
    clock.set(new Date('2027-01-27T12:00:00Z'));
    await sweep();
    clock.set(new Date('2027-02-27T12:00:00Z'));
    await sweep();
    // Two discounted renewals, then the regular price.
    expect((await charged(d.sub.ref)).map((x) => x.amount)).toEqual([500, 400, 400, 500]);
    expect(await get(d.sub.ref)).toMatchObject({ discountPercentOff: null, discountEndsAt: null, price: { amount: 500, crossoutAmount: null } });
    // The first-year half off was the first charge; the second year is at the regular price.
    clock.set(new Date('2027-11-27T12:00:00Z'));
    await sweep();
    expect((await charged(c.sub.ref)).map((x) => x.amount)).toEqual([2500, 5000]);
  });
});
