/**
 * The PaymentProvider over Stripe Billing with the official SDK. Every create carries the
 * caller's Idempotency-Key (a retried purchase never makes a second customer, subscription or
 * charge); reads always fetch the object again, so the snapshots are Stripe's current state.
 *
 * Cards come from Stripe.js in the browser: a PaymentMethod id (pm_…), made by the Card Element.
 * A legacy card token (tok_…, Stripe's test tokens) is stored as a customer source and charged
 * through the Charges API: a peer without PaymentMethods (stripe-stateful-mock) speaks that.
 */
import Stripe from 'stripe';
import { isYearly, type MembershipPlan, type Money } from '../../../shared/membership.js';
import { normalizeRedirect } from '../../../shared/redirect.js';
import type { ChargeSnapshot, Outcome, PaymentFailure, PaymentMethodInput, PaymentProvider, StoredPaymentMethod, SubscriptionSnapshot } from '../provider.js';
import { ensureCatalogue, type Catalogue } from './catalogue.js';
import { createStripeClient, isTestKey, type StripeSettings } from './client.js';
import { chargeSnapshotOfCharge, chargeSnapshotOfIntent, currencyOf, failureOf, storedMethodOf, toSubscriptionSnapshot } from './snapshots.js';

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
const isNotFound = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A card refused by the bank (or 3-D Secure asked for off-session): the reader's problem, not an outage. */
function cardFailure(err: unknown): PaymentFailure | null {
  const e = err as { type?: string; code?: string; decline_code?: string; message?: string };
  if (e.type === 'StripeCardError') return failureOf(e);
  if (e.code === 'authentication_required' || e.code === 'payment_intent_authentication_failure') return failureOf(e);
  return null;
}

const declined = (failure: PaymentFailure): { ok: false; failure: PaymentFailure } => ({ ok: false, failure });

export interface StripeProviderOptions {
  /** Spec 'Friend of {SITE_NAME}': the Friend product's name in Stripe. */
  friendName: string;
  /** A client made elsewhere (tests); by default one from the settings. */
  stripe?: Stripe;
}

export class StripeProvider implements PaymentProvider {
  readonly id = 'STRIPE' as const;
  readonly testMode: boolean;
  readonly stripe: Stripe;
  private catalogue: Promise<Catalogue> | null = null;

  constructor(
    readonly settings: StripeSettings,
    private readonly options: StripeProviderOptions,
  ) {
    this.testMode = isTestKey(settings.secretKey);
    this.stripe = options.stripe ?? createStripeClient(settings);
  }

  /** Products and prices, found or created once per process (a failure is tried again next time). */
  prices(): Promise<Catalogue> {
    this.catalogue ??= ensureCatalogue(this.stripe, this.options.friendName).catch((err: unknown) => {
      this.catalogue = null;
      throw err;
    });
    return this.catalogue;
  }

  async createCustomer(input: { userId: string; email: string | null; name: string }, idempotencyKey: string): Promise<{ ref: string }> {
    const customer = await this.stripe.customers.create({ email: input.email ?? undefined, name: input.name, metadata: { userId: input.userId } }, { idempotencyKey });
    return { ref: customer.id };
  }

