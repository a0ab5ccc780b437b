/**
 * The mapping of Stripe objects the local peer cannot make (PaymentIntents waiting for 3-D Secure,
 * failed renewals, PaymentIntent charges and refunds), on Stripe's own OpenAPI fixtures with the
 * fields each case sets.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { brandOf, chargeSnapshotOfIntent, failureOf, toSubscriptionSnapshot } from './snapshots.js';
import { providerEventOf } from './webhooks.js';

const FIXTURES = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures/stripe/openapi-fixtures3.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const of = <T>(kind: string, fields: Record<string, unknown>): T => ({ ...structuredClone(FIXTURES[kind]), ...fields }) as T;

const START = 1_790_000_000;
const END = START + 30 * 86_400;
function subscription(fields: Record<string, unknown>): Stripe.Subscription {
  const base = of<Stripe.Subscription>('subscription', {});
  const item = { ...base.items.data[0]!, current_period_start: START, current_period_end: END, price: { ...base.items.data[0]!.price, currency: 'usd', unit_amount: 500 } };
  return { ...base, id: 'sub_1', customer: 'cus_1', currency: 'usd', cancel_at: null, cancel_at_period_end: false, discounts: [], metadata: { userId: 'u1' }, items: { ...base.items, data: [item] }, ...fields } as Stripe.Subscription;
}
const parts = { plan: 'MONTHLY' as const, scheduledPlan: null, defaultPaymentMethod: null };

describe('Stripe snapshots', () => {
  it('a first payment waiting for 3-D Secure: incomplete with the bank page as pendingAction', () => {
    const intent = of<Stripe.PaymentIntent>('payment_intent', {
      id: 'pi_3ds',
      status: 'requires_action',
      last_payment_error: null,
      next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/hosted?x=1', return_url: 'http://localhost/plans/confirmation/monthly' } },
    });
    const snapshot = toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'incomplete' }), latestPayment: intent, latestInvoice: null });
    expect(snapshot).toMatchObject({ status: 'incomplete', pendingAction: { url: 'https://hooks.stripe.com/3d_secure_2/hosted?x=1' }, paymentFailedAt: null, failedPaymentCount: 0, latestChargeRef: 'pi_3ds' });
    expect(snapshot.currentPeriodEnd).toEqual(new Date(END * 1000));
    expect(snapshot.price).toEqual({ amount: 500, currency: 'USD' });
  });

  it('a renewal failing twice: past_due with when it last failed and how often', () => {
    const charge = of<Stripe.Charge>('charge', { id: 'ch_failed', created: END + 3 * 86_400, status: 'failed' });
    const intent = of<Stripe.PaymentIntent>('payment_intent', { id: 'pi_renewal', status: 'requires_payment_method', latest_charge: charge, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' }, next_action: null });
    const invoice = of<Stripe.Invoice>('invoice', { attempt_count: 2, created: END });
    const snapshot = toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'past_due' }), latestPayment: intent, latestInvoice: invoice });
    expect(snapshot).toMatchObject({ status: 'past_due', failedPaymentCount: 2, pendingAction: null });
    expect(snapshot.paymentFailedAt).toEqual(new Date((END + 3 * 86_400) * 1000));
  });

  it('an active subscription has no failure, whatever an old invoice counted', () => {
    const snapshot = toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'active' }), latestPayment: null, latestInvoice: of<Stripe.Invoice>('invoice', { attempt_count: 3 }) });
    expect(snapshot).toMatchObject({ status: 'active', paymentFailedAt: null, failedPaymentCount: 0 });
  });

  it('a discount from a coupon, cancel_at as cancelling, and Stripe statuses folded into the interface’s', () => {
    const coupon = of<Stripe.Coupon>('coupon', { percent_off: 20 });
    const discount = of<Stripe.Discount>('discount', { end: END + 86_400, source: { type: 'coupon', coupon } });
    const snapshot = toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'trialing', discounts: [discount], cancel_at: END }), latestPayment: null, latestInvoice: null });
    expect(snapshot).toMatchObject({ status: 'active', discountPercentOff: 20, discountEndsAt: new Date((END + 86_400) * 1000), cancelAtPeriodEnd: true });
    expect(snapshot.price).toEqual({ amount: 400, currency: 'USD', crossoutAmount: 500 });
    // A discount over before the renewal leaves the renewal at the regular price.
    const ending = of<Stripe.Discount>('discount', { end: END - 86_400, source: { type: 'coupon', coupon } });
    expect(toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'active', discounts: [ending] }), latestPayment: null, latestInvoice: null }).price).toEqual({ amount: 500, currency: 'USD' });
    expect(toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'incomplete_expired' }), latestPayment: null, latestInvoice: null }).status).toBe('canceled');
    expect(toSubscriptionSnapshot({ ...parts, subscription: subscription({ status: 'unpaid' }), latestPayment: null, latestInvoice: null }).status).toBe('unpaid');
  });

  it('a PaymentIntent charge: amount, refunds, card and the subscription metadata its invoice carried', () => {
    const charge = of<Stripe.Charge>('charge', { id: 'ch_1', amount_refunded: 250, payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 8, exp_year: 2029 } } });
    const intent = of<Stripe.PaymentIntent>('payment_intent', { id: 'pi_1', customer: 'cus_1', status: 'succeeded', amount: 1500, currency: 'cad', created: START, latest_charge: charge, last_payment_error: null, metadata: {} });
    expect(chargeSnapshotOfIntent(intent, { subscriptionRef: 'sub_1', metadata: { userId: 'u1' } })).toEqual({
      ref: 'pi_1',
      customerRef: 'cus_1',
      subscriptionRef: 'sub_1',
      status: 'succeeded',
      amount: { amount: 1500, currency: 'CAD' },
      amountRefunded: 250,
      card: { brand: 'mastercard', lastFour: '4444', expMonth: 8, expYear: 2029 },
      createdAt: new Date(START * 1000),
      failure: null,
      metadata: { userId: 'u1' },
    });
    const failed = of<Stripe.PaymentIntent>('payment_intent', { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }, latest_charge: null, currency: 'usd' });
    expect(chargeSnapshotOfIntent(failed, { subscriptionRef: null, metadata: {} })).toMatchObject({ status: 'failed', failure: { kind: 'declined', code: 'expired_card' } });
  });

  it('decline codes and brands as the site names them', () => {
    expect(failureOf({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'm' }).code).toBe('insufficient_funds');
    expect(failureOf({ code: 'card_declined', decline_code: 'generic_decline', message: 'm' }).code).toBe('card_declined');
    expect(['Visa', 'MasterCard', 'American Express', 'amex', 'Diners Club', 'diners', 'JCB', 'unionpay'].map(brandOf)).toEqual(['visa', 'mastercard', 'amex', 'amex', 'diners club', 'diners club', 'jcb', 'unknown']);
  });

  it('Stripe event types to the events the site applies, by the object to re-read', () => {
    const e = (type: string, object: Record<string, unknown>) => ({ ...FIXTURES.event, type, data: { object } }) as unknown as Stripe.Event;
    expect(providerEventOf(e('customer.subscription.updated', { id: 'sub_1' }))).toEqual({ type: 'subscription.updated', objectRef: 'sub_1' });
    expect(providerEventOf(e('customer.subscription.deleted', { id: 'sub_1' }))).toEqual({ type: 'subscription.deleted', objectRef: 'sub_1' });
    expect(providerEventOf(e('invoice.payment_failed', { id: 'in_1', parent: { subscription_details: { subscription: 'sub_2' } } }))).toEqual({ type: 'subscription.updated', objectRef: 'sub_2' });
    expect(providerEventOf(e('invoice.paid', { id: 'in_1', parent: null }))).toBeNull();
    expect(providerEventOf(e('charge.refunded', { id: 'ch_1', payment_intent: 'pi_1' }))).toEqual({ type: 'charge.refunded', objectRef: 'pi_1' });
    expect(providerEventOf(e('charge.succeeded', { id: 'ch_2', payment_intent: null }))).toEqual({ type: 'charge.succeeded', objectRef: 'ch_2' });
    expect(providerEventOf(e('customer.created', { id: 'cus_1' }))).toBeNull();
  });
});
