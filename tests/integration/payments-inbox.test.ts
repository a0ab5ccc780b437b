import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { processProviderEvents, recordProviderEvent, TestPaymentProvider, type PaymentEventHandlers, type SubscriptionSnapshot } from '../../src/modules/payments/index.js';
import { runRenewalBatch } from '../../src/modules/payments/test-provider/renewals.js';
import { paymentProviderEvents } from '../../src/platform/db/schema.js';
import { DAY_MS, manualClock } from '../../src/platform/clock.js';
import type { Database } from '../../src/platform/db/client.js';
import { paymentEventHandlers } from '../../src/server/payment-event-handlers.js';
import { createTestDatabase } from '../support/db.js';

let database: Database;
const clock = manualClock(new Date('2026-11-27T12:00:00Z'));
let provider: TestPaymentProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new TestPaymentProvider({ db: database.db, clock });
  await database.db.execute(sql`create table inbox_probe (ref text primary key)`);
});

async function drain(handlers: PaymentEventHandlers) {
  const total = { processed: 0, failed: 0 };
  for (;;) {
    const r = await processProviderEvents(database.db, { provider, handlers, clock, limit: 20 });
    total.processed += r.processed;
    total.failed += r.failed;
    if (r.processed + r.failed === 0) return total;
  }
}

async function subscriber(n: number, number = '4242424242424242', expMonth = 8, expYear = 2029) {
  const userId = await createUser(database.db, { name: `Inbox ${n}`, username: `inbox_${n}`, email: `inbox${n}@example.com` });
  const { ref } = await provider.createCustomer({ userId, email: null, name: 'x' }, `c-${userId}`);
  await provider.attachPaymentMethod(ref, { kind: 'card', number, expMonth, expYear, cvc: '123' }, `p-${userId}`);
  const sub = await provider.createSubscription({ customerRef: ref, plan: 'MONTHLY', currency: 'USD', metadata: { userId } }, `s-${userId}`);
  if (!sub.ok) throw new Error(sub.failure.message);
  return { userId, customerRef: ref, sub: sub.value };
}

