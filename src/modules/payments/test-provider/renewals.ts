import { and, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import type { Sweep } from '../../../platform/jobs/sweeper.js';
import type { Logger } from '../../../platform/logger/index.js';
import { planPrice } from '../../../shared/membership.js';
import { notifyProviderEventProcessors } from '../inbox.js';
import { paymentProviderEvents } from '../tables.js';
import { chargeOutcome, declined, CARD_MESSAGES } from './cards.js';
import { subscriptionChargeDescription, subscriptionChargeMetadata } from './charges.js';
import { discounted, periodEnd } from './periods.js';
import { newRef, type PaymentMethodRow, type SubscriptionRow, type Tx } from './store.js';
import { testProviderCharges, testProviderPaymentMethods, testProviderSubscriptions } from './tables.js';

/**
 * Days after a renewal first fails (the period's start) when it is tried again: three retries
 * over two weeks; when the last fails the subscription ends (delinquency), as Stripe's
 * default dunning does.
 */
export const RENEWAL_RETRY_DAYS = [3, 7, 14] as const;
/** A subscription still waiting for its first payment's 3-D Secure check after this ends, as at Stripe. */
export const INCOMPLETE_EXPIRY_MS = 23 * 3600 * 1000;

export interface RenewalOptions {
  db: Db;
  clock: Clock;
  logger?: Logger;
  /** Runs between claiming the rows and writing: tests (and the benchmark) crash a batch there. */
  afterClaim?(tx: Tx, refs: string[]): Promise<void>;
}

type SubChange = Pick<
  SubscriptionRow,
  'ref' | 'status' | 'plan' | 'currentPeriodStart' | 'currentPeriodEnd' | 'discountPercentOff' | 'discountCyclesLeft' | 'discountEndsAt' | 'scheduledPlan' | 'paymentFailedAt' | 'failedPaymentCount' | 'nextRetryAt' | 'latestChargeRef' | 'pendingChargeRef' | 'canceledAt'
>;
type NewCharge = typeof testProviderCharges.$inferInsert;
type NewEvent = typeof paymentProviderEvents.$inferInsert;

/**
 * One batch of the test provider's billing cycle at the clock's time, as a provider runs it:
 * - an active subscription past its period end renews: cancel-at-period-end ends it instead; a
 *   scheduled plan starts; a discount's remaining cycles count down; the new period is charged;
 * - a failed renewal makes it past_due (paymentFailedAt, the count of failures) and is retried
 *   RENEWAL_RETRY_DAYS after the period's start; when the last retry fails it is canceled;
 * - a subscription left incomplete (3-D Secure never answered) for 23 hours is canceled.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so workers share the work; each change, its
 * charge and its events commit together. A charge is keyed by (subscription, period, attempt),
 * so a batch that runs again after a crash cannot charge twice. Says how many it handled.
 */
export async function runRenewalBatch(opts: RenewalOptions, batchSize: number): Promise<number> {
  const now = opts.clock.now();
  const handled = await opts.db.transaction(async (tx) => {
    const subs = await claimDue(tx, now, batchSize);
    if (subs.length === 0) return 0;
    await opts.afterClaim?.(tx, subs.map((s) => s.ref));
    const cards = await cardsOf(tx, [...new Set(subs.map((s) => s.customerRef))]);
    const retryAmounts = await chargeAmounts(tx, subs.filter((s) => s.status === 'past_due' && s.latestChargeRef).map((s) => s.latestChargeRef!));

    const changes: SubChange[] = [];
    const newCharges: NewCharge[] = [];
    const events: NewEvent[] = [];
    const event = (type: NewEvent['type'], objectRef: string) => events.push({ provider: 'TEST', eventId: newRef('evt'), type, objectRef, occurredAt: now, receivedAt: now, nextAttemptAt: now });

    for (const sub of subs) {
      const pm = cards.get(sub.customerRef) ?? null;
      if (sub.status === 'incomplete') {
        changes.push({ ...sub, status: 'canceled', canceledAt: now, pendingChargeRef: null });
        if (sub.pendingChargeRef) {
          await tx
            .update(testProviderCharges)
            .set({ status: 'failed', failureCode: 'payment_intent_authentication_failure', failureMessage: CARD_MESSAGES.payment_intent_authentication_failure })
            .where(and(eq(testProviderCharges.ref, sub.pendingChargeRef), eq(testProviderCharges.status, 'pending')));
          event('charge.failed', sub.pendingChargeRef);
        }
        event('subscription.deleted', sub.ref);
        continue;
      }
      if (sub.status === 'active' && sub.cancelAtPeriodEnd) {
        changes.push({ ...sub, status: 'canceled', canceledAt: sub.currentPeriodEnd });
        event('subscription.deleted', sub.ref);
        continue;
      }
      const renewal = sub.status === 'active';
      const plan = renewal ? (sub.scheduledPlan ?? sub.plan) : sub.plan;
      const start = renewal ? sub.currentPeriodEnd : sub.currentPeriodStart;
      const attempt = renewal ? 0 : sub.failedPaymentCount;
      const discountApplies = renewal && sub.discountCyclesLeft > 0 && sub.discountPercentOff !== null;
      const amount = renewal
        ? discounted(planPrice(plan, sub.currency).amount, discountApplies ? sub.discountPercentOff : null)
        : (retryAmounts.get(sub.latestChargeRef ?? '') ?? planPrice(plan, sub.currency).amount);
      const outcome = pm ? chargeOutcome(pm, now, false) : declined('card_declined');
      const failure = typeof outcome === 'string' ? null : outcome;
      const chargeRef = newRef('ch');
      newCharges.push({
        ref: chargeRef,
        customerRef: sub.customerRef,
        subscriptionRef: sub.ref,
        renewalKey: `${start.toISOString()}#${attempt}`,
        status: failure ? 'failed' : 'succeeded',
        amount,
        currency: sub.currency,
        paymentMethodRef: pm?.ref ?? null,
        cardBrand: pm?.brand ?? null,
        cardLastFour: pm?.lastFour ?? null,
        cardExpMonth: pm?.expMonth ?? null,
        cardExpYear: pm?.expYear ?? null,
        failureCode: failure?.code ?? null,
        failureMessage: failure?.message ?? null,
        description: subscriptionChargeDescription({ plan }),
        metadata: subscriptionChargeMetadata({ plan, metadata: sub.metadata }),
        createdAt: now,
      });
      event(failure ? 'charge.failed' : 'charge.succeeded', chargeRef);
      const period = renewal
        ? {
            plan,
            scheduledPlan: null,
            currentPeriodStart: start,
            currentPeriodEnd: periodEnd(start, plan, sub.anchorDay),
            // A discount counts down one cycle per renewal, and is gone once none are left.
            discountCyclesLeft: discountApplies ? sub.discountCyclesLeft - 1 : 0,
            discountPercentOff: discountApplies ? sub.discountPercentOff : null,
            discountEndsAt: discountApplies ? sub.discountEndsAt : null,
          }
        : {};
      if (!failure) {
        changes.push({ ...sub, ...period, status: 'active', latestChargeRef: chargeRef, paymentFailedAt: null, failedPaymentCount: 0, nextRetryAt: null });
        event('subscription.updated', sub.ref);
      } else {
        const failures = (renewal ? 0 : sub.failedPaymentCount) + 1;
        const delinquent = failures > RENEWAL_RETRY_DAYS.length;
        changes.push({
          ...sub,
          ...period,
          status: delinquent ? 'canceled' : 'past_due',
          latestChargeRef: chargeRef,
          paymentFailedAt: now,
          failedPaymentCount: failures,
          nextRetryAt: delinquent ? null : new Date(start.getTime() + RENEWAL_RETRY_DAYS[failures - 1]! * DAY_MS),
          canceledAt: delinquent ? now : null,
        });
        event(delinquent ? 'subscription.deleted' : 'subscription.updated', sub.ref);
      }
    }

    if (newCharges.length) {
      const inserted = await tx.insert(testProviderCharges).values(newCharges).onConflictDoNothing().returning({ ref: testProviderCharges.ref });
      // Only possible if this period's attempt was charged by a batch whose subscription change was lost: never charge it again.
      if (inserted.length !== newCharges.length) throw new Error('test provider renewals: a renewal of this period was already charged');
    }
    await applyChanges(tx, changes);
    if (events.length) await tx.insert(paymentProviderEvents).values(events).onConflictDoNothing();
    return subs.length;
  });
  if (handled > 0) notifyProviderEventProcessors();
  return handled;
}

/** Due rows of each kind through its own partial index, up to `limit` in all. */
async function claimDue(tx: Tx, now: Date, limit: number): Promise<SubscriptionRow[]> {
  const s = testProviderSubscriptions;
  const out: SubscriptionRow[] = [];
  const conditions = [
    and(eq(s.status, 'active'), sql`${s.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`),
    and(eq(s.status, 'past_due'), sql`${s.nextRetryAt} <= ${now.toISOString()}::timestamptz`),
    and(eq(s.status, 'incomplete'), sql`${s.createdAt} <= ${new Date(now.getTime() - INCOMPLETE_EXPIRY_MS).toISOString()}::timestamptz`),
  ];
  const orders = [s.currentPeriodEnd, s.nextRetryAt, s.createdAt];
  for (let i = 0; i < conditions.length && out.length < limit; i += 1) {
    out.push(...(await tx.select().from(s).where(conditions[i]).orderBy(orders[i]!).limit(limit - out.length).for('update', { skipLocked: true })));
  }
  return out;
}

/** Each customer's default card. */
async function cardsOf(tx: Tx, customerRefs: string[]): Promise<Map<string, PaymentMethodRow>> {
  if (customerRefs.length === 0) return new Map();
  const rows = await tx
    .select({ customerRef: sql<string>`c.ref`, pm: testProviderPaymentMethods })
    .from(sql`test_provider_customers c`)
    .innerJoin(testProviderPaymentMethods, sql`${testProviderPaymentMethods.ref} = c.default_payment_method_ref`)
    .where(sql`c.ref = any(${sql`array[${sql.join(customerRefs.map((r) => sql`${r}`), sql`, `)}]::text[]`})`);
  return new Map(rows.map((r) => [r.customerRef, r.pm]));
}

async function chargeAmounts(tx: Tx, refs: string[]): Promise<Map<string, number>> {
  if (refs.length === 0) return new Map();
  const rows = await tx.select({ ref: testProviderCharges.ref, amount: testProviderCharges.amount }).from(testProviderCharges).where(inArray(testProviderCharges.ref, refs));
  return new Map(rows.map((r) => [r.ref, r.amount]));
}

/** Every subscription's new state in one statement. */
async function applyChanges(tx: Tx, changes: SubChange[]): Promise<void> {
  if (changes.length === 0) return;
  const json = JSON.stringify(
    changes.map((c) => ({
      ref: c.ref,
      status: c.status,
      plan: c.plan,
      current_period_start: c.currentPeriodStart,
      current_period_end: c.currentPeriodEnd,
      discount_percent_off: c.discountPercentOff,
      discount_cycles_left: c.discountCyclesLeft,
      discount_ends_at: c.discountEndsAt,
      scheduled_plan: c.scheduledPlan,
      payment_failed_at: c.paymentFailedAt,
      failed_payment_count: c.failedPaymentCount,
      next_retry_at: c.nextRetryAt,
      latest_charge_ref: c.latestChargeRef,
      pending_charge_ref: c.pendingChargeRef,
      canceled_at: c.canceledAt,
    })),
  );
  await tx.execute(sql`
    update test_provider_subscriptions s set
      status = v.status, plan = v.plan, current_period_start = v.current_period_start, current_period_end = v.current_period_end,
      discount_percent_off = v.discount_percent_off, discount_cycles_left = v.discount_cycles_left, discount_ends_at = v.discount_ends_at,
      scheduled_plan = v.scheduled_plan, payment_failed_at = v.payment_failed_at, failed_payment_count = v.failed_payment_count,
      next_retry_at = v.next_retry_at, latest_charge_ref = v.latest_charge_ref, pending_charge_ref = v.pending_charge_ref, canceled_at = v.canceled_at
    from jsonb_to_recordset(${json}::jsonb) as v(
      ref text, status text, plan text, current_period_start timestamptz, current_period_end timestamptz,
      discount_percent_off integer, discount_cycles_left integer, discount_ends_at timestamptz, scheduled_plan text,
      payment_failed_at timestamptz, failed_payment_count integer, next_retry_at timestamptz, latest_charge_ref text,
      pending_charge_ref text, canceled_at timestamptz)
    where s.ref = v.ref`);
}

/** The test provider's billing cycle as a sweep for the worker (src/platform/jobs). */
export function testProviderRenewalSweep(opts: RenewalOptions): Sweep {
  return { name: 'test-provider-renewals', runBatch: (batchSize) => runRenewalBatch(opts, batchSize) };
}
