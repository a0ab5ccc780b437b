/**
 * Which upsell banner a reader sees at the top of a page (spec §4 "Upsell banner priority"):
 * the first that applies of join-membership, reactivate, payment-method (three variants),
 * gift and the Friend upsell. Pure: the browser gathers the facts (membership status, stored
 * dismissals, server flags, the route) and renders what this returns, so every condition and
 * boundary is tested in one table (upsell-banner.test.ts).
 */
import { formatDate } from './format.js';
import {
  DISMISSAL_MS,
  friendOf,
  formatMoney,
  hasCardExpired,
  planPrice,
  weeklyPriceOf,
  type MembershipTier,
  type PaymentMethodView,
  type PaymentProviderName,
} from './membership.js';
import { readCountNote } from './reading-count.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §4: the reactivate banner cannot be dismissed once the period ends within 4 weeks. */
export const REACTIVATE_UNDISMISSABLE_WITHIN_MS = 28 * DAY_MS;

/** Banners whose dismissal is kept in the browser (spec §9 "stored banner dismissal times"). */
export type LocalDismissal = 'joinMembership' | 'reactivate' | 'gift' | 'friendUpsell';

/**
 * Spec §4: dismissing a payment-method banner sets a server flag (User.dismissableFlags). The
 * account keeps it for the payment threshold (one week, spec §9), after which the banner may
 * show again (src/modules/accounts/dismissed-flags.ts).
 */
export const PAYMENT_BANNER_FLAGS = {
  expired: 'expired-last-week',
  willExpire: 'will-expire-last-week',
} as const;
export type PaymentBannerFlag = (typeof PAYMENT_BANNER_FLAGS)[keyof typeof PAYMENT_BANNER_FLAGS];

/** Spec §4: the payment-method banner shows only on these routes. */
export const PAYMENT_BANNER_ROUTES: ReadonlySet<string> = new Set([
  'ShowHome',
  'ShowSettings',
  'ShowSettingsTab',
  'ShowPost',
  'ShowPostUnderUser',
  'ShowPostUnderCollection',
]);

/** Spec §4: reactivation, plan switches and payment banners are for these providers (and the built-in test one). */
const RECURRING_PROVIDERS: ReadonlySet<PaymentProviderName> = new Set(['BRAINTREE', 'STRIPE', 'TEST']);

/** The parts of MembershipStatus (contract SDL) the banners read. */
export interface UpsellMembershipStatus {
  canReactivate: boolean;
  canSwitchPlan: boolean;
  hasCreditCardExpired: boolean;
  hasRecurringPaymentFailedMoreThanOnce: boolean;
  paymentFailedAt: number | null;
  currentPeriodEndsAt: number;
  isCancelled: boolean;
  paymentProvider: PaymentProviderName;
  paymentMethod: PaymentMethodView | null;
}

export interface UpsellBannerInput {
  now: number;
  siteName: string;
  /** The page's route name (spec §2.4). */
  routeName: string;
  signedIn: boolean;
  /** The page has hydrated (join and Friend upsell wait for it). */
  hydrated: boolean;
  /** Inside a native app's web view: no join or Friend upsell there. */
  nativeApp: boolean;
  /** A member-only story is on the page (its paywall does the asking). */
  lockedPost: boolean;
  /** The viewer's tier as their access stands now (User.membership.tier; FREE without one). */
  tier: MembershipTier;
  /** The viewer's own membership, null when they never paid. */
  membershipStatus: UpsellMembershipStatus | null;
  /** When each browser-kept banner was dismissed (ms). */
  dismissedAt: Partial<Record<LocalDismissal, number>>;
  /** Server flags in effect (User.dismissableFlags). */
  dismissedFlags: readonly string[];
  /** Variant flag enable_gift_banner. */
  giftBannerEnabled: boolean;
  /** Stories read this month (spec §9 reading counter), for the join banner's words. */
  storiesThisMonth: number;
}

export type UpsellBannerKind = 'joinMembership' | 'reactivate' | 'paymentMethodExpired' | 'paymentFailed' | 'paymentMethodExpiring' | 'gift' | 'friendUpsell';

export type UpsellDismissal = { store: 'local'; key: LocalDismissal } | { store: 'server'; flag: PaymentBannerFlag };

export interface UpsellBanner {
  kind: UpsellBannerKind;
  text: string;
  linkText: string;
  href: string;
  /** accent: an invitation; grey: a notice; red: something to fix now. */
  tone: 'accent' | 'grey' | 'red';
  /** How it is dismissed; null: it cannot be. */
  dismissal: UpsellDismissal | null;
  /** The analytics family of its events (spec §7: upsell.* or updatePaymentMethodBanner.*). */
  eventFamily: 'upsell' | 'updatePaymentMethodBanner';
}

export const UPSELL_LINKS = {
  plans: '/plans',
  reactivate: '/me/settings/membership#reactivateMembership',
  updatePayment: '/me/settings/payment/update',
  gift: '/gift-plans',
  manageMembership: '/manage-membership',
} as const;

const dismissedWithin = (at: number | undefined, now: number, duration: number) => at !== undefined && now - at < duration;
const endsWithin = (end: number, now: number, duration: number) => end - now <= duration;

/** Spec §4: the first banner that applies, or null. */
export function chooseUpsellBanner(input: UpsellBannerInput): UpsellBanner | null {
  if (!input.signedIn) return null;
  return joinBanner(input) ?? reactivateBanner(input) ?? paymentBanner(input) ?? giftBanner(input) ?? friendUpsellBanner(input);
}

