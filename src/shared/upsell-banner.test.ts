import { describe, expect, it } from 'vitest';
import type { PaymentProviderName } from './membership.js';
import { chooseUpsellBanner, PAYMENT_BANNER_FLAGS, PAYMENT_BANNER_ROUTES, type UpsellBannerInput, type UpsellMembershipStatus } from './upsell-banner.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12); // Nov 27, 2026

const status = (over: Partial<UpsellMembershipStatus> = {}): UpsellMembershipStatus => ({
  canReactivate: false,
  canSwitchPlan: false,
  hasCreditCardExpired: false,
  hasRecurringPaymentFailedMoreThanOnce: false,
  paymentFailedAt: null,
  currentPeriodEndsAt: NOW + 20 * DAY,
  isCancelled: false,
  paymentProvider: 'STRIPE',
  paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2029 },
  ...over,
});

const reader: UpsellBannerInput = {
  now: NOW,
  siteName: 'Inkwell',
  routeName: 'ShowHome',
  signedIn: true,
  hydrated: true,
  nativeApp: false,
  lockedPost: false,
  tier: 'FREE',
  membershipStatus: null,
  dismissedAt: {},
  dismissedFlags: [],
  giftBannerEnabled: false,
  storiesThisMonth: 0,
};
const member = (over: Partial<UpsellMembershipStatus> = {}, input: Partial<UpsellBannerInput> = {}): UpsellBannerInput => ({
  ...reader,
  tier: 'MEMBER',
  membershipStatus: status(over),
  ...input,
});

const kind = (input: UpsellBannerInput) => chooseUpsellBanner(input)?.kind ?? null;

describe('chooseUpsellBanner: join membership (spec §4)', () => {
  it.each<[string, Partial<UpsellBannerInput>, string | null]>([
    ['a signed-in non-member', {}, 'joinMembership'],
    ['signed out', { signedIn: false }, null],
    ['before hydration', { hydrated: false }, null],
    ['on a member-only story', { lockedPost: true }, null],
    ['in a native app', { nativeApp: true }, null],
    ['dismissed a moment ago', { dismissedAt: { joinMembership: NOW - 1000 } }, null],
    ['dismissed 89 days ago', { dismissedAt: { joinMembership: NOW - 89 * DAY } }, null],
    ['dismissed 90 days ago to the ms', { dismissedAt: { joinMembership: NOW - 90 * DAY } }, 'joinMembership'],
    ['dismissed 91 days ago', { dismissedAt: { joinMembership: NOW - 91 * DAY } }, 'joinMembership'],
    ['another banner was dismissed', { dismissedAt: { friendUpsell: NOW, reactivate: NOW } }, 'joinMembership'],
    ['on any route', { routeName: 'ShowTopic' }, 'joinMembership'],
    ['a member', { tier: 'MEMBER' }, null],
    ['a Friend', { tier: 'FRIEND' }, null],
  ])('%s → %s', (_, over, expected) => {
    expect(kind({ ...reader, ...over })).toBe(expected);
  });

  it('invites to /plans at the yearly price over 52 weeks, dismissed in the browser', () => {
    expect(chooseUpsellBanner(reader)).toEqual({
      kind: 'joinMembership',
      text: 'Get unlimited access to the best of Inkwell for just $0.96/week.',
      linkText: 'Become a member',
      href: '/plans',
      tone: 'accent',
      dismissal: { store: 'local', key: 'joinMembership' },
      eventFamily: 'upsell',
    });
  });

  it.each([
    [0, 'Get unlimited access to the best of Inkwell for just $0.96/week.'],
    [2, 'Get unlimited access to the best of Inkwell for just $0.96/week.'],
    [3, "You've read 3 stories this month. Get unlimited access to every story for just $0.96/week."],
    [12, "You've read 12 stories this month. Get unlimited access to every story for just $0.96/week."],
  ])('reading counter %i → %s', (n, text) => {
    expect(chooseUpsellBanner({ ...reader, storiesThisMonth: n })?.text).toBe(text);
  });

  it('a lapsed member (FREE again, membership no longer reactivatable) is asked to join', () => {
    expect(kind({ ...reader, membershipStatus: status({ isCancelled: true, currentPeriodEndsAt: NOW - DAY }) })).toBe('joinMembership');
  });
});

