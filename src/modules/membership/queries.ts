/**
 * The membership as the reader sees it (spec §3 MembershipStatus) and their history.
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { hasCardExpired, type CancellationDiscount, type PaymentMethodView } from '../../shared/membership.js';
import type { MembershipRow } from './apply-snapshot.js';
import { planId, planView, regularAmount, type PlanView } from './plans.js';
import { canReactivate, canSwitchPlan } from './state.js';
import { memberships } from './tables.js';
import { ruleInput } from './manage.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long an ended membership still shows as the reader's (INACTIVE, with its source): long
 * enough to explain what happened and offer to rejoin; after that they are a reader again.
 */
export const RECENTLY_ENDED_MS = 30 * DAY_MS;
const AVERAGE_MONTH_MS = 30.44 * DAY_MS;

/** The reader's live membership, else the one that ended in the last 30 days; null otherwise. */
export async function viewerMembership(db: Db, userId: string, now: Date): Promise<MembershipRow | null> {
  const [live] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.state, 'INACTIVE')));
  if (live) return live;
  const [recent] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.state, 'INACTIVE'), gt(memberships.endedAt, new Date(now.getTime() - RECENTLY_ENDED_MS))))
    .orderBy(desc(memberships.endedAt))
    .limit(1);
  return recent ?? null;
}

/** Spec §3 User.hasPastMemberships: a membership of theirs has ended (gifts: NOT_REDEEMABLE_BY_PAST_MEMBERS). */
export async function hasPastMemberships(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.state, 'INACTIVE')))
    .limit(1);
  return Boolean(row);
}

export interface MembershipStatusView {
  membershipId: string;
  membershipType: MembershipRow['plan'];
  tier: MembershipRow['tier'];
  state: MembershipRow['state'];
  deactivationSource: string | null;
  startedAt: number;
  currentPeriodEndsAt: number;
  currency: MembershipRow['currency'];
  amount: number;
  discountEndsAt: number | null;
  isCancelled: boolean;
  paymentProvider: MembershipRow['provider'];
  paymentFailedAt: number | null;
  hasCreditCardExpired: boolean;
  hasRecurringPaymentFailedMoreThanOnce: boolean;
  paymentMethod: PaymentMethodView | null;
  planV2: PlanView;
  switchPlanSchedule: { startAt: number; plan: PlanView } | null;
  pendingActionUrl: string | null;
  canReactivate: boolean;
  canSwitchPlan: boolean;
  retentionOffer: CancellationDiscount | null;
}

export function membershipStatusView(m: MembershipRow, now: Date, retentionOffer: CancellationDiscount | null = null): MembershipStatusView {
  const card =
    m.cardLastFour && m.cardExpMonth && m.cardExpYear
      ? { __typename: 'CreditCard' as const, cardType: m.cardBrand ?? 'unknown', lastFour: m.cardLastFour, expirationMonth: m.cardExpMonth, expirationYear: m.cardExpYear }
      : null;
  const regular = regularAmount(m.plan);
  const discountRunning = m.discountEndsAt !== null && m.discountEndsAt > now && m.amount !== regular;
  const cyclesLeft = discountRunning ? (m.plan === 'YEARLY' || m.plan === 'PREMIUM_YEARLY' ? 1 : Math.max(1, Math.ceil((m.discountEndsAt!.getTime() - m.currentPeriodEnd.getTime()) / AVERAGE_MONTH_MS))) : 0;
  return {
    membershipId: m.id,
    membershipType: m.plan,
    tier: m.tier,
    state: m.state,
    deactivationSource: m.state === 'INACTIVE' ? m.deactivationSource : null,
    startedAt: m.startedAt.getTime(),
    currentPeriodEndsAt: m.currentPeriodEnd.getTime(),
    currency: m.currency,
    amount: m.amount,
    discountEndsAt: discountRunning ? m.discountEndsAt!.getTime() : null,
    isCancelled: m.isCancelled,
    paymentProvider: m.provider,
    paymentFailedAt: m.paymentFailedAt?.getTime() ?? null,
    hasCreditCardExpired: card ? hasCardExpired(card, now) : false,
    hasRecurringPaymentFailedMoreThanOnce: m.failedPaymentCount > 1,
    paymentMethod: card,
    planV2: {
      id: planId(m.plan, m.currency),
      membershipType: m.plan,
      tier: m.tier,
      price: { amount: m.amount, currency: m.currency, crossoutAmount: m.provider !== 'GIFT' && m.amount !== regular ? regular : null },
      discount: discountRunning ? { numCycles: cyclesLeft, regularPrice: { amount: regular, currency: m.currency } } : null,
    },
    switchPlanSchedule: m.scheduledPlan && m.scheduledPlanStartAt ? { startAt: m.scheduledPlanStartAt.getTime(), plan: planView(m.scheduledPlan, m.currency) } : null,
    pendingActionUrl: m.state === 'PENDING_ACTION' ? m.pendingActionUrl : null,
    canReactivate: canReactivate(ruleInput(m)),
    canSwitchPlan: canSwitchPlan(ruleInput(m)),
    retentionOffer,
  };
}
