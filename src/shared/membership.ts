/**
 * Membership terms shared by server and browser (spec §3 enumerations, §4 rules, §9 prices,
 * money formatting, payment text, card labels and dismissal durations). Money is always integer
 * cents with a currency; dollars exist only in what is shown.
 */

/** Spec §3 membership tier. */
export type MembershipTier = 'FREE' | 'MEMBER' | 'FRIEND';
/** Spec §3 membership plan. MONTHLY/YEARLY are the Member tier, PREMIUM_* the Friend tier. */
export type MembershipPlan = 'MONTHLY' | 'YEARLY' | 'PREMIUM_MONTHLY' | 'PREMIUM_YEARLY';
export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = ['MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY'];
/** Spec §4 membership state. */
export type MembershipState = 'ACTIVE' | 'INACTIVE' | 'PENDING_ACTION' | 'SUSPENDED' | 'UNKNOWN';
/** Spec §4 deactivation source. */
export type DeactivationSource = 'admin' | 'delinquency' | 'user';
/** Spec §3 currencies. */
export type Currency = 'USD' | 'CAD';
export const CURRENCIES: readonly Currency[] = ['USD', 'CAD'];
/** Spec §3 payment providers, plus TEST: the built-in test provider of a fresh install. */
export type PaymentProviderName = 'APPLE' | 'BRAINTREE' | 'GOOGLE' | 'GIFT' | 'PAYPAL' | 'STRIPE' | 'TEST';
/** Spec §3 charge types (ChargeV2). */
export type ChargeType = 'annual' | 'monthly' | 'premium' | 'gift' | 'group gift' | 'custom domain';
/** Spec §3 card brands. */
export type CardBrand = 'amex' | 'diners club' | 'discover' | 'jcb' | 'mastercard' | 'visa';
/** Spec §3 cancellation reasons. */
export const CANCELLATION_REASONS = ['content', 'costs', 'duplicate accounts', 'feature usage', 'other', 'premium tier', 'switching product', 'time'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
/** Spec §3 cancellation discounts: 20% or 50% off one year, or none. */
export type CancellationDiscount = 'TWENTY_PERCENT_OFF_ONE_YEAR' | 'FIFTY_PERCENT_OFF_ONE_YEAR' | 'NONE';
/** Spec §9 discount modes. */
export type DiscountMode = 'NONE' | 'FIFTY_PERCENT_OFF_ONE_YEAR';
/** Spec §9 gift types and their prices in dollars. */
export type GiftType = 'gift' | 'group-gift';
/** Spec §4 gift code status, checked in this order. */
export type GiftCodeStatus = 'VALID' | 'ALREADY_USED' | 'EXPIRED' | 'NOT_FOUND' | 'NOT_REDEEMABLE_BY_PAST_MEMBERS';

export interface Money {
  /** Integer cents. */
  amount: number;
  currency: Currency;
  /** The struck-out price beside it, in cents, when there is one (spec §3 Money.crossoutAmount). */
  crossoutAmount?: number | null;
}

export const tierOfPlan = (plan: MembershipPlan): 'MEMBER' | 'FRIEND' => (plan === 'PREMIUM_MONTHLY' || plan === 'PREMIUM_YEARLY' ? 'FRIEND' : 'MEMBER');
export const isYearly = (plan: MembershipPlan): boolean => plan === 'YEARLY' || plan === 'PREMIUM_YEARLY';
/** Spec §3 charge type of a plan's charge. */
export const chargeTypeOfPlan = (plan: MembershipPlan): ChargeType => (tierOfPlan(plan) === 'FRIEND' ? 'premium' : isYearly(plan) ? 'annual' : 'monthly');

const dollars = (n: number) => Math.round(n * 100);

/**
 * Spec §9 prices in cents. The same figures are charged in CAD (the spec gives one price list;
 * a Canadian reader pays the same number in their currency, as Medium's CAD prices do).
 */
export const PLAN_PRICES: Readonly<Record<MembershipPlan, { amount: number; crossoutAmount: number | null }>> = {
  MONTHLY: { amount: dollars(5), crossoutAmount: null },
  YEARLY: { amount: dollars(50), crossoutAmount: dollars(60) },
  PREMIUM_MONTHLY: { amount: dollars(15), crossoutAmount: null },
  PREMIUM_YEARLY: { amount: dollars(150), crossoutAmount: dollars(180) },
};

/** Spec §9: yearly price saved 10; first-year half-off 25 (crossout 50, saved 25); staff yearly 1 (saved 49). */
export const PRICE_FIGURES = {
  yearlySaved: dollars(10),
  firstYearHalfOff: dollars(25),
  firstYearHalfOffCrossout: dollars(50),
  firstYearHalfOffSaved: dollars(25),
  staffYearly: dollars(1),
  staffSaved: dollars(49),
} as const;

/** Spec §9 gift prices: gift 29, group gift 31 (per code). */
export const GIFT_PRICES: Readonly<Record<GiftType, number>> = { gift: dollars(29), 'group-gift': dollars(31) };

export const UNAVAILABLE_PRICE_MESSAGE = 'Unavailable membership price';

/** Spec §5: a price lookup for an unknown plan throws 'Unavailable membership price'. */
export function planPrice(plan: string, currency: Currency = 'USD', discount: DiscountMode = 'NONE'): Money {
  const entry = (PLAN_PRICES as Record<string, { amount: number; crossoutAmount: number | null } | undefined>)[plan];
  if (!entry || !CURRENCIES.includes(currency)) throw new Error(UNAVAILABLE_PRICE_MESSAGE);
  if (discount === 'FIFTY_PERCENT_OFF_ONE_YEAR') {
    if (plan !== 'YEARLY') throw new Error(UNAVAILABLE_PRICE_MESSAGE);
    return { amount: PRICE_FIGURES.firstYearHalfOff, currency, crossoutAmount: PRICE_FIGURES.firstYearHalfOffCrossout };
  }
  return { amount: entry.amount, currency, crossoutAmount: entry.crossoutAmount };
}

/** Spec §9: the upsell's weekly figure is the yearly price divided by 52, in cents, rounded to the cent. */
export const weeklyPriceOf = (yearly: Money): Money => ({ amount: Math.round(yearly.amount / 52), currency: yearly.currency });

/**
 * Spec §9 money formatting: cents / 100, 0 to 2 fraction digits ('$5', '$0.96', '$49.50': none for
 * whole dollars, else both, since '$49.5' reads as a mistake), narrow symbol.
 * `fixed` gives always 2 decimals ('$5.00'), as receipts show.
 */
export function formatMoney(money: Pick<Money, 'amount' | 'currency'>, options: { fixed?: boolean } = {}): string {
  const value = money.amount / 100;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: options.fixed || money.amount % 100 !== 0 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Spec §9: some amounts are rounded up to a quarter (cents). */
export const roundUpToQuarter = (cents: number): number => Math.ceil(cents / 25) * 25;

/** Spec §9 card labels. */
export function cardLabel(brand: string | null | undefined): string {
  switch (brand) {
    case 'visa':
      return 'Visa';
    case 'mastercard':
      return 'Mastercard';
    case 'amex':
      return 'Amex';
    case 'jcb':
      return 'JCB';
    case 'discover':
      return 'Discover';
    case 'diners club':
      return 'Diners club';
    default:
      return 'Card';
  }
}

export type PaymentMethodView =
  | { __typename: 'CreditCard'; cardType: string; lastFour: string; expirationMonth: number; expirationYear: number }
  | { __typename: 'ApplePay' }
  | { __typename: 'GooglePay' }
  | { __typename: 'PayPal' };

/** Whether a card has passed its expiry month at `now` (a card is good through its last day). */
export function hasCardExpired(card: { expirationMonth: number; expirationYear: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return card.expirationYear < y || (card.expirationYear === y && card.expirationMonth < m);
}

/** Spec §9 payment text: 'Visa ending in 4242 (Expires 08/2029)', 'Paid via Apple pay'. */
export function paymentText(method: PaymentMethodView, now: Date): string {
  switch (method.__typename) {
    case 'CreditCard': {
      const mm = String(method.expirationMonth).padStart(2, '0');
      const word = hasCardExpired(method, now) ? 'Expired' : 'Expires';
      return `${cardLabel(method.cardType)} ending in ${method.lastFour} (${word} ${mm}/${method.expirationYear})`;
    }
    case 'ApplePay':
      return 'Paid via Apple pay';
    case 'GooglePay':
      return 'Paid via Google pay';
    case 'PayPal':
      return 'Paid via PayPal';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9 dismissal durations (ms); the gift banner's dismissal is permanent. */
export const DISMISSAL_MS = {
  joinMembership: 90 * DAY_MS,
  reactivate: 14 * DAY_MS,
  paymentThreshold: 7 * DAY_MS,
  friendUpsell: 180 * DAY_MS,
} as const;

/** 'Friend of {SITE_NAME}' (spec §2.5 Friend popover; the brand comes from config). */
export const friendOf = (siteName: string): string => `Friend of ${siteName}`;
