import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db/client.js';
import { isYearly, planPrice, type Currency, type MembershipPlan, type Money } from '../../../shared/membership.js';
import { notifyProviderEventProcessors } from '../inbox.js';
import type { ChargeSnapshot, Outcome, PaymentFailure, PaymentMethodInput, PaymentProvider, StoredPaymentMethod, SubscriptionSnapshot } from '../provider.js';
import { checkCard } from './cards.js';
import { makeCharge, subscriptionChargeDescription, subscriptionChargeMetadata } from './charges.js';
import { discounted, periodEnd, periodEndAfter, prorationAmount } from './periods.js';
import { cardOf, chargeSnapshot, defaultPaymentMethod, emit, idempotent, loadSubscription, newRef, subscriptionSnapshot, type Tx } from './store.js';
import { testProviderCharges, testProviderCustomers, testProviderPaymentMethods, testProviderSubscriptions } from './tables.js';

const error = (code: string, message: string): PaymentFailure => ({ kind: 'error', code, message });

export const TEST_PROVIDER_MESSAGES = {
  noCustomer: 'No such customer.',
  noSubscription: 'No such subscription.',
  noCard: 'Add a card before paying.',
  tokenUnsupported: 'The test provider takes the card fields, not a token.',
  notActive: 'This subscription cannot be changed now: it is not active.',
  samePlan: 'This subscription is already on that plan.',
  refundTooLarge: 'The refund is larger than what is left of the charge.',
} as const;

export interface TestProviderDeps {
  db: Db;
  clock: Clock;
}

