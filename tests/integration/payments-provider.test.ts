import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { TestPaymentProvider } from '../../src/modules/payments/index.js';
import { billingHistory, chargeOfUser, ledgerTotals, syncCharge } from '../../src/modules/payments/ledger.js';
import { charges, paymentProviderEvents, testProviderPaymentMethods } from '../../src/platform/db/schema.js';
import { manualClock } from '../../src/platform/clock.js';
import type { Database } from '../../src/platform/db/client.js';
import { createTestDatabase } from '../support/db.js';

let database: Database;
const clock = manualClock(new Date('2026-11-27T12:00:00Z'));
let provider: TestPaymentProvider;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new TestPaymentProvider({ db: database.db, clock });
});

async function customer() {
  const n = ++seq;
  const userId = await createUser(database.db, { name: `Payer ${n}`, username: `payer_${n}`, email: `payer${n}@example.com` });
  const { ref } = await provider.createCustomer({ userId, email: `payer${n}@example.com`, name: `Payer ${n}` }, `cus-${n}`);
  return { userId, ref };
}

const cardInput = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({ kind: 'card' as const, number, expMonth: 8, expYear: 2029, cvc: number.startsWith('37') ? '1234' : '123', ...extra });

describe('the test provider with each test card', () => {
  const cases: [string, string, 'active' | 'incomplete' | { attach: string } | { charge: string }][] = [
    ['4242 4242 4242 4242', 'visa', 'active'],
    ['5555 5555 5555 4444', 'mastercard', 'active'],
    ['3782 822463 10005', 'amex', 'active'],
    ['4000 0000 0000 0002', 'visa', { attach: 'card_declined' }],
    ['4000 0000 0000 9995', 'visa', { attach: 'insufficient_funds' }],
    ['4000 0000 0000 0069', 'visa', { attach: 'expired_card' }],
    ['4000 0000 0000 0127', 'visa', { attach: 'incorrect_cvc' }],
    ['4000 0000 0000 0341', 'visa', { charge: 'card_declined' }],
    ['4000 0000 0000 3220', 'visa', 'incomplete'],
  ];
  for (const [number, brand, expected] of cases) {
    it(`${number}: ${JSON.stringify(expected)}`, async () => {
      const { userId, ref } = await customer();
      const attached = await provider.attachPaymentMethod(ref, cardInput(number), `pm-${ref}`);
      if (typeof expected === 'object' && 'attach' in expected) {
        expect(attached).toMatchObject({ ok: false, failure: { kind: 'declined', code: expected.attach } });
        const stored = await database.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.customerRef, ref));
        expect(stored).toEqual([]);
        return;
      }
      expect(attached).toMatchObject({ ok: true, value: { card: { brand, lastFour: number.replace(/\s/g, '').slice(-4), expMonth: 8, expYear: 2029 } } });
      const created = await provider.createSubscription({ customerRef: ref, plan: 'MONTHLY', currency: 'USD', metadata: { userId } }, `sub-${ref}`);
      if (typeof expected === 'object') {
        expect(created).toMatchObject({ ok: false, failure: { code: expected.charge } });
        return;
      }
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      const sub = created.value;
      expect(sub).toMatchObject({ status: expected, plan: 'MONTHLY', price: { amount: 500, currency: 'USD' }, cancelAtPeriodEnd: false, failedPaymentCount: 0 });
      expect(sub.currentPeriodEnd.toISOString()).toBe('2026-12-27T12:00:00.000Z');
      if (expected === 'incomplete') {
        expect(sub.pendingAction?.url).toMatch(/^\/_\/payments\/test\/authenticate\/ch_test_[0-9a-f]{16}\?return=%2Fplans%2Fconfirmation%2Fmonthly$/);
        expect(sub.latestChargeRef).toBeNull();
      } else {
        expect(sub.pendingAction).toBeNull();
        const charge = await provider.getCharge(sub.latestChargeRef!);
        expect(charge).toMatchObject({ status: 'succeeded', amount: { amount: 500, currency: 'USD' }, metadata: { userId, chargeType: 'monthly' }, card: { brand } });
      }
    });
  }

  it('never stores a card number', async () => {
    const { rows } = await database.db.execute(sql`select * from test_provider_payment_methods`);
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|5555555555554444|378282246310005/);
  });
});

describe('idempotency keys', () => {
  it('give the same answer for the same key, stored, and act once', async () => {
    const { userId, ref } = await customer();
    const first = await provider.attachPaymentMethod(ref, cardInput('4242424242424242'), `pm-once-${ref}`);
    const again = await provider.attachPaymentMethod(ref, cardInput('5555555555554444'), `pm-once-${ref}`);
    expect(again).toEqual(first);
    expect(await database.db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.customerRef, ref))).toHaveLength(1);

    const input = { customerRef: ref, plan: 'YEARLY' as const, currency: 'CAD' as const, metadata: { userId } };
    const [a, b] = await Promise.all([provider.createSubscription(input, `sub-once-${ref}`), provider.createSubscription(input, `sub-once-${ref}`)]);
    expect(b).toEqual(a);
    const c = await provider.createSubscription(input, `sub-once-${ref}`);
    expect(c).toEqual(a);
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from test_provider_subscriptions where customer_ref = ${ref}`);
    expect(rows[0]!.n).toBe(1);
    const { rows: chargeRows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from test_provider_charges where customer_ref = ${ref}`);
    expect(chargeRows[0]!.n).toBe(1);
    // A failure is an answer too: the same key declines again without another attempt.
    const declined = await provider.attachPaymentMethod(ref, cardInput('4000000000000002'), `pm-declined-${ref}`);
    expect(await provider.attachPaymentMethod(ref, cardInput('4242424242424242'), `pm-declined-${ref}`)).toEqual(declined);
  });
});

