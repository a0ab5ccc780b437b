/**
 * Buying a membership: one customer per reader at the provider, the card attached, the
 * subscription created (its first period charged at once), then the subscription's state
 * recorded by applySubscriptionSnapshot and its first charge put in the ledger.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { chargeTypeOfPlan, planPrice, UNAVAILABLE_PRICE_MESSAGE, type Currency, type DiscountMode, type MembershipPlan } from '../../shared/membership.js';
import { users } from '../accounts/tables.js';
import { syncCharge } from '../payments/index.js';
import type { PaymentProvider } from '../payments/provider.js';
import { applySubscriptionSnapshot, type MembershipRow } from './apply-snapshot.js';
import type { MembershipEnv } from './env.js';
import { checkoutDiscount } from './plans.js';
import { badRequest, failureResult, MEMBERSHIP_MESSAGES, toProviderMethod, type MembershipResult, type PaymentMethodFields } from './results.js';
import { memberships, paymentCustomers } from './tables.js';

export interface MembershipDeps {
  db: Db;
  provider: PaymentProvider;
  env: MembershipEnv;
}

/** The reader's live membership (at most one), if any. */
export async function liveMembership(db: Db, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.state, 'INACTIVE')));
  return row;
}

/**
 * The reader's customer at the provider, made on their first purchase and kept. The provider
 * call's idempotency key is the reader's id, so two first purchases at once get one customer.
 */
export async function ensureCustomer(deps: MembershipDeps, userId: string): Promise<string> {
  const { db, provider } = deps;
  const byUser = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.id));
  const [known] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(byUser);
  if (known) return known.ref;
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`ensureCustomer: no user ${userId}`);
  const { ref } = await provider.createCustomer({ userId, email: user.email, name: user.name }, `customer:${userId}`);
  await db.insert(paymentCustomers).values({ userId, provider: provider.id, customerRef: ref }).onConflictDoNothing();
  const [stored] = await db.select({ ref: paymentCustomers.customerRef }).from(paymentCustomers).where(byUser);
  return stored!.ref;
}

/**
 * Runs `work` while holding the reader's payment lock (a transaction-scoped advisory lock),
 * or answers 'busy' at once: a double-clicked Pay must not create two subscriptions. The
 * work itself uses other connections; the lock only marks the reader as busy.
 */
export async function withPaymentLock(db: Db, userId: string, work: () => Promise<MembershipResult>): Promise<MembershipResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${'membership-payment:' + userId})) as got`);
    if (!rows[0]?.got) return badRequest(MEMBERSHIP_MESSAGES.busy);
    return work();
  });
}

export interface PurchaseInput {
  plan: MembershipPlan;
  currency: Currency;
  discount: DiscountMode;
  paymentMethod: PaymentMethodFields;
}

/**
 * A reader buys a plan. A declined card or failed first payment charges nothing for good and
 * leaves no membership (the reader sees why beside the form); a card that asks for 3-D Secure
 * leaves a PENDING_ACTION membership whose pendingActionUrl the reader confirms it at.
 */
export async function purchaseMembership(deps: MembershipDeps, userId: string, input: PurchaseInput): Promise<MembershipResult> {
  const { db, provider, env } = deps;
  let discount: { percentOff: number; cycles: number } | null;
  try {
    planPrice(input.plan, input.currency, input.discount);
    discount = checkoutDiscount(input.plan, input.discount);
  } catch {
    return badRequest(UNAVAILABLE_PRICE_MESSAGE);
  }
  const method = toProviderMethod(input.paymentMethod);
  if (!method) return badRequest(MEMBERSHIP_MESSAGES.cardDetails);

  return withPaymentLock(db, userId, async () => {
    const live = await liveMembership(db, userId);
    if (live && live.state !== 'PENDING_ACTION') return badRequest(MEMBERSHIP_MESSAGES.alreadyMember);
    const attempt = newId();
    const customerRef = await ensureCustomer(deps, userId);
    const attached = await provider.attachPaymentMethod(customerRef, method, `attach:${userId}:${attempt}`);
    if (!attached.ok) return failureResult(attached.failure);
    const created = await provider.createSubscription(
      { customerRef, plan: input.plan, currency: input.currency, discount, metadata: { userId, chargeType: chargeTypeOfPlan(input.plan) } },
      `subscribe:${userId}:${attempt}`,
    );
    if (!created.ok) return failureResult(created.failure);
    const snapshot = created.value;
    if (snapshot.latestChargeRef) await syncCharge(db, provider, snapshot.latestChargeRef);

    if (snapshot.status === 'incomplete' && !snapshot.pendingAction) {
      // The first payment failed outright: end the subscription so nothing is retried later.
      const charge = snapshot.latestChargeRef ? await provider.getCharge(snapshot.latestChargeRef) : null;
      await provider.cancelNow(snapshot.ref);
      return failureResult(charge?.failure ?? { kind: 'declined', code: 'card_declined', message: MEMBERSHIP_MESSAGES.firstPaymentFailed });
    }
    // An earlier purchase left waiting for 3-D Secure is replaced by this one.
    if (live?.subscriptionRef && live.provider === provider.id && live.subscriptionRef !== snapshot.ref) await provider.cancelNow(live.subscriptionRef);
    const row = await applySubscriptionSnapshot(db, provider, snapshot, env);
    if (!row) throw new Error('purchaseMembership: the new subscription names no reader');
    return { kind: 'membership', membership: row };
  });
}
