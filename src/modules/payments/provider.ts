/**
 * What a payment provider does for the site, whoever it is: the built-in test provider of a
 * fresh install or Stripe. The membership and gift modules speak only to this interface
 * (getPaymentProvider), never to a provider's SDK. Amounts are integer cents with a currency.
 *
 * The provider owns the billing cycle of a subscription, as Stripe Billing does: it renews,
 * retries a failed renewal and finally gives up. What happened reaches the site as a
 * ProviderEvent (Stripe: a webhook; the test provider: a row its own sweeps write), stored once
 * by its id and applied by re-reading the object it names (getSubscription, getCharge), so events
 * that arrive twice or out of order converge on the provider's current state.
 */
import type { CardBrand, Currency, MembershipPlan, Money } from '../../shared/membership.js';

export type ProviderId = 'TEST' | 'STRIPE';

export interface CardSummary {
  brand: CardBrand | 'unknown';
  lastFour: string;
  expMonth: number;
  expYear: number;
}

/** A payment method stored at the provider for a customer. */
export interface StoredPaymentMethod {
  ref: string;
  card: CardSummary;
}

/**
 * What the browser handed over for a new card: for the test provider the card fields posted to
 * the site (never stored whole: the provider keeps brand, last four and expiry); for Stripe a
 * PaymentMethod id made by Stripe.js in the browser.
 */
export type PaymentMethodInput =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string; postalCode?: string }
  | { kind: 'token'; token: string };

/** Spec §8 PaymentMethodDeclined / PaymentError, as a provider reports them. */
export interface PaymentFailure {
  kind: 'declined' | 'error';
  /** Provider decline code ('card_declined', 'expired_card', 'incorrect_cvc', …). */
  code: string;
  /** Text for the reader. */
  message: string;
}

export type SubscriptionStatus = 'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled';

/** A provider's subscription as it is now. */
export interface SubscriptionSnapshot {
  ref: string;
  customerRef: string;
  status: SubscriptionStatus;
  plan: MembershipPlan;
  price: Money;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A discount still running (cancellation retention offer, first-year half off): its end. */
  discountEndsAt: Date | null;
  discountPercentOff: number | null;
  /** A plan change scheduled for the period end (spec §3 switchPlanSchedule). */
  scheduledPlan: { plan: MembershipPlan; startAt: Date } | null;
  defaultPaymentMethod: StoredPaymentMethod | null;
  /** When the latest renewal failed and how many times in a row (spec §3 paymentFailedAt, hasRecurringPaymentFailedMoreThanOnce). */
  paymentFailedAt: Date | null;
  failedPaymentCount: number;
  /** Status incomplete because the card asks for 3-D Secure: where the reader confirms it. */
  pendingAction: { url: string } | null;
  /** The charge of the latest period (first payment, renewal or proration), for the ledger. */
  latestChargeRef: string | null;
  /** What the site attached at creation (userId, …), returned as given. */
  metadata: Record<string, string>;
}

export interface ChargeSnapshot {
  ref: string;
  customerRef: string;
  subscriptionRef: string | null;
  status: 'succeeded' | 'failed' | 'pending';
  amount: Money;
  amountRefunded: number;
  card: CardSummary | null;
  createdAt: Date;
  /** What the receipt says it was for; the ledger names it by its charge type when absent. */
  description?: string | null;
  failure: PaymentFailure | null;
  /** What the site attached (userId, chargeType, giftId…); a renewal's charge carries its subscription's. */
  metadata: Record<string, string>;
}

export type ProviderEventType =
  | 'subscription.updated'
  | 'subscription.deleted'
  | 'charge.succeeded'
  | 'charge.failed'
  | 'charge.refunded';

export interface ProviderEvent {
  provider: ProviderId;
  /** Unique per provider: the dedupe key (Stripe event id). */
  id: string;
  type: ProviderEventType;
  /** The subscription or charge the event is about, to be re-read from the provider. */
  objectRef: string;
  createdAt: Date;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: PaymentFailure };

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Shown as 'Test mode' in the UI when true. */
  readonly testMode: boolean;

  /** One customer per user; `idempotencyKey` makes a retried call return the same customer. */
  createCustomer(input: { userId: string; email: string | null; name: string }, idempotencyKey: string): Promise<{ ref: string }>;
  /** Attach a card and make it the default for the customer's subscription and charges. */
  attachPaymentMethod(customerRef: string, input: PaymentMethodInput, idempotencyKey: string): Promise<Outcome<StoredPaymentMethod>>;

  /** Start a subscription, charging the first period at once; a card asking for 3-D Secure gives status incomplete with pendingAction. */
  createSubscription(
    input: {
      customerRef: string;
      plan: MembershipPlan;
      currency: Currency;
      discount?: { percentOff: number; cycles: number } | null;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<Outcome<SubscriptionSnapshot>>;
  getSubscription(ref: string): Promise<SubscriptionSnapshot | null>;
  /** What switching now would charge today (proration), without changing anything. */
  previewPlanChange(ref: string, plan: MembershipPlan): Promise<Money>;
  /** Switch now with proration (upgrade) or at the period end (downgrade: scheduledPlan). */
  changePlan(ref: string, plan: MembershipPlan, when: 'now' | 'period_end', idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>>;
  /** Cancel at the period end (true) or undo that (false: UncancelMembership). */
  setCancelAtPeriodEnd(ref: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /** Apply a percent-off discount to the next `cycles` renewals (retention offer). */
  applyDiscount(ref: string, discount: { percentOff: number; cycles: number }, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /**
   * Pay a past_due subscription's failed renewal now with the customer's default card (after a
   * card update), as Stripe's invoices.pay does. A failure leaves the retry schedule as it was;
   * a subscription that is not past_due is returned unchanged.
   */
  payPastDueRenewal(ref: string, idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>>;
  /** End a subscription now (an admin's deactivation). */
  cancelNow(ref: string): Promise<SubscriptionSnapshot>;

  /** A one-off charge to the default method (gifts, custom domains). */
  charge(input: { customerRef: string; amount: Money; description: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<Outcome<ChargeSnapshot>>;
  getCharge(ref: string): Promise<ChargeSnapshot | null>;
  /**
   * Optional: many at once, for the event inbox's batches (one read instead of one per event).
   * Refs the provider does not know are left out.
   */
  getSubscriptions?(refs: string[]): Promise<SubscriptionSnapshot[]>;
  getCharges?(refs: string[]): Promise<ChargeSnapshot[]>;
  refund(chargeRef: string, amount: number | null, idempotencyKey: string): Promise<ChargeSnapshot>;
}
