import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripePeer, type StripePeer } from '../../../../tests/support/stripe-peer.js';
import { lookupKeyOf } from './catalogue.js';
import { StripeProvider } from './stripe-provider.js';

let peer: StripePeer;
let provider: StripeProvider;
const DAY = 86_400_000;

const newProvider = () =>
  new StripeProvider({ secretKey: 'sk_test_inkwell', publishableKey: 'pk_test_inkwell', webhookSecret: 'whsec_test', apiBase: peer.url, siteOrigin: 'http://localhost:3000' }, { friendName: 'Friend of Inkwell' });

beforeAll(async () => {
  peer = await startStripePeer();
  provider = newProvider();
});
afterAll(() => peer.close());

let keys = 0;
const key = (what: string) => `${what}-${++keys}-${Date.now()}`;

async function customerWithCard(token = 'tok_visa') {
  const { ref } = await provider.createCustomer({ userId: `u${keys}`, email: 'reader@example.com', name: 'Reader' }, key('customer'));
  const attached = await provider.attachPaymentMethod(ref, { kind: 'token', token }, key('card'));
  return { ref, attached };
}

async function subscribe(plan: 'MONTHLY' | 'YEARLY' | 'PREMIUM_MONTHLY' | 'PREMIUM_YEARLY', options: { currency?: 'USD' | 'CAD'; discount?: { percentOff: number; cycles: number } } = {}) {
  const { ref } = await customerWithCard();
  const result = await provider.createSubscription({ customerRef: ref, plan, currency: options.currency ?? 'USD', discount: options.discount ?? null, metadata: { userId: 'u1' } }, key('sub'));
  if (!result.ok) throw new Error(result.failure.message);
  return result.value;
}