  async attachPaymentMethod(customerRef: string, input: PaymentMethodInput, idempotencyKey: string): Promise<Outcome<StoredPaymentMethod>> {
    if (input.kind === 'card') {
      // Card numbers go from the browser to Stripe only; this site never sees them with Stripe.
      return declined({ kind: 'error', code: 'card_fields_not_accepted', message: 'Enter your card in the payment form.' });
    }
    try {
      let stored: StoredPaymentMethod | null;
      if (input.token.startsWith('pm_')) {
        const method = await this.stripe.paymentMethods.attach(input.token, { customer: customerRef }, { idempotencyKey });
        await this.stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: method.id } });
        stored = storedMethodOf(method);
      } else {
        const source = await this.stripe.customers.createSource(customerRef, { source: input.token }, { idempotencyKey });
        await this.stripe.customers.update(customerRef, { default_source: source.id });
        stored = storedMethodOf(source);
      }
      if (!stored) return declined({ kind: 'error', code: 'not_a_card', message: 'Only cards are accepted.' });
      return { ok: true, value: stored };
    } catch (err) {
      const failure = cardFailure(err);
      if (failure) return declined(failure);
      throw err;
    }
  }

  /** The customer's default: a PaymentMethod (invoice_settings) or else a legacy default source. */
  private async defaultMethod(customerRef: string): Promise<StoredPaymentMethod | null> {
    const customer = await this.stripe.customers.retrieve(customerRef, { expand: ['invoice_settings.default_payment_method', 'default_source'] });
    if (customer.deleted) return null;
    const method = customer.invoice_settings?.default_payment_method;
    if (method) return storedMethodOf(typeof method === 'string' ? await this.stripe.paymentMethods.retrieve(method) : method);
    const source = customer.default_source;
    if (!source) return null;
    // A peer that does not expand answers with the id.
    return storedMethodOf(typeof source === 'string' ? await this.stripe.customers.retrieveSource(customerRef, source) : source);
  }

  /** A percent-off coupon lasting `cycles` periods of the plan, made once under an id that says what it is. */
  private async coupon(discount: { percentOff: number; cycles: number }, plan: MembershipPlan): Promise<string> {
    const months = discount.cycles * (isYearly(plan) ? 12 : 1);
    const id = `inkwell_${discount.percentOff}_off_${months}_months`;
    try {
      return (await this.stripe.coupons.retrieve(id)).id;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    const name = `${discount.percentOff}% off for ${months} months`;
    return (await this.stripe.coupons.create({ id, name, percent_off: discount.percentOff, duration: 'repeating', duration_in_months: months }, { idempotencyKey: `inkwell-coupon-${id}` })).id;
  }

  async createSubscription(
    input: { customerRef: string; plan: MembershipPlan; currency: 'USD' | 'CAD'; discount?: { percentOff: number; cycles: number } | null; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<Outcome<SubscriptionSnapshot>> {
    const catalogue = await this.prices();
    const coupon = input.discount ? await this.coupon(input.discount, input.plan) : null;
    const created = await this.stripe.subscriptions.create(
      {
        customer: input.customerRef,
        items: [{ price: catalogue.priceOf(input.plan) }],
        currency: input.currency.toLowerCase(),
        // The first invoice waits for the confirmation below, which can name a return URL for 3-D Secure.
        payment_behavior: 'default_incomplete',
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        metadata: input.metadata,
        expand: ['latest_invoice.payments'],
      },
      { idempotencyKey },
    );
    const intent = intentOfInvoice(created.latest_invoice);
    if (created.status === 'incomplete' && intent) {
      const method = await this.defaultMethod(input.customerRef);
      try {
        // Back from the bank to the purchase's page, as with the test provider's check page.
        const returnPath = normalizeRedirect(input.metadata.returnPath ?? `/plans/confirmation/${input.plan.toLowerCase()}`);
        const returnUrl = new URL(returnPath, this.settings.siteOrigin).toString();
        await this.stripe.paymentIntents.confirm(intent, { payment_method: method?.ref, return_url: returnUrl }, { idempotencyKey: `${idempotencyKey}:confirm` });
      } catch (err) {
        const failure = cardFailure(err);
        if (!failure) throw err;
        // Stripe would let the incomplete subscription expire after 23 hours; it ends now instead.
        await this.stripe.subscriptions.cancel(created.id);
        return declined(failure);
      }
    }
    return { ok: true, value: await this.snapshot(created.id) };
  }

  private async snapshot(ref: string): Promise<SubscriptionSnapshot> {
    const snapshot = await this.getSubscription(ref);
    if (!snapshot) throw new Error(`Stripe subscription ${ref} vanished`);
    return snapshot;
  }

  async getSubscription(ref: string): Promise<SubscriptionSnapshot | null> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.retrieve(ref, { expand: ['latest_invoice.payments', 'default_payment_method', 'schedule', 'discounts'] });
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    const catalogue = await this.prices();
    const item = subscription.items.data[0];
    const plan = item?.price ? catalogue.planOf(item.price) : null;
    if (!plan) throw new Error(`Stripe subscription ${ref} is not on a membership price`);
    const customerRef = idOf(subscription.customer)!;
    const own = subscription.default_payment_method ?? subscription.default_source;
    const defaultPaymentMethod = own && typeof own === 'object' ? storedMethodOf(own) : await this.defaultMethod(customerRef);
    const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const intentId = intentOfInvoice(invoice);
    // The payment is read only while it matters: a first payment waiting for 3-D Secure, or failing.
    const latestPayment = intentId && subscription.status !== 'active' ? await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }) : null;
    const scheduledPlan = await this.scheduledPlan(subscription, catalogue, plan);
    const snapshot = toSubscriptionSnapshot({ subscription, plan, scheduledPlan, defaultPaymentMethod, latestPayment, latestInvoice: invoice });
    return { ...snapshot, latestChargeRef: intentId ?? snapshot.latestChargeRef };
  }

  /** The plan a subscription schedule switches to at the period end (a downgrade), if any. */
  private async scheduledPlan(subscription: Stripe.Subscription, catalogue: Catalogue, current: MembershipPlan): Promise<SubscriptionSnapshot['scheduledPlan']> {
    if (!subscription.schedule) return null;
    const schedule = typeof subscription.schedule === 'string' ? await this.stripe.subscriptionSchedules.retrieve(subscription.schedule) : subscription.schedule;
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
    const now = nowSeconds();
    const next = schedule.phases.find((phase) => phase.start_date > now);
    const price = next?.items[0]?.price;
    const plan = price ? catalogue.planOf(typeof price === 'string' ? price : price.id) : null;
    return next && plan && plan !== current ? { plan, startAt: new Date(next.start_date * 1000) } : null;
  }

  async previewPlanChange(ref: string, plan: MembershipPlan): Promise<Money> {
    const catalogue = await this.prices();
    const subscription = await this.stripe.subscriptions.retrieve(ref);
    const item = subscription.items.data[0]!;
    const preview = await this.stripe.invoices.createPreview({
      subscription: ref,
      subscription_details: { items: [{ id: item.id, price: catalogue.priceOf(plan) }], proration_behavior: 'always_invoice', proration_date: nowSeconds() },
    });
    const currency = currencyOf(preview.currency);
    const current = catalogue.planOf(item.price);
    // Same interval: today's invoice holds only the prorations. Another interval restarts the
    // billing cycle, and the whole preview is due today.
    if (current && isYearly(current) !== isYearly(plan)) return { amount: Math.max(0, preview.amount_due), currency };
    const prorations = preview.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
    return { amount: Math.max(0, prorations.reduce((sum, line) => sum + line.amount, 0)), currency };
  }

  async changePlan(ref: string, plan: MembershipPlan, when: 'now' | 'period_end', idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>> {
    const catalogue = await this.prices();
    const subscription = await this.stripe.subscriptions.retrieve(ref);
    const item = subscription.items.data[0]!;
    const scheduleId = idOf(subscription.schedule);
    if (when === 'now') {
      // A switch now replaces a switch waiting for the period end.
      if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
      try {
        await this.stripe.subscriptions.update(
          ref,
          // Charged at once for the rest of the period; if the card refuses, nothing changes.
          { items: [{ id: item.id, price: catalogue.priceOf(plan) }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' },
          { idempotencyKey },
        );
      } catch (err) {
        const failure = cardFailure(err);
        if (failure) return declined(failure);
        throw err;
      }
      return { ok: true, value: await this.snapshot(ref) };
    }
    const schedule = scheduleId
      ? await this.stripe.subscriptionSchedules.retrieve(scheduleId)
      : await this.stripe.subscriptionSchedules.create({ from_subscription: ref }, { idempotencyKey: `${idempotencyKey}:schedule` });
    const phase = schedule.current_phase ?? { start_date: schedule.phases[0]!.start_date, end_date: schedule.phases[0]!.end_date };
    // Running discounts (a retention offer) carry on through the switch.
    const discounts: Stripe.SubscriptionScheduleUpdateParams.Phase.Discount[] = (schedule.phases[0]?.discounts ?? []).map((d) =>
      d.discount ? { discount: idOf(d.discount)! } : { coupon: idOf(d.coupon) ?? undefined },
    );
    await this.stripe.subscriptionSchedules.update(
      schedule.id,
      {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { items: [{ price: item.price.id }], start_date: phase.start_date, end_date: phase.end_date, discounts, metadata: subscription.metadata },
          { items: [{ price: catalogue.priceOf(plan) }], duration: { interval: isYearly(plan) ? 'year' : 'month', interval_count: 1 }, discounts, metadata: subscription.metadata },
        ],
      },
      { idempotencyKey: `${idempotencyKey}:phases` },
    );
    return { ok: true, value: await this.snapshot(ref) };
  }

  async setCancelAtPeriodEnd(ref: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    const subscription = await this.stripe.subscriptions.retrieve(ref);
    const scheduleId = idOf(subscription.schedule);
    // A membership ending at the period end switches to nothing; Stripe refuses to cancel under a schedule.
    if (cancel && scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
    await this.stripe.subscriptions.update(ref, { cancel_at_period_end: cancel });
    return this.snapshot(ref);
  }

  async applyDiscount(ref: string, discount: { percentOff: number; cycles: number }, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    const current = await this.snapshot(ref);
    const coupon = await this.coupon(discount, current.plan);
    await this.stripe.subscriptions.update(ref, { discounts: [{ coupon }] }, { idempotencyKey });
    return this.snapshot(ref);
  }

  async payPastDueRenewal(ref: string, idempotencyKey: string): Promise<Outcome<SubscriptionSnapshot>> {
    const subscription = await this.stripe.subscriptions.retrieve(ref);
    const invoiceId = idOf(subscription.latest_invoice);
    if (subscription.status !== 'past_due' || !invoiceId) return { ok: true, value: await this.snapshot(ref) };
    try {
      // The open invoice of the failed renewal, paid with the customer's default card (just updated).
      await this.stripe.invoices.pay(invoiceId, { off_session: true }, { idempotencyKey });
    } catch (err) {
      const failure = cardFailure(err);
      if (failure) return declined(failure);
      throw err;
    }
    return { ok: true, value: await this.snapshot(ref) };
  }

  async cancelNow(ref: string): Promise<SubscriptionSnapshot> {
    await this.stripe.subscriptions.cancel(ref);
    return this.snapshot(ref);
  }

  async charge(input: { customerRef: string; amount: Money; description: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<Outcome<ChargeSnapshot>> {
    const method = await this.defaultMethod(input.customerRef);
    if (!method) return declined({ kind: 'error', code: 'no_payment_method', message: 'Add a card first.' });
    const common = { amount: input.amount.amount, currency: input.amount.currency.toLowerCase(), customer: input.customerRef, description: input.description, metadata: input.metadata };
    try {
      if (method.ref.startsWith('pm_')) {
        const intent = await this.stripe.paymentIntents.create({ ...common, payment_method: method.ref, off_session: true, confirm: true }, { idempotencyKey });
        return { ok: true, value: (await this.getCharge(intent.id))! };
      }
      const charge = await this.stripe.charges.create({ ...common, source: method.ref }, { idempotencyKey });
      // The customer charged is the one asked for (a peer may leave `customer` off a source's charge).
      return { ok: true, value: { ...chargeSnapshotOfCharge(charge), customerRef: input.customerRef } };
    } catch (err) {
      const failure = cardFailure(err);
      if (failure) return declined(failure);
      throw err;
    }
  }

  async getCharge(ref: string): Promise<ChargeSnapshot | null> {
    try {
      if (!ref.startsWith('pi_')) return chargeSnapshotOfCharge(await this.stripe.charges.retrieve(ref));
      const intent = await this.stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge', 'payment_method'] });
      // A subscription's payment: its invoice names the subscription and a copy of its metadata.
      const payments = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: ref }, expand: ['data.invoice'], limit: 1 });
      const invoice = payments.data[0]?.invoice;
      const details = invoice && typeof invoice === 'object' && !invoice.deleted ? invoice.parent?.subscription_details : null;
      return chargeSnapshotOfIntent(intent, { subscriptionRef: idOf(details?.subscription), metadata: { ...details?.metadata } });
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async refund(chargeRef: string, amount: number | null, idempotencyKey: string): Promise<ChargeSnapshot> {
    const target = chargeRef.startsWith('pi_') ? { payment_intent: chargeRef } : { charge: chargeRef };
    await this.stripe.refunds.create({ ...target, ...(amount != null ? { amount } : {}) }, { idempotencyKey });
    const snapshot = await this.getCharge(chargeRef);
    if (!snapshot) throw new Error(`Stripe charge ${chargeRef} vanished`);
    return snapshot;
  }
}

/** The PaymentIntent of an invoice (its default payment), from an invoice with `payments` expanded. */
function intentOfInvoice(invoice: string | Stripe.Invoice | null): string | null {
  if (!invoice || typeof invoice === 'string') return null;
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent);
}