describe('the ledger', () => {
  it('records each charge once, refunds as negative entries, and sums to charges minus refunds', async () => {
    const { userId, ref } = await customer();
    await provider.attachPaymentMethod(ref, cardInput('4242424242424242'), `pm-${ref}`);
    const created = await provider.createSubscription({ customerRef: ref, plan: 'PREMIUM_YEARLY', currency: 'USD', metadata: { userId } }, `sub-${ref}`);
    if (!created.ok) throw new Error('expected a subscription');
    const gift = await provider.charge({ customerRef: ref, amount: { amount: 2900, currency: 'USD' }, description: 'Gift membership', metadata: { userId, chargeType: 'gift' } }, `gift-${ref}`);
    if (!gift.ok) throw new Error('expected a charge');

    const first = await syncCharge(database.db, provider, created.value.latestChargeRef!);
    await syncCharge(database.db, provider, created.value.latestChargeRef!);
    expect(first).toMatchObject({ type: 'premium', amount: { amount: 15000, currency: 'USD' }, status: 'succeeded', description: 'Annual Friend membership', paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242' }, refundedAmount: 0 });
    expect(first!.id).toMatch(/^[0-9a-f]{12}$/);
    await syncCharge(database.db, provider, gift.value.ref);
    expect(await ledgerTotals(database.db, userId)).toEqual({ USD: 17900 });

    await provider.refund(gift.value.ref, 900, `refund-1-${ref}`);
    await provider.refund(gift.value.ref, 900, `refund-1-${ref}`); // the same refund, retried
    await syncCharge(database.db, provider, gift.value.ref);
    await syncCharge(database.db, provider, gift.value.ref);
    expect(await ledgerTotals(database.db, userId)).toEqual({ USD: 17000 });
    await provider.refund(gift.value.ref, null, `refund-2-${ref}`);
    await Promise.all([syncCharge(database.db, provider, gift.value.ref), syncCharge(database.db, provider, gift.value.ref)]);
    expect(await ledgerTotals(database.db, userId)).toEqual({ USD: 15000 });
    const { rows } = await database.db.execute<{ kind: string; amount: number }>(sql`select e.kind, e.amount from ledger_entries e join charges c on c.id = e.charge_id where c.user_id = ${userId} order by e.id`);
    expect(rows).toEqual([
      { kind: 'charge', amount: 15000 },
      { kind: 'charge', amount: 2900 },
      { kind: 'refund', amount: -900 },
      { kind: 'refund', amount: -2000 },
    ]);

    const history = await billingHistory(database.db, userId, { limit: 1 });
    expect(history.charges).toHaveLength(1);
    const rest = await billingHistory(database.db, userId, { limit: 5, next: history.next });
    expect([...history.charges, ...rest.charges].map((c) => c.type).sort()).toEqual(['gift', 'premium']);
    expect(rest.next).toBeNull();
    const giftRow = [...history.charges, ...rest.charges].find((c) => c.type === 'gift')!;
    expect(giftRow).toMatchObject({ refundedAmount: 2900, description: 'Gift membership' });
    const other = await customer();
    expect(await chargeOfUser(database.db, other.userId, giftRow.id)).toBeNull();
    expect(await chargeOfUser(database.db, userId, giftRow.id)).toMatchObject({ id: giftRow.id });
  });

  it('records a failed charge without money, and ignores charges the site did not make', async () => {
    const { userId, ref } = await customer();
    await provider.attachPaymentMethod(ref, cardInput('4000000000000341'), `pm-${ref}`);
    const failed = await provider.charge({ customerRef: ref, amount: { amount: 2900, currency: 'USD' }, description: 'Gift membership', metadata: { userId, chargeType: 'gift' } }, `gift-${ref}`);
    expect(failed).toMatchObject({ ok: false, failure: { code: 'card_declined' } });
    const { rows: made } = await database.db.execute<{ ref: string }>(sql`select ref from test_provider_charges where customer_ref = ${ref}`);
    const [event] = await database.db.select().from(paymentProviderEvents).where(eq(paymentProviderEvents.objectRef, made[0]!.ref));
    expect(event!.type).toBe('charge.failed');
    const view = await syncCharge(database.db, provider, event!.objectRef);
    expect(view).toMatchObject({ status: 'failed', amount: { amount: 2900 } });
    expect(await ledgerTotals(database.db, userId)).toEqual({});
    const [row] = await database.db.select().from(charges).where(eq(charges.providerRef, event!.objectRef));
    expect(row!.failureCode).toBe('card_declined');
    expect(await syncCharge(database.db, provider, 'ch_test_unknown')).toBeNull();
  });
});
