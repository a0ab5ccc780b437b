/**
 * The membership tests' world: the real app on a manual clock, its built-in test provider on
 * the same clock, and the provider's events applied the way the worker applies them.
 */
import { manualClock, type ManualClock } from '../../src/platform/clock.js';
import type { Db } from '../../src/platform/db/client.js';
import { runRenewalBatch } from '../../src/modules/payments/test-provider/renewals.js';
import { getPaymentProvider, processProviderEvents } from '../../src/modules/payments/index.js';
import type { PaymentProvider } from '../../src/modules/payments/provider.js';
import { membershipEnv } from '../../src/modules/membership/env.js';
import { useMembershipDeps } from '../../src/modules/membership/services.js';
import { paymentEventHandlers } from '../../src/server/payment-event-handlers.js';
import type { MembershipDeps } from '../../src/modules/membership/purchase.js';
import type { TestApp } from '../support/app.js';
import type { Reader } from '../support/readers.js';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  failsCharges: '4000 0000 0000 0341',
  threeDSecure: '4000 0000 0000 3220',
} as const;

export const card = (number: string, expMonth = 8, expYear = 2029) => ({ cardNumber: number, expMonth, expYear, cvc: '123', postalCode: '94107' });

export const STATUS_FIELDS = `membershipId membershipType tier state deactivationSource startedAt currentPeriodEndsAt currency amount discountEndsAt isCancelled
  paymentProvider paymentFailedAt hasCreditCardExpired hasRecurringPaymentFailedMoreThanOnce
  paymentMethod { __typename ... on CreditCard { cardType lastFour expirationMonth expirationYear } }
  planV2 { id membershipType tier price { amount currency crossoutAmount } discount { numCycles regularPrice { amount currency } } }
  switchPlanSchedule { startAt plan { membershipType price { amount } } }
  pendingActionUrl canReactivate canSwitchPlan retentionOffer`;

const RESULT = `__typename
  ... on MembershipPurchaseSuccess { membershipStatus { ${STATUS_FIELDS} } }
  ... on MutationSuccess { success }
  ... on PaymentMethodDeclined { message code }
  ... on PaymentError { message }
  ... on BadRequest { message }
  ... on Unauthorized { message }
  ... on NotFound { message }`;

export const Q = {
  purchase: `mutation($type: MembershipPlanType!, $currency: Currency, $discount: DiscountMode, $pm: PaymentMethodInput!) {
    purchaseMembership(membershipType: $type, currency: $currency, discount: $discount, paymentMethod: $pm) { ${RESULT} } }`,
  cancel: `mutation($id: ID!, $reason: CancellationReason!, $comment: String) { cancelMembership(membershipId: $id, reason: $reason, comment: $comment) { ${RESULT} } }`,
  accept: `mutation($id: ID!, $discount: CancellationDiscount!) { acceptMembershipRetentionOffer(membershipId: $id, discount: $discount) { ${RESULT} } }`,
  uncancel: `mutation UncancelMembership($id: ID!) { UncancelMembership(membershipId: $id) { ${RESULT} } }`,
  switchPlan: `mutation($id: ID!, $type: MembershipPlanType!) { updateMembershipPlan(membershipId: $id, membershipType: $type) { ${RESULT} } }`,
  updateCard: `mutation($pm: PaymentMethodInput!) { updatePaymentMethod(paymentMethod: $pm) { ${RESULT} } }`,
  deactivate: `mutation($userId: ID!) { deactivateMembership(userId: $userId) { ${RESULT} } }`,
  status: `query { viewer { id hasPastMemberships membership { tier memberSince friendSince } membershipStatus { ${STATUS_FIELDS} } } }`,
  statusOf: `query($id: ID) { userResult(id: $id) { ... on User { hasPastMemberships membershipStatus { membershipId } } } }`,
  preview: `query($type: MembershipPlanType!) { membershipPlanChangePreview(membershipType: $type) { amount currency } }`,
  billing: `query($limit: Int, $next: String) { billingHistory(limit: $limit, next: $next) { id type amount { amount currency } status createdAt description refundedAmount paymentMethod { __typename ... on CreditCard { lastFour } } } }`,
  charge: `query($id: ID!) { charge(id: $id) { id amount { amount } } }`,
  plans: `query($currency: Currency, $discount: DiscountMode) { membershipPlans(currency: $currency, discount: $discount) { id membershipType tier price { amount currency crossoutAmount } discount { numCycles regularPrice { amount } } } paymentProviderInfo { id testMode publishableKey } }`,
};

export interface MembershipWorld {
  clock: ManualClock;
  provider: PaymentProvider;
  deps: MembershipDeps;
  /** Applies the provider's pending events as the worker does. */
  applyEvents(): Promise<void>;
  /** Moves the clock to `date` and runs what the worker would have by then: the provider's renewals and retries, then its events. */
  advanceTo(date: Date): Promise<void>;
  advance(ms: number): Promise<void>;
}

export function membershipWorld(t: TestApp, start = new Date('2026-01-10T12:00:00Z')): MembershipWorld {
  const clock = manualClock(start);
  const db = t.database.db;
  const provider = getPaymentProvider(t.config, { db, clock });
  const env = membershipEnv(t.config, clock);
  const deps: MembershipDeps = { db, provider, env };
  useMembershipDeps(deps);
  const handlers = paymentEventHandlers({ env });
  const applyEvents = async () => {
    for (;;) {
      const result = await processProviderEvents(db, { provider, handlers, clock, limit: 100 });
      if (result.failed > 0) throw new Error(`provider events failed: ${result.errors.map((e) => String(e.error)).join('; ')}`);
      if (result.processed === 0) return;
    }
  };
  const runWorker = async () => {
    await applyEvents();
    await runProviderSweeps(db, clock);
    await applyEvents();
  };
  return {
    clock,
    provider,
    deps,
    applyEvents,
    async advanceTo(date) {
      clock.set(date);
      await runWorker();
    },
    async advance(ms) {
      clock.advance(ms);
      await runWorker();
    },
  };
}

/** The test provider's renewal and retry sweeps, as the worker runs them. */
async function runProviderSweeps(db: Db, clock: ManualClock): Promise<void> {
  while ((await runRenewalBatch({ db, clock }, 100)) > 0);
}

/** Buys `type` for the reader with the card and answers the mutation's result. */
export async function buy(reader: Reader, type = 'MONTHLY', number: string = CARDS.visa, extra: Record<string, unknown> = {}) {
  return (await reader.browser.gql(Q.purchase, { type, pm: card(number), ...extra })).data.purchaseMembership;
}
