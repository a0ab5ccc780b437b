/**
 * Stripe objects as the PaymentProvider's snapshots (provider.ts). Pure functions over objects
 * already fetched, so they are tested on Stripe's own fixtures. Written for the SDK's API version;
 * where an older API version put a field elsewhere (the subscription's period before it moved to
 * its items) that place is read too, so a peer speaking an older version still maps.
 */
import type Stripe from 'stripe';
import { CURRENCIES, planPrice, type CardBrand, type Currency, type MembershipPlan } from '../../../shared/membership.js';
import type { CardSummary, ChargeSnapshot, PaymentFailure, StoredPaymentMethod, SubscriptionSnapshot, SubscriptionStatus } from '../provider.js';

const date = (seconds: number) => new Date(seconds * 1000);

export function currencyOf(code: string): Currency {
  const upper = code.toUpperCase() as Currency;
  if (!CURRENCIES.includes(upper)) throw new Error(`Unsupported currency from Stripe: ${code}`);
  return upper;
}

/** Stripe writes brands as 'visa' on PaymentMethods and 'Visa' / 'American Express' on legacy cards. */
export function brandOf(brand: string | null | undefined): CardBrand | 'unknown' {
  switch ((brand ?? '').toLowerCase().replace(/[\s_]/g, '')) {
    case 'visa':
      return 'visa';
    case 'mastercard':
      return 'mastercard';
    case 'amex':
    case 'americanexpress':
      return 'amex';
    case 'discover':
      return 'discover';
    case 'diners':
    case 'dinersclub':
      return 'diners club';
    case 'jcb':
      return 'jcb';
    default:
      return 'unknown';
  }
}

type CardFields = { brand?: string | null; last4?: string | null; exp_month?: number | null; exp_year?: number | null };
const summary = (card: CardFields): CardSummary => ({ brand: brandOf(card.brand), lastFour: card.last4 ?? '', expMonth: card.exp_month ?? 0, expYear: card.exp_year ?? 0 });

/** A card PaymentMethod (pm_…) or a legacy card source (card_…), as stored for a customer. */
export function storedMethodOf(method: Stripe.PaymentMethod | Stripe.Card | Stripe.CustomerSource): StoredPaymentMethod | null {
  if (method.object === 'payment_method') return method.card ? { ref: method.id, card: summary(method.card) } : null;
  if (method.object === 'card') return { ref: method.id, card: summary(method as Stripe.Card) };
  return null;
}

/** A card error or a PaymentIntent's last_payment_error as spec §8's PaymentMethodDeclined. */
export function failureOf(error: { code?: string | null; decline_code?: string | null; message?: string | null }): PaymentFailure {
  // Stripe reports insufficient funds as code card_declined with that decline code: the finer one wins.
  const code = error.decline_code && error.decline_code !== 'generic_decline' ? error.decline_code : error.code || 'card_declined';
  return { kind: 'declined', code, message: error.message || 'Your card was declined.' };
}

export function subscriptionStatusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'incomplete':
      return 'incomplete';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
    case 'paused':
      return 'unpaid';
    default:
      // canceled, incomplete_expired
      return 'canceled';
  }
}

/** The subscription's first item's period; older API versions kept it on the subscription. */
function periodOf(subscription: Stripe.Subscription): { start: number; end: number } {
  const item = subscription.items.data[0] as Partial<Stripe.SubscriptionItem> | undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return { start: item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date, end: item?.current_period_end ?? legacy.current_period_end ?? subscription.start_date };
}

function amountOf(price: Stripe.Price | null | undefined, currency: Currency, plan: MembershipPlan): number {
  if (price && price.currency.toUpperCase() === currency && price.unit_amount != null) return price.unit_amount;
  const option = price?.currency_options?.[currency.toLowerCase()]?.unit_amount;
  return option ?? planPrice(plan, currency).amount;
}

function activeDiscount(subscription: Stripe.Subscription): { endsAt: Date | null; percentOff: number | null } | null {
  for (const entry of subscription.discounts ?? []) {
    if (typeof entry === 'string') continue;
    const coupon = entry.source?.coupon ?? (entry as unknown as { coupon?: Stripe.Coupon }).coupon ?? null;
    if (!coupon || typeof coupon === 'string') continue;
    return { endsAt: entry.end ? date(entry.end) : null, percentOff: coupon.percent_off ?? null };
  }
  return null;
}

/** What the next renewal costs: less a discount still running then, the regular price beside it. */
function renewalPrice(regular: number, currency: Currency, discount: { endsAt: Date | null; percentOff: number | null } | null, periodEnd: number): SubscriptionSnapshot['price'] {
  const applies = discount?.percentOff && (!discount.endsAt || discount.endsAt.getTime() > periodEnd * 1000);
  if (!applies) return { amount: regular, currency };
  return { amount: Math.round((regular * (100 - discount.percentOff!)) / 100), currency, crossoutAmount: regular };
}