describe('Stripe provider against the local Stripe peer', () => {
  it('makes the four plans once, found again by lookup key', async () => {
    const catalogue = await provider.prices();
    const before = peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices').length;
    expect(before).toBe(4);
    const again = await newProvider().prices();
    expect(peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices')).toHaveLength(4);
    for (const plan of ['MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY'] as const) {
      expect(again.priceOf(plan)).toBe(catalogue.priceOf(plan));
      expect(again.planOf(catalogue.priceOf(plan))).toBe(plan);
    }
    const created = peer.requests.find((r) => r.path === '/v1/prices' && r.method === 'POST' && r.body === null);
    expect(created?.idempotencyKey).toMatch(/^inkwell-price-/);
    expect(lookupKeyOf('PREMIUM_YEARLY')).toBe('inkwell_membership_premium_yearly');
  });

  it('returns the same customer for a retried create with the same key', async () => {
    const k = key('customer');
    const a = await provider.createCustomer({ userId: 'u1', email: 'a@example.com', name: 'A' }, k);
    const b = await provider.createCustomer({ userId: 'u1', email: 'a@example.com', name: 'A' }, k);
    const c = await provider.createCustomer({ userId: 'u1', email: 'a@example.com', name: 'A' }, key('customer'));
    expect(b.ref).toBe(a.ref);
    expect(c.ref).not.toBe(a.ref);
  });

  it('stores a card token as the default card, and reports a declined one', async () => {
    const { attached } = await customerWithCard('tok_visa');
    expect(attached).toMatchObject({ ok: true, value: { card: { brand: 'visa', lastFour: '4242' } } });
    const declined = await customerWithCard('tok_chargeDeclined');
    expect(declined.attached).toEqual({ ok: false, failure: { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' } });
    const raw = await provider.attachPaymentMethod(declined.ref, { kind: 'card', number: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' }, key('card'));
    expect(raw).toMatchObject({ ok: false, failure: { kind: 'error', code: 'card_fields_not_accepted' } });
  });

  it('subscribes yearly in CAD: plan, price, a year-long period, the card and the metadata', async () => {
    const sub = await subscribe('YEARLY', { currency: 'CAD' });
    expect(sub).toMatchObject({ status: 'active', plan: 'YEARLY', price: { amount: 5000, currency: 'CAD' }, cancelAtPeriodEnd: false, pendingAction: null, scheduledPlan: null, metadata: { userId: 'u1' } });
    expect(sub.defaultPaymentMethod?.card).toMatchObject({ brand: 'visa', lastFour: '4242' });
    const days = (sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
    const create = peer.requests.filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST').at(-1)!;
    expect(create.body).toMatchObject({ currency: 'cad', payment_behavior: 'default_incomplete', expand: ['latest_invoice.payments'] });
    expect(await provider.getSubscription(sub.ref)).toEqual(sub);
  });

  it('a retried purchase with the same key makes one subscription', async () => {
    const { ref } = await customerWithCard();
    const k = key('sub');
    const input = { customerRef: ref, plan: 'MONTHLY' as const, currency: 'USD' as const, metadata: { userId: 'u9' } };
    const a = await provider.createSubscription(input, k);
    const b = await provider.createSubscription(input, k);
    expect(a.ok && b.ok && a.value.ref === b.value.ref).toBe(true);
  });

  it('starts the first-year half-off with a coupon ending after a year', async () => {
    const sub = await subscribe('YEARLY', { discount: { percentOff: 50, cycles: 1 } });
    expect(sub.discountPercentOff).toBe(50);
    // The coupon covers the first year's invoice only: the renewal a year on is at the regular price.
    expect(sub.price).toEqual({ amount: 5000, currency: 'USD' });
    const days = (sub.discountEndsAt!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(367);
  });

  it('cancels at the period end and takes that back', async () => {
    const sub = await subscribe('MONTHLY');
    expect((await provider.setCancelAtPeriodEnd(sub.ref, true)).cancelAtPeriodEnd).toBe(true);
    const back = await provider.setCancelAtPeriodEnd(sub.ref, false);
    expect(back).toMatchObject({ cancelAtPeriodEnd: false, status: 'active' });
  });

  it('upgrades now with proration charged at once, previewed first', async () => {
    const sub = await subscribe('MONTHLY');
    const preview = await provider.previewPlanChange(sub.ref, 'PREMIUM_MONTHLY');
    expect(preview.currency).toBe('USD');
    // $15 - $5 for (almost) the whole month left.
    expect(preview.amount).toBeGreaterThan(990);
    expect(preview.amount).toBeLessThanOrEqual(1000);
    const switched = await provider.changePlan(sub.ref, 'PREMIUM_MONTHLY', 'now', key('switch'));
    expect(switched).toMatchObject({ ok: true, value: { plan: 'PREMIUM_MONTHLY', price: { amount: 1500 }, scheduledPlan: null } });
    expect(switched.ok && switched.value.currentPeriodEnd).toEqual(sub.currentPeriodEnd);
    const update = peer.requests.filter((r) => r.path === `/v1/subscriptions/${sub.ref}` && r.method === 'POST').at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
  });

  it('downgrades at the period end through a schedule; cancelling drops the switch', async () => {
    const sub = await subscribe('PREMIUM_YEARLY');
    const scheduled = await provider.changePlan(sub.ref, 'YEARLY', 'period_end', key('switch'));
    expect(scheduled).toMatchObject({ ok: true, value: { plan: 'PREMIUM_YEARLY', scheduledPlan: { plan: 'YEARLY', startAt: sub.currentPeriodEnd } } });
    // Asked again (a retry), the schedule is reused.
    await provider.changePlan(sub.ref, 'YEARLY', 'period_end', key('switch'));
    expect(peer.requests.filter((r) => r.path === '/v1/subscription_schedules' && r.method === 'POST')).toHaveLength(1);
    const cancelled = await provider.setCancelAtPeriodEnd(sub.ref, true);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, scheduledPlan: null, plan: 'PREMIUM_YEARLY' });
  });

  it('applies a retention discount and ends a subscription now', async () => {
    const sub = await subscribe('MONTHLY');
    const discounted = await provider.applyDiscount(sub.ref, { percentOff: 20, cycles: 12 }, key('discount'));
    expect(discounted.discountPercentOff).toBe(20);
    expect(discounted.price).toEqual({ amount: 400, currency: 'USD', crossoutAmount: 500 });
    // The same offer later reuses its coupon.
    await provider.applyDiscount((await subscribe('MONTHLY')).ref, { percentOff: 20, cycles: 12 }, key('discount'));
    expect(peer.requests.filter((r) => r.path === '/v1/coupons' && r.method === 'POST' && r.body?.percent_off === '20')).toHaveLength(1);
    expect((await provider.cancelNow(sub.ref)).status).toBe('canceled');
  });

  it('charges once (a gift), refunds part of it, and reads it back', async () => {
    const { ref } = await customerWithCard();
    const k = key('charge');
    const input = { customerRef: ref, amount: { amount: 2900, currency: 'USD' as const }, description: 'Gift membership', metadata: { chargeType: 'gift' } };
    const charged = await provider.charge(input, k);
    expect(charged).toMatchObject({ ok: true, value: { status: 'succeeded', amount: { amount: 2900, currency: 'USD' }, amountRefunded: 0, customerRef: ref, card: { brand: 'visa', lastFour: '4242' }, metadata: { chargeType: 'gift' } } });
    if (!charged.ok) return;
    const replayed = await provider.charge(input, k);
    expect(replayed.ok && replayed.value.ref).toBe(charged.value.ref);
    const refunded = await provider.refund(charged.value.ref, 900, key('refund'));
    expect(refunded).toMatchObject({ ref: charged.value.ref, amountRefunded: 900 });
    expect((await provider.getCharge(charged.value.ref))?.amountRefunded).toBe(900);
  });

  it('reports a card that attaches but fails when charged', async () => {
    const { ref, attached } = await customerWithCard('tok_chargeCustomerFail');
    expect(attached.ok).toBe(true);
    const charged = await provider.charge({ customerRef: ref, amount: { amount: 2900, currency: 'USD' }, description: 'Gift', metadata: {} }, key('charge'));
    expect(charged).toMatchObject({ ok: false, failure: { kind: 'declined', code: 'card_declined' } });
  });

  it('pays a past-due renewal now with the new default card; a refused card leaves it past due', async () => {
    const sub = await subscribe('MONTHLY');
    expect(await provider.payPastDueRenewal(sub.ref, key('pay'))).toMatchObject({ ok: true, value: { status: 'active' } });
    expect(peer.requests.some((r) => r.path.endsWith('/pay'))).toBe(false);
    // Billing's renewal failed: Stripe leaves the subscription past_due with its open invoice.
    Object.assign(peer.subscriptions.get(sub.ref)!, { status: 'past_due', latest_invoice: 'in_peer_open' });
    await provider.attachPaymentMethod(sub.customerRef, { kind: 'token', token: 'tok_chargeCustomerFail' }, key('card'));
    expect(await provider.payPastDueRenewal(sub.ref, key('pay'))).toMatchObject({ ok: false, failure: { kind: 'declined', code: 'card_declined' } });
    expect((await provider.getSubscription(sub.ref))?.status).toBe('past_due');
    await provider.attachPaymentMethod(sub.customerRef, { kind: 'token', token: 'tok_visa' }, key('card'));
    const k = key('pay');
    expect(await provider.payPastDueRenewal(sub.ref, k)).toMatchObject({ ok: true, value: { status: 'active' } });
    expect(peer.requests.filter((r) => r.path === '/v1/invoices/in_peer_open/pay').map((r) => [r.idempotencyKey, r.body?.off_session])).toContainEqual([k, 'true']);
  });

  it('knows nothing of objects Stripe does not have', async () => {
    expect(await provider.getSubscription('sub_missing')).toBeNull();
    expect(await provider.getCharge('ch_missing')).toBeNull();
  });

  it('sends an Idempotency-Key with every create', () => {
    const creates = peer.requests.filter((r) => r.method === 'POST' && /^\/v1\/(customers|products|prices|subscriptions|subscription_schedules|coupons|charges|refunds)$|\/sources$/.test(r.path));
    expect(creates.length).toBeGreaterThan(20);
    expect(creates.filter((r) => !r.idempotencyKey)).toEqual([]);
  });
});
