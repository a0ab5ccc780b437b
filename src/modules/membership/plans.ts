/**
 * Plans as the pages show them (spec §3 MembershipPlanV2, §9 prices), when a plan switch takes
 * effect, and which retention offer meets which cancellation reason.
 */
import { MEMBERSHIP_PLANS, PLAN_PRICES, isYearly, planPrice, tierOfPlan, type CancellationDiscount, type CancellationReason, type Currency, type DiscountMode, type MembershipPlan, type Money } from '../../shared/membership.js';

export interface PlanView {
  id: string;
  membershipType: MembershipPlan;
  tier: 'MEMBER' | 'FRIEND';
  price: Money;
  discount: { numCycles: number; regularPrice: Money } | null;
}

/** Stable ids, one per plan, currency and discount: what a checkout names. */
export const planId = (plan: MembershipPlan, currency: Currency, discount: DiscountMode = 'NONE'): string =>
  discount === 'NONE' ? `${plan}_${currency}` : `${plan}_${currency}_${discount}`;

/**
 * Spec §9: every plan at its price; with the first-year half off, the yearly Member plan is
 * 25 for its first year (one cycle) and the others keep their prices (the discount is for
 * the yearly plan alone: planPrice refuses it elsewhere).
 */
export function listPlans(currency: Currency, discount: DiscountMode): PlanView[] {
  return MEMBERSHIP_PLANS.map((plan) => planView(plan, currency, discount === 'FIFTY_PERCENT_OFF_ONE_YEAR' && plan === 'YEARLY' ? discount : 'NONE'));
}

export function planView(plan: MembershipPlan, currency: Currency, discount: DiscountMode = 'NONE'): PlanView {
  const price = planPrice(plan, currency, discount);
  const regular = planPrice(plan, currency);
  return {
    id: planId(plan, currency, discount),
    membershipType: plan,
    tier: tierOfPlan(plan),
    price,
    discount: discount === 'NONE' ? null : { numCycles: 1, regularPrice: { amount: regular.amount, currency } },
  };
}

/** The discount a checkout asks the provider for (the first year half off). */
export function checkoutDiscount(plan: MembershipPlan, discount: DiscountMode): { percentOff: number; cycles: number } | null {
  if (discount !== 'FIFTY_PERCENT_OFF_ONE_YEAR') return null;
  planPrice(plan, 'USD', discount); // throws 'Unavailable membership price' for any plan but YEARLY
  return { percentOff: 50, cycles: 1 };
}

/** A price after a percent off, in cents (rounded to the cent, as providers do). */
export const discounted = (amount: number, percentOff: number | null): number => (percentOff ? Math.round((amount * (100 - percentOff)) / 100) : amount);

/** The regular price of a plan per period, in cents. */
export const regularAmount = (plan: MembershipPlan): number => PLAN_PRICES[plan].amount;

/**
 * When a switch takes effect (spec issue: upgrades now with proration, downgrades at the period
 * end as switchPlanSchedule). Member → Friend is an upgrade; so is monthly → yearly within a
 * tier (paying ahead); Friend → Member and yearly → monthly wait for the period end, so
 * nothing already paid for is taken away.
 */
export function switchTiming(from: MembershipPlan, to: MembershipPlan): 'now' | 'period_end' {
  const fromTier = tierOfPlan(from);
  const toTier = tierOfPlan(to);
  if (fromTier !== toTier) return toTier === 'FRIEND' ? 'now' : 'period_end';
  return !isYearly(from) && isYearly(to) ? 'now' : 'period_end';
}

/**
 * The retention offer a reason meets (spec §3 cancellation discounts). Cost is the reason a
 * discount answers best: half off. Readers who find too little to read or too little time
 * get a smaller nudge: 20% off. A second account, a move to another product or wanting a
 * different tier is not about price: no offer (the plan switch answers the last). One offer a
 * year: a member who took one in the last year, or whose discount still runs, gets none.
 */
export function retentionOfferFor(reason: CancellationReason, hadOfferWithinYear: boolean): CancellationDiscount {
  if (hadOfferWithinYear) return 'NONE';
  switch (reason) {
    case 'costs':
      return 'FIFTY_PERCENT_OFF_ONE_YEAR';
    case 'content':
    case 'time':
    case 'feature usage':
    case 'other':
      return 'TWENTY_PERCENT_OFF_ONE_YEAR';
    case 'duplicate accounts':
    case 'switching product':
    case 'premium tier':
      return 'NONE';
  }
}

/** The offer as the provider applies it: the percent off for one year of renewals. */
export function offerDiscount(offer: Exclude<CancellationDiscount, 'NONE'>, plan: MembershipPlan): { percentOff: number; cycles: number } {
  return { percentOff: offer === 'FIFTY_PERCENT_OFF_ONE_YEAR' ? 50 : 20, cycles: isYearly(plan) ? 1 : 12 };
}