export interface SubscriptionParts {
  subscription: Stripe.Subscription;
  plan: MembershipPlan;
  scheduledPlan: SubscriptionSnapshot['scheduledPlan'];
  defaultPaymentMethod: StoredPaymentMethod | null;
  /** The latest invoice's PaymentIntent (latest_charge expanded), when there is one. */
  latestPayment: Stripe.PaymentIntent | null;
  latestInvoice: Stripe.Invoice | null;
}

export function toSubscriptionSnapshot(parts: SubscriptionParts): SubscriptionSnapshot {
  const { subscription, latestPayment: payment, latestInvoice: invoice } = parts;
  const item = subscription.items.data[0];
  const currency = currencyOf(subscription.currency ?? item?.price?.currency ?? 'usd');
  const period = periodOf(subscription);
  const status = subscriptionStatusOf(subscription.status);
  const discount = activeDiscount(subscription);
  const charge = payment && typeof payment.latest_charge === 'object' ? payment.latest_charge : null;
  const firstPaymentFailed = payment?.status === 'requires_payment_method' && payment.last_payment_error != null;
  const failing = status === 'past_due' || status === 'unpaid' || firstPaymentFailed;
  const redirect = payment?.status === 'requires_action' ? payment.next_action?.redirect_to_url?.url : null;
  return {
    ref: subscription.id,
    customerRef: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status,
    plan: parts.plan,
    price: renewalPrice(amountOf(item?.price, currency, parts.plan), currency, discount, period.end),
    currentPeriodStart: date(period.start),
    currentPeriodEnd: date(period.end),
    // cancel_at_period_end, or a cancel_at date (newer API versions may set that for the same request).
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (subscription.cancel_at != null && status !== 'canceled'),
    discountEndsAt: discount?.endsAt ?? null,
    discountPercentOff: discount?.percentOff ?? null,
    scheduledPlan: parts.scheduledPlan,
    defaultPaymentMethod: parts.defaultPaymentMethod,
    paymentFailedAt: failing ? date(charge?.created ?? invoice?.created ?? subscription.created) : null,
    failedPaymentCount: failing ? Math.max(1, invoice?.attempt_count ?? 1) : 0,
    pendingAction: status === 'incomplete' && redirect ? { url: redirect } : null,
    latestChargeRef: payment?.id ?? null,
    metadata: { ...subscription.metadata },
  };
}

function chargeStatusOf(intent: Stripe.PaymentIntent): ChargeSnapshot['status'] {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.last_payment_error)) return 'failed';
  return 'pending';
}

/** A PaymentIntent (one-off charges and subscription invoices), its latest charge expanded. */
export function chargeSnapshotOfIntent(intent: Stripe.PaymentIntent, extra: { subscriptionRef: string | null; metadata: Record<string, string> }): ChargeSnapshot {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const card = charge?.payment_method_details?.card ?? method?.card ?? null;
  return {
    ref: intent.id,
    customerRef: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? ''),
    subscriptionRef: extra.subscriptionRef,
    status: chargeStatusOf(intent),
    amount: { amount: intent.amount, currency: currencyOf(intent.currency) },
    amountRefunded: charge?.amount_refunded ?? 0,
    card: card ? summary(card) : null,
    createdAt: date(intent.created),
    failure: intent.last_payment_error ? failureOf(intent.last_payment_error) : null,
    metadata: { ...extra.metadata, ...intent.metadata },
  };
}

/** A charge made without a PaymentIntent (a legacy card source). */
export function chargeSnapshotOfCharge(charge: Stripe.Charge): ChargeSnapshot {
  const source = charge.source && (charge.source as { object?: string }).object === 'card' ? (charge.source as Stripe.Card) : null;
  const card = charge.payment_method_details?.card ?? source;
  return {
    ref: charge.id,
    customerRef: typeof charge.customer === 'string' ? charge.customer : (charge.customer?.id ?? ''),
    subscriptionRef: null,
    status: charge.status === 'succeeded' ? 'succeeded' : charge.status === 'failed' ? 'failed' : 'pending',
    amount: { amount: charge.amount, currency: currencyOf(charge.currency) },
    amountRefunded: charge.amount_refunded,
    card: card ? summary(card) : null,
    createdAt: date(charge.created),
    failure: charge.status === 'failed' ? failureOf({ code: charge.failure_code, decline_code: charge.outcome?.reason ?? null, message: charge.failure_message }) : null,
    metadata: { ...charge.metadata },
  };
}