describe('chooseUpsellBanner: reactivate (spec §4)', () => {
  const cancelled = (end: number, input: Partial<UpsellBannerInput> = {}) =>
    member({ canReactivate: true, isCancelled: true, currentPeriodEndsAt: NOW + end }, input);

  it('says when the membership expires and links to the reactivate modal', () => {
    expect(chooseUpsellBanner(cancelled(60 * DAY))).toEqual({
      kind: 'reactivate',
      text: 'Your membership will expire on Jan 26, 2027',
      linkText: 'Reactivate membership',
      href: '/me/settings/membership#reactivateMembership',
      tone: 'grey',
      dismissal: { store: 'local', key: 'reactivate' },
      eventFamily: 'upsell',
    });
  });

  it.each<[string, number, number | undefined, string | null, boolean]>([
    // label, period ends in, dismissed ago, banner, dismissible
    ['not reactivatable', 60 * DAY, undefined, null, false],
    ['60 days left, never dismissed', 60 * DAY, undefined, 'reactivate', true],
    ['60 days left, dismissed 13 days ago', 60 * DAY, 13 * DAY, null, false],
    ['60 days left, dismissed 14 days ago', 60 * DAY, 14 * DAY, 'reactivate', true],
    ['29 days left, dismissed yesterday', 29 * DAY, DAY, null, false],
    ['4 weeks left to the ms, dismissed yesterday: back and not dismissible', 28 * DAY, DAY, 'reactivate', false],
    ['4 weeks left to the ms, never dismissed', 28 * DAY, undefined, 'reactivate', false],
    ['3 days left, dismissed an hour ago', 3 * DAY, DAY / 24, 'reactivate', false],
  ])('%s', (label, end, ago, expected, dismissible) => {
    const input = cancelled(end, { dismissedAt: ago === undefined ? {} : { reactivate: NOW - ago } });
    if (label === 'not reactivatable') input.membershipStatus = { ...input.membershipStatus!, canReactivate: false };
    const banner = chooseUpsellBanner(input);
    expect(banner?.kind ?? null).toBe(expected);
    if (banner) expect(banner.dismissal !== null).toBe(dismissible);
  });

  it('comes after join: a reactivatable reader on FREE is asked to join first', () => {
    expect(kind({ ...cancelled(60 * DAY), tier: 'FREE' })).toBe('joinMembership');
  });
});

