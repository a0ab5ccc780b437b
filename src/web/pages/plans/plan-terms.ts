import { formatMoney, friendOf, isYearly, MEMBERSHIP_PLANS, tierOfPlan, weeklyPriceOf, type Currency, type MembershipPlan, type Money } from '../../../shared/membership.js';

/**
 * What the plans pages say about a plan, from the plans the server offers (spec §9 prices,
 * crossouts and the weekly upsell figure). Pure, so the pages and their tests agree.
 */

export type Billing = 'monthly' | 'yearly';

export interface PlanView {
  id: string;
  membershipType: MembershipPlan;
  tier: 'MEMBER' | 'FRIEND';
  price: Money;
  discount: { numCycles: number; regularPrice: Money } | null;
}

export interface ViewerMembershipView {
  membershipId: string;
  membershipType: MembershipPlan;
  tier: 'FREE' | 'MEMBER' | 'FRIEND';
  state: 'ACTIVE' | 'INACTIVE' | 'PENDING_ACTION' | 'SUSPENDED' | 'UNKNOWN';
  isCancelled: boolean;
  currency: Currency;
  amount: number;
  startedAt: number;
  currentPeriodEndsAt: number;
  pendingActionUrl: string | null;
}

/** Spec §3 currencies: a reader in Canada pays in CAD, everyone else in USD. */
export const currencyOfCountry = (country: string | null | undefined): Currency => (country?.toUpperCase() === 'CA' ? 'CAD' : 'USD');

/** The plan of a tier and billing period. */
export const planOf = (tier: 'MEMBER' | 'FRIEND', billing: Billing): MembershipPlan =>
  tier === 'FRIEND' ? (billing === 'yearly' ? 'PREMIUM_YEARLY' : 'PREMIUM_MONTHLY') : billing === 'yearly' ? 'YEARLY' : 'MONTHLY';

export const billingOf = (plan: MembershipPlan): Billing => (isYearly(plan) ? 'yearly' : 'monthly');

/** A plan's name in URLs (/plans/confirmation/yearly, /plans?plan=premium_monthly). */
export const planSlug = (plan: MembershipPlan): string => plan.toLowerCase();

/**
 * The plan a URL names, written in any case, with '-' or '_'; null for anything else (the page
 * then says 'Unavailable membership price', spec §5).
 */
export function planFromSlug(slug: string | null | undefined): MembershipPlan | null {
  if (!slug) return null;
  const name = slug.trim().toUpperCase().replace(/-/g, '_');
  return (MEMBERSHIP_PLANS as readonly string[]).includes(name) ? (name as MembershipPlan) : null;
}

/** 'Member' or 'Friend of {site}' with the billing period: 'Member, yearly'. */
export function planTitle(plan: MembershipPlan, siteName: string): string {
  const tier = tierOfPlan(plan) === 'FRIEND' ? friendOf(siteName) : 'Member';
  return `${tier}, ${isYearly(plan) ? 'yearly' : 'monthly'}`;
}

/** '$5/month', '$50/year'. */
export const priceLabel = (plan: MembershipPlan, price: Pick<Money, 'amount' | 'currency'>): string => `${formatMoney(price)}/${isYearly(plan) ? 'year' : 'month'}`;

/** What a yearly plan saves against its struck-out price ('save $10'); null without a crossout. */
export function savings(price: Money): Money | null {
  if (price.crossoutAmount == null || price.crossoutAmount <= price.amount) return null;
  return { amount: price.crossoutAmount - price.amount, currency: price.currency };
}

/**
 * Spec §9 upsell: the yearly price over 52 weeks. `exact` is the figure ('$0.96/week'), `under`
 * the round amount it stays below ('less than $1/week').
 */
export function weeklyFigures(yearly: Money): { exact: string; under: string } {
  const weekly = weeklyPriceOf(yearly);
  const ceilingDollars = Math.floor(weekly.amount / 100) + 1;
  return { exact: `${formatMoney(weekly)}/week`, under: `less than ${formatMoney({ amount: ceilingDollars * 100, currency: yearly.currency })}/week` };
}

/** The plans in the reader's currency, by type. */
export function plansByType(plans: readonly PlanView[] | null | undefined): Partial<Record<MembershipPlan, PlanView>> {
  const out: Partial<Record<MembershipPlan, PlanView>> = {};
  for (const p of plans ?? []) out[p.membershipType] = p;
  return out;
}

/**
 * A membership that already gives access or is about to (paid, being confirmed, suspended by
 * staff): the reader manages it rather than buying a second one. An INACTIVE one has ended.
 */
export const isLiveMembership = (m: ViewerMembershipView | null | undefined): m is ViewerMembershipView => m != null && m.state !== 'INACTIVE' && m.state !== 'UNKNOWN';

/**
 * A membership the reader manages instead of buying: one waiting for 3-D Secure is not yet one
 * (buying again, with another card, replaces it).
 */
export const hasMembershipToManage = (m: ViewerMembershipView | null | undefined): boolean => isLiveMembership(m) && m.state !== 'PENDING_ACTION';

/** What each tier gives, in the product's words. */
export function tierBenefits(tier: 'MEMBER' | 'FRIEND', siteName: string): string[] {
  if (tier === 'FRIEND') {
    return [
      'Everything members get',
      'More of your fee goes to the writers you read',
      `The ${friendOf(siteName)} badge beside your name`,
      `Help keep ${siteName} independent and free of ads`,
    ];
  }
  return [
    'Read every member-only story, without limits',
    'Support the writers you read: your fee is shared among them by your reading time',
    'A member badge and your member-since date',
    'Cancel any time; you keep access to the end of the period you paid for',
  ];
}
