import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { DbTransaction } from '../../../platform/mail/outbox.js';
import { planPrice, type MembershipPlan } from '../../../shared/membership.js';
import { recordProviderEvent } from '../inbox.js';
import type { ChargeSnapshot, ProviderEventType, StoredPaymentMethod, SubscriptionSnapshot } from '../provider.js';
import { discounted } from './periods.js';
import { testProviderCharges, testProviderIdempotency, testProviderPaymentMethods, testProviderSubscriptions } from './tables.js';

export type Tx = DbTransaction;
export type SubscriptionRow = typeof testProviderSubscriptions.$inferSelect;
export type PaymentMethodRow = typeof testProviderPaymentMethods.$inferSelect;
export type ChargeRow = typeof testProviderCharges.$inferSelect;

/** Stripe-like references: a prefix and random hex, so they read as what they are. */
export const newRef = (prefix: 'cus' | 'pm' | 'sub' | 'ch' | 'evt'): string => `${prefix}_test_${randomBytes(8).toString('hex')}`;

export const AUTHENTICATE_PATH = '/_/payments/test/authenticate';

/** Where the reader confirms a 3-D Secure charge, and where they go after it. */
export const authenticateUrl = (chargeRef: string, returnPath: string): string => `${AUTHENTICATE_PATH}/${encodeURIComponent(chargeRef)}?return=${encodeURIComponent(returnPath)}`;

export const returnPathOf = (sub: Pick<SubscriptionRow, 'metadata' | 'plan'>): string => sub.metadata.returnPath ?? `/plans/confirmation/${sub.plan.toLowerCase()}`;

/** What a renewal of `sub` costs now: the plan's price, less a discount still counting down. */
export const renewalPrice = (sub: Pick<SubscriptionRow, 'plan' | 'currency' | 'discountPercentOff' | 'discountCyclesLeft'>): number =>
  discounted(planPrice(sub.plan, sub.currency).amount, sub.discountCyclesLeft > 0 ? sub.discountPercentOff : null);

export const cardOf = (pm: Pick<PaymentMethodRow, 'brand' | 'lastFour' | 'expMonth' | 'expYear'>): StoredPaymentMethod['card'] => ({
  brand: pm.brand as StoredPaymentMethod['card']['brand'],
  lastFour: pm.lastFour,
  expMonth: pm.expMonth,
  expYear: pm.expYear,
});

export function subscriptionSnapshot(sub: SubscriptionRow, pm: PaymentMethodRow | null): SubscriptionSnapshot {
  const regular = planPrice(sub.plan, sub.currency).amount;
  const amount = renewalPrice(sub);
  return {
    ref: sub.ref,
    customerRef: sub.customerRef,
    status: sub.status,
    plan: sub.plan,
    price: { amount, currency: sub.currency, crossoutAmount: amount !== regular ? regular : null },
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    discountEndsAt: sub.discountPercentOff ? sub.discountEndsAt : null,
    discountPercentOff: sub.discountPercentOff,
    scheduledPlan: sub.scheduledPlan ? { plan: sub.scheduledPlan, startAt: sub.currentPeriodEnd } : null,
    defaultPaymentMethod: pm ? { ref: pm.ref, card: cardOf(pm) } : null,
    paymentFailedAt: sub.paymentFailedAt,
    failedPaymentCount: sub.failedPaymentCount,
    pendingAction: sub.status === 'incomplete' && sub.pendingChargeRef ? { url: authenticateUrl(sub.pendingChargeRef, returnPathOf(sub)) } : null,
    latestChargeRef: sub.latestChargeRef,
    metadata: sub.metadata,
  };
}

export function chargeSnapshot(c: ChargeRow): ChargeSnapshot {
  return {
    ref: c.ref,
    customerRef: c.customerRef,
    subscriptionRef: c.subscriptionRef,
    status: c.status,
    amount: { amount: c.amount, currency: c.currency },
    amountRefunded: c.amountRefunded,
    card: c.cardBrand && c.cardLastFour && c.cardExpMonth && c.cardExpYear ? { brand: c.cardBrand as StoredPaymentMethod['card']['brand'], lastFour: c.cardLastFour, expMonth: c.cardExpMonth, expYear: c.cardExpYear } : null,
    createdAt: c.createdAt,
    failure: c.failureCode ? { kind: 'declined', code: c.failureCode, message: c.failureMessage ?? '' } : null,
    metadata: c.metadata,
    description: c.description,
  };
}

/** A subscription with its customer's default card, optionally locked for the change that follows. */
export async function loadSubscription(db: Db | Tx, ref: string, lock = false): Promise<{ sub: SubscriptionRow; pm: PaymentMethodRow | null } | null> {
  const [sub] = await (lock
    ? db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.ref, ref)).for('update')
    : db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.ref, ref)));
  if (!sub) return null;
  return { sub, pm: await defaultPaymentMethod(db, sub.customerRef) };
}

export async function defaultPaymentMethod(db: Db | Tx, customerRef: string): Promise<PaymentMethodRow | null> {
  const { rows } = await db.execute<{ ref: string }>(sql`select default_payment_method_ref as ref from test_provider_customers where ref = ${customerRef}`);
  const ref = rows[0]?.ref;
  if (!ref) return null;
  const [pm] = await db.select().from(testProviderPaymentMethods).where(eq(testProviderPaymentMethods.ref, ref));
  return pm ?? null;
}

/** Writes the event of a change in the change's transaction, as a provider's webhook would announce it. */
export async function emit(tx: Tx, type: ProviderEventType, objectRef: string, at: Date): Promise<void> {
  await recordProviderEvent(tx, { provider: 'TEST', id: newRef('evt'), type, objectRef, createdAt: at }, at);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const revive = (_key: string, value: unknown) => (typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value);

/**
 * Runs `fn` once per (operation, key): the first call stores its answer, a later call with the
 * same key gets that stored answer (a retried request after a lost response), and a call
 * racing the first waits for it (the key's row is taken in the same transaction).
 */
export async function idempotent<T>(db: Db, operation: string, key: string, at: Date, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!key) throw new Error('the test provider needs an idempotency key for this call');
  return db.transaction(async (tx) => {
    const taken = await tx.insert(testProviderIdempotency).values({ operation, key, createdAt: at }).onConflictDoNothing().returning({ key: testProviderIdempotency.key });
    if (taken.length === 0) {
      const [stored] = await tx
        .select({ result: testProviderIdempotency.result })
        .from(testProviderIdempotency)
        .where(and(eq(testProviderIdempotency.operation, operation), eq(testProviderIdempotency.key, key)));
      return JSON.parse(JSON.stringify(stored?.result ?? null), revive) as T;
    }
    const result = await fn(tx);
    await tx
      .update(testProviderIdempotency)
      .set({ result: JSON.parse(JSON.stringify(result ?? null)) as unknown })
      .where(and(eq(testProviderIdempotency.operation, operation), eq(testProviderIdempotency.key, key)));
    return result;
  });
}

/** Plan names in charge descriptions. */
export function planDescription(plan: MembershipPlan): string {
  switch (plan) {
    case 'MONTHLY':
      return 'Monthly membership';
    case 'YEARLY':
      return 'Annual membership';
    case 'PREMIUM_MONTHLY':
      return 'Monthly Friend membership';
    case 'PREMIUM_YEARLY':
      return 'Annual Friend membership';
  }
}