describe('chooseUpsellBanner: payment method (spec §4)', () => {
  const expiredCard = { __typename: 'CreditCard' as const, cardType: 'visa', lastFour: '4242', expirationMonth: 10, expirationYear: 2026 };
  const cardEndingThisMonth = { __typename: 'CreditCard' as const, cardType: 'visa', lastFour: '4242', expirationMonth: 11, expirationYear: 2026 };

  it('card expired, no failed payment: grey, dismissible with the expired-last-week flag', () => {
    expect(chooseUpsellBanner(member({ hasCreditCardExpired: true, paymentMethod: expiredCard }))).toEqual({
      kind: 'paymentMethodExpired',
      text: 'Your payment method has expired',
      linkText: 'Update to keep your membership',
      href: '/me/settings/payment/update',
      tone: 'grey',
      dismissal: { store: 'server', flag: 'expired-last-week' },
      eventFamily: 'updatePaymentMethodBanner',
    });
  });

  it.each<[string, Partial<UpsellMembershipStatus>, Partial<UpsellBannerInput>, string | null, 'red' | 'grey' | null, boolean | null]>([
    // card expired
    ['expired, a payment failed → red', { hasCreditCardExpired: true, paymentFailedAt: NOW - DAY }, {}, 'paymentMethodExpired', 'red', true],
    ['expired, period ends in 8 days → dismissible', { hasCreditCardExpired: true, currentPeriodEndsAt: NOW + 8 * DAY }, {}, 'paymentMethodExpired', 'grey', true],
    ['expired, period ends in a week to the ms → not dismissible', { hasCreditCardExpired: true, currentPeriodEndsAt: NOW + 7 * DAY }, {}, 'paymentMethodExpired', 'grey', false],
    ['expired and dismissed (flag), 20 days left → hidden', { hasCreditCardExpired: true }, { dismissedFlags: [PAYMENT_BANNER_FLAGS.expired] }, null, null, null],
    ['expired and dismissed, last week → shown again, not dismissible', { hasCreditCardExpired: true, currentPeriodEndsAt: NOW + 2 * DAY }, { dismissedFlags: [PAYMENT_BANNER_FLAGS.expired] }, 'paymentMethodExpired', 'grey', false],
    ['expired and failed twice: the expired banner comes first', { hasCreditCardExpired: true, hasRecurringPaymentFailedMoreThanOnce: true, paymentFailedAt: NOW }, {}, 'paymentMethodExpired', 'red', true],
    ['expired dismissed, failed twice → the failed banner', { hasCreditCardExpired: true, hasRecurringPaymentFailedMoreThanOnce: true, paymentFailedAt: NOW }, { dismissedFlags: ['expired-last-week'] }, 'paymentFailed', 'red', false],
    // recurring payment failed more than once
    ['failed more than once → red, not dismissible', { hasRecurringPaymentFailedMoreThanOnce: true, paymentFailedAt: NOW }, {}, 'paymentFailed', 'red', false],
    ['failed more than once, both flags set → still shown', { hasRecurringPaymentFailedMoreThanOnce: true }, { dismissedFlags: ['expired-last-week', 'will-expire-last-week'] }, 'paymentFailed', 'red', false],
    ['failed once only → nothing', { paymentFailedAt: NOW }, {}, null, null, null],
    // will expire soon
    ['card expires before the period ends, 5 days left → will expire', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: Date.UTC(2026, 11, 2) }, {}, 'paymentMethodExpiring', 'grey', true],
    ['card expires before the period ends, a week left to the ms', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: NOW + 7 * DAY }, {}, 'paymentMethodExpiring', 'grey', true],
    ['card expires before the period ends, 8 days left → not yet', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: NOW + 8 * DAY }, {}, null, null, null],
    ['card good through the period end (ends Nov 30, card 11/2026)', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: Date.UTC(2026, 10, 30, 23) }, {}, null, null, null],
    ['will expire, dismissed (flag) → hidden', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: Date.UTC(2026, 11, 2) }, { dismissedFlags: ['will-expire-last-week'] }, null, null, null],
    ['will expire, the other flag set → shown', { paymentMethod: cardEndingThisMonth, currentPeriodEndsAt: Date.UTC(2026, 11, 2) }, { dismissedFlags: ['expired-last-week'] }, 'paymentMethodExpiring', 'grey', true],
    ['paid via PayPal, period ends in 3 days → nothing', { paymentMethod: { __typename: 'PayPal' }, currentPeriodEndsAt: NOW + 3 * DAY }, {}, null, null, null],
    // who and where
    ['cancelled → no payment banner', { hasRecurringPaymentFailedMoreThanOnce: true, isCancelled: true }, {}, null, null, null],
    ['a Friend sees it too', { hasRecurringPaymentFailedMoreThanOnce: true }, { tier: 'FRIEND' }, 'paymentFailed', 'red', false],
    ['FREE (access ended) → asked to join instead', { hasRecurringPaymentFailedMoreThanOnce: true }, { tier: 'FREE' }, 'joinMembership', null, null],
    ['on a topic page → not there', { hasRecurringPaymentFailedMoreThanOnce: true }, { routeName: 'ShowTopic' }, null, null, null],
    ['on the payment update page → not there', { hasCreditCardExpired: true }, { routeName: 'ShowPaymentMethod' }, null, null, null],
  ])('%s', (_, over, input, expected, tone, dismissible) => {
    const banner = chooseUpsellBanner(member({ paymentMethod: expiredCard, ...over }, input));
    expect(banner?.kind ?? null).toBe(expected);
    if (banner && tone) expect(banner.tone).toBe(tone);
    if (banner && dismissible !== null) expect(banner.dismissal !== null).toBe(dismissible);
  });

  it.each([...PAYMENT_BANNER_ROUTES])('shows on %s', (routeName) => {
    expect(kind(member({ hasRecurringPaymentFailedMoreThanOnce: true }, { routeName }))).toBe('paymentFailed');
  });

  it.each<[PaymentProviderName, string | null]>([
    ['STRIPE', 'paymentFailed'],
    ['BRAINTREE', 'paymentFailed'],
    ['TEST', 'paymentFailed'],
    ['APPLE', null],
    ['GOOGLE', null],
    ['PAYPAL', null],
    ['GIFT', null],
  ])('provider %s → %s', (paymentProvider, expected) => {
    expect(kind(member({ hasRecurringPaymentFailedMoreThanOnce: true, paymentProvider }))).toBe(expected);
  });
});