/** Spec §9: the upsell's price is the yearly price over 52 weeks. */
export function weeklyPriceText(): string {
  return `${formatMoney(weeklyPriceOf(planPrice('YEARLY')))}/week`;
}

/** Spec §5 reading counter: from 3 stories this month the count, below that a generic prompt. */
export function joinBannerText(siteName: string, storiesThisMonth: number): string {
  const weekly = weeklyPriceText();
  const note = readCountNote(storiesThisMonth);
  return note ? `${note}. Get unlimited access to every story for just ${weekly}.` : `Get unlimited access to the best of ${siteName} for just ${weekly}.`;
}

function joinBanner(i: UpsellBannerInput): UpsellBanner | null {
  if (i.tier !== 'FREE' || !i.hydrated || i.lockedPost || i.nativeApp) return null;
  if (dismissedWithin(i.dismissedAt.joinMembership, i.now, DISMISSAL_MS.joinMembership)) return null;
  return {
    kind: 'joinMembership',
    text: joinBannerText(i.siteName, i.storiesThisMonth),
    linkText: 'Become a member',
    href: UPSELL_LINKS.plans,
    tone: 'accent',
    dismissal: { store: 'local', key: 'joinMembership' },
    eventFamily: 'upsell',
  };
}

function reactivateBanner(i: UpsellBannerInput): UpsellBanner | null {
  const status = i.membershipStatus;
  if (!status?.canReactivate) return null;
  const endsSoon = endsWithin(status.currentPeriodEndsAt, i.now, REACTIVATE_UNDISMISSABLE_WITHIN_MS);
  if (!endsSoon && dismissedWithin(i.dismissedAt.reactivate, i.now, DISMISSAL_MS.reactivate)) return null;
  return {
    kind: 'reactivate',
    text: `Your membership will expire on ${formatDate(status.currentPeriodEndsAt)}`,
    linkText: 'Reactivate membership',
    href: UPSELL_LINKS.reactivate,
    tone: 'grey',
    dismissal: endsSoon ? null : { store: 'local', key: 'reactivate' },
    eventFamily: 'upsell',
  };
}

function paymentBanner(i: UpsellBannerInput): UpsellBanner | null {
  const status = i.membershipStatus;
  if (!status || i.tier === 'FREE' || status.isCancelled || !RECURRING_PROVIDERS.has(status.paymentProvider)) return null;
  if (!PAYMENT_BANNER_ROUTES.has(i.routeName)) return null;
  const lastWeek = endsWithin(status.currentPeriodEndsAt, i.now, DISMISSAL_MS.paymentThreshold);
  const flagged = (flag: PaymentBannerFlag) => i.dismissedFlags.includes(flag);
  const base = { href: UPSELL_LINKS.updatePayment, eventFamily: 'updatePaymentMethodBanner' as const };

  if (status.hasCreditCardExpired && (lastWeek || !flagged(PAYMENT_BANNER_FLAGS.expired))) {
    return {
      ...base,
      kind: 'paymentMethodExpired',
      text: 'Your payment method has expired',
      linkText: 'Update to keep your membership',
      tone: status.paymentFailedAt !== null ? 'red' : 'grey',
      dismissal: lastWeek ? null : { store: 'server', flag: PAYMENT_BANNER_FLAGS.expired },
    };
  }
  if (status.hasRecurringPaymentFailedMoreThanOnce) {
    return { ...base, kind: 'paymentFailed', text: 'Your subscription payment failed', linkText: 'Update payment method', tone: 'red', dismissal: null };
  }
  const card = status.paymentMethod?.__typename === 'CreditCard' ? status.paymentMethod : null;
  if (card && lastWeek && hasCardExpired(card, new Date(status.currentPeriodEndsAt)) && !flagged(PAYMENT_BANNER_FLAGS.willExpire)) {
    return {
      ...base,
      kind: 'paymentMethodExpiring',
      text: 'Your payment method will expire soon',
      linkText: 'Update payment method',
      tone: 'grey',
      dismissal: { store: 'server', flag: PAYMENT_BANNER_FLAGS.willExpire },
    };
  }
  return null;
}

function giftBanner(i: UpsellBannerInput): UpsellBanner | null {
  if (i.tier === 'FREE' || !i.giftBannerEnabled || i.dismissedAt.gift !== undefined) return null;
  return {
    kind: 'gift',
    text: 'The perfect gift for readers and writers',
    linkText: `Give the gift of ${i.siteName}`,
    href: UPSELL_LINKS.gift,
    tone: 'accent',
    dismissal: { store: 'local', key: 'gift' },
    eventFamily: 'upsell',
  };
}

function friendUpsellBanner(i: UpsellBannerInput): UpsellBanner | null {
  if (i.tier !== 'MEMBER' || !i.membershipStatus?.canSwitchPlan || !i.hydrated || i.nativeApp) return null;
  if (dismissedWithin(i.dismissedAt.friendUpsell, i.now, DISMISSAL_MS.friendUpsell)) return null;
  return {
    kind: 'friendUpsell',
    text: `Become a ${friendOf(i.siteName)} and give more to the writers you read.`,
    linkText: 'Upgrade',
    href: UPSELL_LINKS.manageMembership,
    tone: 'accent',
    dismissal: { store: 'local', key: 'friendUpsell' },
    eventFamily: 'upsell',
  };
}
