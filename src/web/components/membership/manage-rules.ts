import { friendOf, tierOfPlan, type CancellationDiscount, type Currency, type MembershipPlan, type MembershipTier, type PaymentMethodView } from '../../../shared/membership.js';

/**
 * What the membership pages show and offer, as pure functions of the viewer's
 * MembershipStatus (spec §3), so the rules are tested once and every page agrees.
 */

/** The GraphQL CancellationReason values (spec §3 cancellation reasons). */
export const CANCELLATION_REASON_VALUES = ['COSTS', 'CONTENT', 'TIME', 'FEATURE_USAGE', 'SWITCHING_PRODUCT', 'DUPLICATE_ACCOUNTS', 'PREMIUM_TIER', 'OTHER'] as const;
export type CancellationReasonValue = (typeof CANCELLATION_REASON_VALUES)[number];

/** What the reader reads beside each reason (the order above is the order shown; OTHER last). */
export const CANCELLATION_REASON_LABELS: Readonly<Record<CancellationReasonValue, string>> = {
  COSTS: 'It costs too much',
  CONTENT: 'I’m not finding stories I want to read',
  TIME: 'I don’t have enough time to read',
  FEATURE_USAGE: 'I don’t use the member features',
  SWITCHING_PRODUCT: 'I’m switching to another service',
  DUPLICATE_ACCOUNTS: 'I have more than one account',
  PREMIUM_TIER: 'The Friend tier isn’t worth it to me',
  OTHER: 'Something else',
};

export const isCancellationReason = (value: string): value is CancellationReasonValue => (CANCELLATION_REASON_VALUES as readonly string[]).includes(value);

/** Percent off of a cancellation discount. */
export const discountPercent = (discount: CancellationDiscount): number => (discount === 'FIFTY_PERCENT_OFF_ONE_YEAR' ? 50 : discount === 'TWENTY_PERCENT_OFF_ONE_YEAR' ? 20 : 0);

/** A price in cents with a cancellation discount taken off (rounded to the cent). */
export const discountedAmount = (amount: number, discount: CancellationDiscount): number => Math.round((amount * (100 - discountPercent(discount))) / 100);

export const isMembershipPlan = (value: string | undefined): value is MembershipPlan =>
  value === 'MONTHLY' || value === 'YEARLY' || value === 'PREMIUM_MONTHLY' || value === 'PREMIUM_YEARLY';

/** '/month' or '/year'. */
export const perPeriod = (plan: MembershipPlan): string => (plan === 'YEARLY' || plan === 'PREMIUM_YEARLY' ? '/year' : '/month');
export const billingPeriodWord = (plan: MembershipPlan): string => (plan === 'YEARLY' || plan === 'PREMIUM_YEARLY' ? 'Yearly' : 'Monthly');

/** 'Member' or 'Friend of {SITE_NAME}'. */
export const tierLabel = (tier: MembershipTier | 'MEMBER' | 'FRIEND', siteName: string): string => (tier === 'FRIEND' ? friendOf(siteName) : tier === 'MEMBER' ? 'Member' : 'Free');

/** 'Member, monthly' / 'Friend of Inkwell, yearly'. */
export const planLabel = (plan: MembershipPlan, siteName: string): string => `${tierLabel(tierOfPlan(plan), siteName)}, ${billingPeriodWord(plan).toLowerCase()}`;

/** The same billing period in the other tier: Member ↔ Friend (spec §4 plan switch). */
export function switchTargetOf(plan: MembershipPlan): MembershipPlan {
  switch (plan) {
    case 'MONTHLY':
      return 'PREMIUM_MONTHLY';
    case 'YEARLY':
      return 'PREMIUM_YEARLY';
    case 'PREMIUM_MONTHLY':
      return 'MONTHLY';
    case 'PREMIUM_YEARLY':
      return 'YEARLY';
  }
}

/** Member → Friend is an upgrade (charged now, prorated); Friend → Member a downgrade (at the period end). */
export const isUpgrade = (from: MembershipPlan, to: MembershipPlan): boolean => tierOfPlan(from) === 'MEMBER' && tierOfPlan(to) === 'FRIEND';

export interface SwitchableStatus {
  membershipType: MembershipPlan;
  switchPlanSchedule?: { startAt: number; plan: { membershipType: MembershipPlan } } | null;
}

/** Spec §4: the current plan type is the scheduled switch plan type if any, else the current type. */
export const currentPlanType = (status: SwitchableStatus): MembershipPlan => status.switchPlanSchedule?.plan.membershipType ?? status.membershipType;

export interface PaymentStatusLike {
  paymentProvider: string;
  isCancelled: boolean;
  paymentFailedAt?: number | null;
  paymentMethod?: PaymentMethodView | null;
}

const RECURRING_PROVIDERS = new Set(['BRAINTREE', 'STRIPE', 'TEST']);

/**
 * Spec §4 reactivation: provider braintree or stripe (and the built-in test provider), the
 * membership cancelled, a payment method on file. The server answers canReactivate by the same
 * rule; this one lets a page decide before it asks.
 */
export const mayReactivate = (s: PaymentStatusLike): boolean => RECURRING_PROVIDERS.has(s.paymentProvider) && s.isCancelled && Boolean(s.paymentMethod);

/** Spec §4 plan switch: provider braintree or stripe (and test), payment not failed, not cancelled. */
export const maySwitchPlan = (s: PaymentStatusLike): boolean => RECURRING_PROVIDERS.has(s.paymentProvider) && !s.paymentFailedAt && !s.isCancelled;

/** Money in the shape the pages read from GraphQL. */
export interface MoneyView {
  amount: number;
  currency: Currency;
}