/**
 * The built-in payment provider of a fresh install: a provider's side of the world kept in
 * the site's own database (test_provider_* tables), on the injected clock, with Stripe's
 * test cards (cards.ts). Every change writes its ProviderEvent in its own transaction, and
 * this process's inbox processors are woken once it commits.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = 'TEST' as const;
  readonly testMode = true;
  constructor(private readonly deps: TestProviderDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** A write that may have recorded events: the inbox hears of it once it commits. */
  private async write<T>(fn: () => Promise<T>): Promise<T> {
    const result = await fn();
    notifyProviderEventProcessors();
    return result;
  }

  async createCustomer(input: { userId: string; email: string | null; name: string }, idempotencyKey: string): Promise<{ ref: string }> {
    const at = this.now();
    return idempotent(this.deps.db, 'createCustomer', idempotencyKey, at, async (tx) => {
      const ref = newRef('cus');
      await tx.insert(testProviderCustomers).values({ ref, userId: input.userId, email: input.email, name: input.name, createdAt: at });
      return { ref };
    });
  }

  async attachPaymentMethod(customerRef: string, input: PaymentMethodInput, idempotencyKey: string): Promise<Outcome<StoredPaymentMethod>> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'attachPaymentMethod', idempotencyKey, at, async (tx): Promise<Outcome<StoredPaymentMethod>> => {
        if (input.kind !== 'card') return { ok: false, failure: error('token_unsupported', TEST_PROVIDER_MESSAGES.tokenUnsupported) };
        const [customer] = await tx.select({ ref: testProviderCustomers.ref }).from(testProviderCustomers).where(eq(testProviderCustomers.ref, customerRef)).for('update');
        if (!customer) return { ok: false, failure: error('resource_missing', TEST_PROVIDER_MESSAGES.noCustomer) };
        const checked = checkCard(input, at);
        if (!checked.ok) return { ok: false, failure: checked.failure };
        const ref = newRef('pm');
        await tx.insert(testProviderPaymentMethods).values({ ref, customerRef, ...checked.card, createdAt: at });
        await tx.update(testProviderCustomers).set({ defaultPaymentMethodRef: ref }).where(eq(testProviderCustomers.ref, customerRef));
        // The customer's subscriptions now pay with it: their snapshots changed.
        const subs = await tx
          .select({ ref: testProviderSubscriptions.ref })
          .from(testProviderSubscriptions)
          .where(and(eq(testProviderSubscriptions.customerRef, customerRef), ne(testProviderSubscriptions.status, 'canceled')));
        for (const s of subs) await emit(tx, 'subscription.updated', s.ref, at);
        return { ok: true, value: { ref, card: cardOf(checked.card) } };
      }),
    );
  }

  async createSubscription(
    input: { customerRef: string; plan: MembershipPlan; currency: Currency; discount?: { percentOff: number; cycles: number } | null; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<Outcome<SubscriptionSnapshot>> {
    const at = this.now();
    const regular = planPrice(input.plan, input.currency);
    return this.write(() =>
      idempotent(this.deps.db, 'createSubscription', idempotencyKey, at, async (tx): Promise<Outcome<SubscriptionSnapshot>> => {
        const [customer] = await tx.select().from(testProviderCustomers).where(eq(testProviderCustomers.ref, input.customerRef)).for('update');
        if (!customer) return { ok: false, failure: error('resource_missing', TEST_PROVIDER_MESSAGES.noCustomer) };
        const pm = await defaultPaymentMethod(tx, customer.ref);
        if (!pm) return { ok: false, failure: error('no_payment_method', TEST_PROVIDER_MESSAGES.noCard) };
        const ref = newRef('sub');
        const discount = input.discount && input.discount.cycles > 0 ? input.discount : null;
        const end = periodEnd(at, input.plan, at.getUTCDate());
        const base = { plan: input.plan, metadata: input.metadata };
        const { row: charge, failure } = await makeCharge(tx, at, {
          customerRef: customer.ref,
          pm,
          amount: { amount: discounted(regular.amount, discount?.percentOff ?? null), currency: input.currency },
          description: subscriptionChargeDescription(base),
          metadata: subscriptionChargeMetadata(base),
          subscriptionRef: ref,
          renewalKey: `${at.toISOString()}#0`,
          onSession: true,
        });
        // A first payment that fails makes no subscription (the charge stays, failed, for the record).
        if (failure) return { ok: false, failure };
        const pending = charge.status === 'pending';
        const [sub] = await tx
          .insert(testProviderSubscriptions)
          .values({
            ref,
            customerRef: customer.ref,
            status: pending ? 'incomplete' : 'active',
            plan: input.plan,
            currency: input.currency,
            anchorDay: at.getUTCDate(),
            currentPeriodStart: at,
            currentPeriodEnd: end,
            discountPercentOff: discount?.percentOff ?? null,
            // The first charge was the first discounted cycle.
            discountCyclesLeft: discount ? discount.cycles - 1 : 0,
            discountEndsAt: discount ? periodEndAfter(end, input.plan, at.getUTCDate(), discount.cycles - 1) : null,
            latestChargeRef: pending ? null : charge.ref,
            pendingChargeRef: pending ? charge.ref : null,
            metadata: input.metadata,
            createdAt: at,
          })
          .returning();
        await emit(tx, 'subscription.updated', ref, at);
        return { ok: true, value: subscriptionSnapshot(sub!, pm) };
      }),
    );
  }

  async getSubscription(ref: string): Promise<SubscriptionSnapshot | null> {
    const found = await loadSubscription(this.deps.db, ref);
    return found ? subscriptionSnapshot(found.sub, found.pm) : null;
  }

  async getSubscriptions(refs: string[]): Promise<SubscriptionSnapshot[]> {
    if (refs.length === 0) return [];
    const rows = await this.deps.db
      .select({ sub: testProviderSubscriptions, pm: testProviderPaymentMethods })
      .from(testProviderSubscriptions)
      .leftJoin(testProviderCustomers, eq(testProviderCustomers.ref, testProviderSubscriptions.customerRef))
      .leftJoin(testProviderPaymentMethods, eq(testProviderPaymentMethods.ref, testProviderCustomers.defaultPaymentMethodRef))
      .where(inArray(testProviderSubscriptions.ref, refs));
    return rows.map((r) => subscriptionSnapshot(r.sub, r.pm));
  }

  async getCharges(refs: string[]): Promise<ChargeSnapshot[]> {
    if (refs.length === 0) return [];
    return (await this.deps.db.select().from(testProviderCharges).where(inArray(testProviderCharges.ref, refs))).map(chargeSnapshot);
  }

  async previewPlanChange(ref: string, plan: MembershipPlan): Promise<Money> {
    const found = await loadSubscription(this.deps.db, ref);
    if (!found) throw new Error(`No such subscription: ${ref}`);
    const { sub } = found;
    const amount = prorationAmount({
      from: sub.plan,
      to: plan,
      oldPrice: planPrice(sub.plan, sub.currency).amount,
      newPrice: planPrice(plan, sub.currency).amount,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      now: this.now(),
    });
    return { amount, currency: sub.currency };
  }

  async changePlan(ref: string, plan: MembershipPlan, when: 'now' | 'period_end', idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'changePlan', idempotencyKey, at, async (tx): Promise<Outcome<SubscriptionSnapshot>> => {
        const found = await loadSubscription(tx, ref, true);
        if (!found) return { ok: false, failure: error('resource_missing', `No such subscription: ${ref}`) };
        const { sub, pm } = found;
        if (sub.status !== 'active') return { ok: false, failure: error('subscription_not_active', TEST_PROVIDER_MESSAGES.notActive) };
        if (sub.plan === plan) return { ok: false, failure: error('same_plan', TEST_PROVIDER_MESSAGES.samePlan) };
        if (when === 'period_end') {
          const [updated] = await tx.update(testProviderSubscriptions).set({ scheduledPlan: plan }).where(eq(testProviderSubscriptions.ref, ref)).returning();
          await emit(tx, 'subscription.updated', ref, at);
          return { ok: true, value: subscriptionSnapshot(updated!, pm) };
        }
        const amount = prorationAmount({
          from: sub.plan,
          to: plan,
          oldPrice: planPrice(sub.plan, sub.currency).amount,
          newPrice: planPrice(plan, sub.currency).amount,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          now: at,
        });
        const changed = { plan, metadata: sub.metadata };
        let latestChargeRef = sub.latestChargeRef;
        if (amount > 0) {
          // The reader is switching from the page, but a proration cannot wait for a 3-D Secure check.
          const { row, failure } = await makeCharge(tx, at, {
            customerRef: sub.customerRef,
            pm,
            amount: { amount, currency: sub.currency },
            description: `${subscriptionChargeDescription(changed)} (prorated)`,
            metadata: subscriptionChargeMetadata(changed),
            subscriptionRef: ref,
            onSession: false,
          });
          if (failure) return { ok: false, failure };
          latestChargeRef = row.ref;
        }
        // Another billing interval starts a new period today; the same keeps the period.
        const newPeriod = isYearly(sub.plan) !== isYearly(plan);
        const [updated] = await tx
          .update(testProviderSubscriptions)
          .set({
            plan,
            scheduledPlan: null,
            latestChargeRef,
            ...(newPeriod ? { currentPeriodStart: at, currentPeriodEnd: periodEnd(at, plan, at.getUTCDate()), anchorDay: at.getUTCDate() } : {}),
          })
          .where(eq(testProviderSubscriptions.ref, ref))
          .returning();
        await emit(tx, 'subscription.updated', ref, at);
        return { ok: true, value: subscriptionSnapshot(updated!, pm) };
      }),
    );
  }

  async setCancelAtPeriodEnd(ref: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    return this.update(ref, (sub) => (sub.status === 'canceled' ? null : { cancelAtPeriodEnd: cancel }));
  }

  async applyDiscount(ref: string, discount: { percentOff: number; cycles: number }, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'applyDiscount', idempotencyKey, at, (tx) =>
        this.updateIn(tx, ref, at, (sub) => ({
          discountPercentOff: discount.percentOff,
          discountCyclesLeft: discount.cycles,
          // The next `cycles` renewals: the discount ends with the last period they pay for.
          discountEndsAt: periodEndAfter(sub.currentPeriodEnd, sub.plan, sub.anchorDay, discount.cycles),
        })),
      ),
    );
  }

  async payPastDueRenewal(ref: string, idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'payPastDueRenewal', idempotencyKey, at, async (tx): Promise<Outcome<SubscriptionSnapshot>> => {
        const found = await loadSubscription(tx, ref, true);
        if (!found) return { ok: false, failure: error('resource_missing', TEST_PROVIDER_MESSAGES.noSubscription) };
        const { sub, pm } = found;
        if (sub.status !== 'past_due') return { ok: true, value: subscriptionSnapshot(sub, pm) };
        const [owed] = sub.latestChargeRef ? await tx.select({ amount: testProviderCharges.amount }).from(testProviderCharges).where(eq(testProviderCharges.ref, sub.latestChargeRef)) : [];
        const amount = { amount: owed?.amount ?? planPrice(sub.plan, sub.currency).amount, currency: sub.currency };
        // Off session like the renewal it pays: a card that needs 3-D Secure fails here, as it did then.
        const { row, failure } = await makeCharge(tx, at, {
          customerRef: sub.customerRef,
          pm,
          amount,
          description: subscriptionChargeDescription(sub),
          metadata: subscriptionChargeMetadata(sub),
          subscriptionRef: sub.ref,
          onSession: false,
        });
        const set = failure
          ? { latestChargeRef: row.ref }
          : { status: 'active' as const, latestChargeRef: row.ref, paymentFailedAt: null, failedPaymentCount: 0, nextRetryAt: null };
        const [updated] = await tx.update(testProviderSubscriptions).set(set).where(eq(testProviderSubscriptions.ref, ref)).returning();
        await emit(tx, 'subscription.updated', ref, at);
        return failure ? { ok: false, failure } : { ok: true, value: subscriptionSnapshot(updated!, pm) };
      }),
    );
  }

  async cancelNow(ref: string): Promise<SubscriptionSnapshot> {
    const at = this.now();
    return this.update(ref, (sub) => (sub.status === 'canceled' ? null : { status: 'canceled', canceledAt: at, nextRetryAt: null, pendingChargeRef: null }), 'subscription.deleted');
  }

  /** A change of one subscription under its row lock, with its event; `change` null: nothing to do. */
  private update(ref: string, change: Parameters<TestPaymentProvider['updateIn']>[3], type: 'subscription.updated' | 'subscription.deleted' = 'subscription.updated'): Promise<SubscriptionSnapshot> {
    const at = this.now();
    return this.write(() => this.deps.db.transaction((tx) => this.updateIn(tx, ref, at, change, type)));
  }

  private async updateIn(
    tx: Tx,
    ref: string,
    at: Date,
    change: (sub: typeof testProviderSubscriptions.$inferSelect) => Partial<typeof testProviderSubscriptions.$inferInsert> | null,
    type: 'subscription.updated' | 'subscription.deleted' = 'subscription.updated',
  ): Promise<SubscriptionSnapshot> {
    const found = await loadSubscription(tx, ref, true);
    if (!found) throw new Error(`No such subscription: ${ref}`);
    const set = change(found.sub);
    if (!set) return subscriptionSnapshot(found.sub, found.pm);
    const [updated] = await tx.update(testProviderSubscriptions).set(set).where(eq(testProviderSubscriptions.ref, ref)).returning();
    await emit(tx, type, ref, at);
    return subscriptionSnapshot(updated!, found.pm);
  }

  async charge(input: { customerRef: string; amount: Money; description: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<Outcome<ChargeSnapshot>> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'charge', idempotencyKey, at, async (tx): Promise<Outcome<ChargeSnapshot>> => {
        if (!Number.isInteger(input.amount.amount) || input.amount.amount <= 0) return { ok: false, failure: error('invalid_amount', 'A charge is a positive whole number of cents.') };
        const [customer] = await tx.select({ ref: testProviderCustomers.ref }).from(testProviderCustomers).where(eq(testProviderCustomers.ref, input.customerRef));
        if (!customer) return { ok: false, failure: error('resource_missing', TEST_PROVIDER_MESSAGES.noCustomer) };
        const pm = await defaultPaymentMethod(tx, customer.ref);
        if (!pm) return { ok: false, failure: error('no_payment_method', TEST_PROVIDER_MESSAGES.noCard) };
        const { row, failure } = await makeCharge(tx, at, { customerRef: customer.ref, pm, amount: input.amount, description: input.description, metadata: input.metadata, onSession: false });
        return failure ? { ok: false, failure } : { ok: true, value: chargeSnapshot(row) };
      }),
    );
  }

  async getCharge(ref: string): Promise<ChargeSnapshot | null> {
    const [row] = await this.deps.db.select().from(testProviderCharges).where(eq(testProviderCharges.ref, ref));
    return row ? chargeSnapshot(row) : null;
  }

  async refund(chargeRef: string, amount: number | null, idempotencyKey: string): Promise<ChargeSnapshot> {
    const at = this.now();
    return this.write(() =>
      idempotent(this.deps.db, 'refund', idempotencyKey, at, async (tx) => {
        const [row] = await tx.select().from(testProviderCharges).where(eq(testProviderCharges.ref, chargeRef)).for('update');
        if (!row || row.status !== 'succeeded') throw new Error(`No refundable charge: ${chargeRef}`);
        const left = row.amount - row.amountRefunded;
        const value = amount ?? left;
        if (!Number.isInteger(value) || value <= 0 || value > left) throw new Error(TEST_PROVIDER_MESSAGES.refundTooLarge);
        const [updated] = await tx
          .update(testProviderCharges)
          .set({ amountRefunded: row.amountRefunded + value })
          .where(eq(testProviderCharges.ref, chargeRef))
          .returning();
        await emit(tx, 'charge.refunded', chargeRef, at);
        return chargeSnapshot(updated!);
      }),
    );
  }

  /**
   * The reader's answer on the 3-D Secure page: the pending charge succeeds and its subscription
   * starts, or the charge fails and the subscription stays incomplete with the failure noted.
   * Only the customer's own user may answer; a charge no longer pending is left as it is.
   */
  async answerAuthentication(chargeRef: string, userId: string, answer: 'complete' | 'fail'): Promise<'done' | 'not-found' | 'already-answered'> {
    const at = this.now();
    return this.write(() =>
      this.deps.db.transaction(async (tx) => {
        const [charge] = await tx.select().from(testProviderCharges).where(eq(testProviderCharges.ref, chargeRef)).for('update');
        if (!charge) return 'not-found';
        const [customer] = await tx.select().from(testProviderCustomers).where(eq(testProviderCustomers.ref, charge.customerRef));
        if (!customer || customer.userId !== userId) return 'not-found';
        if (charge.status !== 'pending') return 'already-answered';
        const ok = answer === 'complete';
        await tx
          .update(testProviderCharges)
          .set(ok ? { status: 'succeeded' } : { status: 'failed', failureCode: 'payment_intent_authentication_failure', failureMessage: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' })
          .where(eq(testProviderCharges.ref, chargeRef));
        await emit(tx, ok ? 'charge.succeeded' : 'charge.failed', chargeRef, at);
        if (charge.subscriptionRef) {
          await tx
            .update(testProviderSubscriptions)
            .set(ok ? { status: 'active', pendingChargeRef: null, latestChargeRef: chargeRef } : { pendingChargeRef: null, paymentFailedAt: at, failedPaymentCount: 1, latestChargeRef: chargeRef })
            .where(and(eq(testProviderSubscriptions.ref, charge.subscriptionRef), eq(testProviderSubscriptions.status, 'incomplete')));
          await emit(tx, 'subscription.updated', charge.subscriptionRef, at);
        }
        return 'done';
      }),
    );
  }

  /** Who may answer a charge's 3-D Secure check, and whether it still waits for one. */
  async authenticationOf(chargeRef: string): Promise<{ userId: string; pending: boolean; amount: Money; description: string } | null> {
    const [row] = await this.deps.db
      .select({ userId: testProviderCustomers.userId, status: testProviderCharges.status, amount: testProviderCharges.amount, currency: testProviderCharges.currency, description: testProviderCharges.description })
      .from(testProviderCharges)
      .innerJoin(testProviderCustomers, eq(testProviderCustomers.ref, testProviderCharges.customerRef))
      .where(eq(testProviderCharges.ref, chargeRef));
    return row ? { userId: row.userId, pending: row.status === 'pending', amount: { amount: row.amount, currency: row.currency }, description: row.description } : null;
  }
}