describe('chooseUpsellBanner: gift (spec §4, flag enable_gift_banner)', () => {
  it.each<[string, Partial<UpsellBannerInput>, string | null]>([
    ['a member, flag on', { giftBannerEnabled: true }, 'gift'],
    ['a Friend, flag on', { giftBannerEnabled: true, tier: 'FRIEND' }, 'gift'],
    ['flag off', {}, null],
    ['dismissed years ago: for good', { giftBannerEnabled: true, dismissedAt: { gift: NOW - 5000 * DAY } }, null],
    ['a non-member, flag on → join instead', { giftBannerEnabled: true, tier: 'FREE', membershipStatus: null }, 'joinMembership'],
  ])('%s → %s', (_, input, expected) => {
    expect(kind(member({}, input))).toBe(expected);
  });

  it('names the site and links to the gift plans', () => {
    expect(chooseUpsellBanner(member({}, { giftBannerEnabled: true }))).toMatchObject({
      text: 'The perfect gift for readers and writers',
      linkText: 'Give the gift of Inkwell',
      href: '/gift-plans',
      dismissal: { store: 'local', key: 'gift' },
      eventFamily: 'upsell',
    });
  });

  it('comes after the payment banner and after reactivate', () => {
    expect(kind(member({ hasRecurringPaymentFailedMoreThanOnce: true }, { giftBannerEnabled: true }))).toBe('paymentFailed');
    expect(kind(member({ canReactivate: true, isCancelled: true }, { giftBannerEnabled: true }))).toBe('reactivate');
  });
});

describe('chooseUpsellBanner: Friend upsell (spec §4)', () => {
  it.each<[string, Partial<UpsellMembershipStatus>, Partial<UpsellBannerInput>, string | null]>([
    ['a member who can switch plan', { canSwitchPlan: true }, {}, 'friendUpsell'],
    ['a member who cannot switch plan', {}, {}, null],
    ['a Friend', { canSwitchPlan: true }, { tier: 'FRIEND' }, null],
    ['before hydration', { canSwitchPlan: true }, { hydrated: false }, null],
    ['in a native app', { canSwitchPlan: true }, { nativeApp: true }, null],
    ['dismissed 179 days ago', { canSwitchPlan: true }, { dismissedAt: { friendUpsell: NOW - 179 * DAY } }, null],
    ['dismissed 180 days ago', { canSwitchPlan: true }, { dismissedAt: { friendUpsell: NOW - 180 * DAY } }, 'friendUpsell'],
    ['gift banner on and not dismissed → gift first', { canSwitchPlan: true }, { giftBannerEnabled: true }, 'gift'],
    ['gift dismissed → Friend upsell', { canSwitchPlan: true }, { giftBannerEnabled: true, dismissedAt: { gift: NOW - DAY } }, 'friendUpsell'],
    ['on a member-only story (only join waits for the paywall)', { canSwitchPlan: true }, { lockedPost: true }, 'friendUpsell'],
  ])('%s → %s', (_, over, input, expected) => {
    expect(kind(member(over, input))).toBe(expected);
  });

  it("invites to become a 'Friend of {SITE_NAME}' from the manage page", () => {
    expect(chooseUpsellBanner(member({ canSwitchPlan: true }))).toMatchObject({
      text: 'Become a Friend of Inkwell and give more to the writers you read.',
      linkText: 'Upgrade',
      href: '/manage-membership',
      dismissal: { store: 'local', key: 'friendUpsell' },
    });
  });
});