describe('the provider-event inbox', () => {
  it('stores an event delivered twice once, and processes it once', async () => {
    const seen: string[] = [];
    const handlers: PaymentEventHandlers = { subscription: async (_db, _p, s) => void seen.push(s.ref), charge: async () => {} };
    const { sub } = await subscriber(1);
    await drain(handlers);
    seen.length = 0;
    const event = { provider: 'TEST' as const, id: 'evt_delivered_twice', type: 'subscription.updated' as const, objectRef: sub.ref, createdAt: clock.now() };
    expect(await recordProviderEvent(database.db, event, clock.now())).toBe(true);
    expect(await recordProviderEvent(database.db, event, clock.now())).toBe(false);
    const [a, b] = await Promise.all([drain(handlers), drain(handlers)]);
    expect(a.processed + b.processed).toBe(1);
    expect(seen).toEqual([sub.ref]);
    expect(await recordProviderEvent(database.db, event, clock.now())).toBe(false);
    expect((await drain(handlers)).processed).toBe(0);
    const [row] = await database.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.eventId, 'evt_delivered_twice'));
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row!.processedAt).not.toBeNull();
  });

  it('re-reads the object, so an older event applies the current state', async () => {
    const applied: SubscriptionSnapshot[] = [];
    const { sub } = await subscriber(2);
    await provider.setCancelAtPeriodEnd(sub.ref, true);
    // Both events of the subscription (created, then cancel at period end) see the cancellation.
    await drain({ subscription: async (_db, _p, s) => void applied.push(s), charge: async () => {} });
    const mine = applied.filter((s) => s.ref === sub.ref);
    expect(mine.length).toBe(2);
    expect(mine.every((s) => s.cancelAtPeriodEnd)).toBe(true);
  });

  it('retries a failing handler with backoff on the clock, keeping attempts and the last error; its writes roll back', async () => {
    const { sub } = await subscriber(3);
    let failing = true;
    const handlers: PaymentEventHandlers = {
      subscription: async (db, _p, s) => {
        if (s.ref !== sub.ref) return;
        // A write that must not survive the failure.
        await db.execute(sql`insert into inbox_probe (ref) values (${s.ref}) on conflict do nothing`);
        if (failing) throw new Error('membership store unavailable');
      },
      charge: async () => {},
    };
    const first = await drain(handlers);
    expect(first.failed).toBe(1);
    const [row] = await database.db
      .select()
      .from(paymentProviderEvents)
      .where(and(eq(paymentProviderEvents.objectRef, sub.ref), eq(paymentProviderEvents.type, 'subscription.updated')));
    expect(row).toMatchObject({ attempts: 1, lastError: 'membership store unavailable', processedAt: null });
    expect((await database.db.execute(sql`select ref from inbox_probe`)).rows).toEqual([]);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2000);
    // Not before its time.
    expect((await drain(handlers)).failed).toBe(0);
    clock.advance(2000);
    expect((await drain(handlers)).failed).toBe(1);
    clock.advance(4000);
    failing = false;
    expect((await drain(handlers)).processed).toBe(1);
    const [done] = await database.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.eventId, row!.eventId));
    expect(done).toMatchObject({ attempts: 3, lastError: 'membership store unavailable' });
    expect(done!.processedAt).not.toBeNull();
    expect((await database.db.execute(sql`select ref from inbox_probe`)).rows).toEqual([{ ref: sub.ref }]);
  });

  it('with the site’s handlers, keeps the ledger equal to the provider’s charges less refunds through renewals and failures', async () => {
    const handlers = paymentEventHandlers();
    await drain(handlers);
    // One card that keeps paying, one that expires after the first renewal.
    const subs = [await subscriber(10), await subscriber(11, '5555555555554444', 12, 2026)];
    const gift = await provider.charge({ customerRef: subs[0]!.customerRef, amount: { amount: 2900, currency: 'USD' }, description: 'Gift membership', metadata: { userId: subs[0]!.userId, chargeType: 'gift' } }, 'gift-ledger');
    if (!gift.ok) throw new Error('gift failed');
    await provider.refund(gift.value.ref, 1000, 'refund-ledger');
    for (let month = 1; month <= 3; month += 1) {
      clock.advance(31 * DAY_MS);
      while ((await runRenewalBatch({ db: database.db, clock }, 50)) > 0);
      await drain(handlers);
    }
    // The earlier tests' charges went to handlers of their own: compare this test's readers.
    const users = sql`${`{${subs.map((x) => x.userId).join(',')}}`}::text[]`;
    const { rows: provider_ } = await database.db.execute<{ total: number }>(sql`
      select coalesce(sum(amount - amount_refunded), 0)::int as total from test_provider_charges where status = 'succeeded' and metadata->>'userId' = any(${users})`);
    const { rows: ledger } = await database.db.execute<{ total: number }>(sql`
      select coalesce(sum(e.amount), 0)::int as total from ledger_entries e join charges c on c.id = e.charge_id where c.user_id = any(${users})`);
    const { rows: charged } = await database.db.execute<{ total: number }>(sql`
      select coalesce(sum(amount - amount_refunded), 0)::int as total from charges where status = 'succeeded' and user_id = any(${users})`);
    // 3 months of the paying card (4 × 500), the expiring card's first two (2 × 500), the gift less its refund.
    expect(provider_[0]!.total).toBe(4 * 500 + 2 * 500 + 1900);
    expect(ledger[0]!.total).toBe(provider_[0]!.total);
    expect(charged[0]!.total).toBe(ledger[0]!.total);
    const { rows: failed } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from charges where status = 'failed' and failure_code = 'expired_card'`);
    expect(failed[0]!.n).toBeGreaterThan(0);
    const { rows: pending } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from payment_provider_events where processed_at is null`);
    expect(pending[0]!.n).toBe(0);
  });
});
