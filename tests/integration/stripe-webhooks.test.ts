import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/accounts/tables.js';
import { memberships } from '../../src/modules/membership/tables.js';
import { createStripeProvider, type StripeProvider } from '../../src/modules/payments/stripe/index.js';
import { STRIPE_WEBHOOK_PATH } from '../../src/modules/payments/stripe/webhooks.js';
import { paymentProviderEvents } from '../../src/modules/payments/tables.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';
import { startStripePeer, type StripePeer } from '../support/stripe-peer.js';
import { Q } from './membership-fixtures.js';

const SECRET = 'whsec_inkwelltest';
const FIXTURES = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/stripe/openapi-fixtures3.json'), 'utf8')) as Record<string, Record<string, unknown>>;

let peer: StripePeer;
let t: TestApp;
let provider: StripeProvider;

beforeAll(async () => {
  peer = await startStripePeer();
  t = await createTestApp({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_inkwellhooks', STRIPE_PUBLISHABLE_KEY: 'pk_test_inkwellhooks', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: peer.url });
  provider = createStripeProvider(t.config);
});
afterAll(() => peer.close());

let seq = 0;
/** A Stripe event (the fixture's envelope) about `object`: what Stripe sends, signed as Stripe signs. */
function event(type: string, object: Record<string, unknown>, id = `evt_test${++seq}${Date.now()}`) {
  return JSON.stringify({ ...FIXTURES.event, id, type, created: Math.floor(Date.now() / 1000), data: { object } });
}
function deliver(payload: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const signature = opts.signature ?? provider.stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp });
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
}

async function subscribedReader(plan: 'MONTHLY' | 'PREMIUM_MONTHLY' = 'MONTHLY') {
  const reader = await newReader(t);
  const { ref: customerRef } = await provider.createCustomer({ userId: reader.id, email: null, name: 'Reader' }, `c-${reader.id}`);
  await provider.attachPaymentMethod(customerRef, { kind: 'token', token: 'tok_visa' }, `pm-${reader.id}`);
  const created = await provider.createSubscription({ customerRef, plan, currency: 'USD', metadata: { userId: reader.id } }, `s-${reader.id}`);
  if (!created.ok) throw new Error('subscription refused');
  return { reader, subscription: created.value };
}

const membershipsOf = (userId: string) => t.database.db.select().from(memberships).where(eq(memberships.userId, userId));
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const storedEvent = async (id: string) => (await t.database.db.select().from(paymentProviderEvents).where(and(eq(paymentProviderEvents.provider, 'STRIPE'), eq(paymentProviderEvents.eventId, id))))[0];

describe('Buying a membership through Stripe', () => {
  it('a reader pays with a card from Stripe (a token), becomes a member, switches up and cancels', async () => {
    const reader = await newReader(t);
    const info = (await reader.browser.gql(Q.plans, { currency: 'CAD' })).data.paymentProviderInfo;
    expect(info).toMatchObject({ testMode: true, publishableKey: 'pk_test_inkwellhooks' });
    // Card fields are refused with Stripe: the number goes to Stripe.js only.
    const fields = (await reader.browser.gql(Q.purchase, { type: 'YEARLY', currency: 'CAD', pm: { cardNumber: '4242424242424242', expMonth: 8, expYear: 2040, cvc: '123' } })).data.purchaseMembership;
    expect(fields).toMatchObject({ message: 'Enter your card in the payment form.' });
    expect(await membershipsOf(reader.id)).toHaveLength(0);

    const bought = (await reader.browser.gql(Q.purchase, { type: 'YEARLY', currency: 'CAD', pm: { token: 'tok_visa' } })).data.purchaseMembership;
    expect(bought).toMatchObject({
      __typename: 'MembershipPurchaseSuccess',
      membershipStatus: { state: 'ACTIVE', paymentProvider: 'STRIPE', membershipType: 'YEARLY', currency: 'CAD', amount: 5000, paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242' } },
    });
    expect((await userRow(reader.id)).memberTier).toBe('MEMBER');
    const id = bought.membershipStatus.membershipId;
    const subscriptionRef = (await membershipsOf(reader.id))[0]!.subscriptionRef!;
    expect(peer.subscriptions.get(subscriptionRef)).toMatchObject({ currency: 'cad', metadata: { userId: reader.id } });

    const upgraded = (await reader.browser.gql(Q.switchPlan, { id, type: 'PREMIUM_YEARLY' })).data.updateMembershipPlan;
    expect(upgraded).toMatchObject({ __typename: 'MembershipPurchaseSuccess', membershipStatus: { membershipType: 'PREMIUM_YEARLY', tier: 'FRIEND' } });
    expect((await userRow(reader.id)).memberTier).toBe('FRIEND');
    const cancelled = (await reader.browser.gql(Q.cancel, { id, reason: 'TIME' })).data.cancelMembership;
    expect(cancelled.__typename).not.toMatch(/BadRequest|Unauthorized|NotFound|PaymentError/);
    expect(peer.subscriptions.get(subscriptionRef)).toMatchObject({ cancel_at_period_end: true });
    expect((await membershipsOf(reader.id))[0]).toMatchObject({ isCancelled: true, state: 'ACTIVE' });
  });
});

describe('Stripe webhooks', () => {
  it('grants the membership from a subscription event, once however often it arrives', async () => {
    const { reader, subscription } = await subscribedReader();
    const stale = { ...FIXTURES.subscription, id: subscription.ref, status: 'incomplete' };
    const payload = event('customer.subscription.created', stale, 'evt_grant_once');
    expect(await membershipsOf(reader.id)).toHaveLength(0);
    expect((await deliver(payload)).statusCode).toBe(200);
    const [first] = await membershipsOf(reader.id);
    // Re-read from Stripe: active, although the payload's copy said incomplete.
    expect(first).toMatchObject({ provider: 'STRIPE', subscriptionRef: subscription.ref, plan: 'MONTHLY', state: 'ACTIVE', amount: 500, currency: 'USD' });
    const granted = await userRow(reader.id);
    expect(granted.memberTier).toBe('MEMBER');
    expect(granted.memberAccessUntil?.getTime()).toBe(subscription.currentPeriodEnd.getTime());

    // The same event again (Stripe retries), and another event about the same subscription.
    expect((await deliver(payload)).statusCode).toBe(200);
    expect((await deliver(event('invoice.paid', { ...FIXTURES.invoice, parent: { type: 'subscription_details', subscription_details: { subscription: subscription.ref, metadata: {} }, quote_details: null } }))).statusCode).toBe(200);
    const rows = await membershipsOf(reader.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect((await userRow(reader.id)).memberSince).toEqual(granted.memberSince);
    expect(await storedEvent('evt_grant_once')).toMatchObject({ type: 'subscription.updated', objectRef: subscription.ref, attempts: 1 });
  });

  it('converges on Stripe’s state when events arrive out of order', async () => {
    const { reader, subscription } = await subscribedReader('PREMIUM_MONTHLY');
    const older = { ...FIXTURES.subscription, id: subscription.ref, status: 'active', cancel_at_period_end: false };
    // The reader cancelled at the period end: Stripe sends updated(cancel) after updated(active),
    // and they arrive the other way round.
    await provider.setCancelAtPeriodEnd(subscription.ref, true);
    const newer = { ...older, cancel_at_period_end: true };
    expect((await deliver(event('customer.subscription.updated', newer))).statusCode).toBe(200);
    expect((await deliver(event('customer.subscription.updated', older))).statusCode).toBe(200);
    const [row] = await membershipsOf(reader.id);
    expect(row).toMatchObject({ isCancelled: true, tier: 'FRIEND', state: 'ACTIVE' });

    // Ended at Stripe: the deleted event and a late updated one, in either order, leave it ended.
    await provider.cancelNow(subscription.ref);
    expect((await deliver(event('customer.subscription.deleted', { ...older, status: 'canceled' }))).statusCode).toBe(200);
    expect((await deliver(event('customer.subscription.updated', older))).statusCode).toBe(200);
    const [ended] = await membershipsOf(reader.id);
    expect(ended!.state).toBe('INACTIVE');
    expect(await membershipsOf(reader.id)).toHaveLength(1);
  });

  it('refuses a bad or stale signature with 400 and stores nothing', async () => {
    const { subscription } = await subscribedReader();
    const payload = event('customer.subscription.updated', { ...FIXTURES.subscription, id: subscription.ref }, 'evt_bad_signature');
    expect((await deliver(payload, { secret: 'whsec_someoneelse' })).statusCode).toBe(400);
    expect((await deliver(payload, { signature: 'nonsense' })).statusCode).toBe(400);
    // Signed 301 seconds ago: past the 300 s tolerance.
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(400);
    // Changed after signing.
    const signature = provider.stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await deliver(payload.replace(subscription.ref, 'sub_other'), { signature })).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await storedEvent('evt_bad_signature')).toBeUndefined();
    // Within the tolerance it is accepted.
    expect((await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 200 })).statusCode).toBe(200);
  });

  it('answers 200 to event types it does not handle, storing nothing', async () => {
    const response = await deliver(event('plan.created', FIXTURES.event.data as Record<string, unknown>, 'evt_unknown_type'));
    expect(response.statusCode).toBe(200);
    expect(await storedEvent('evt_unknown_type')).toBeUndefined();
  });

  it('lets the pages load Stripe.js', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });
    expect(page.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it('answers 500 when the event cannot be applied, keeping it for a retry', async () => {
    const response = await deliver(event('customer.subscription.updated', { ...FIXTURES.subscription, id: 'sub_unknown_to_stripe' }, 'evt_fails'));
    expect(response.statusCode).toBe(500);
    const stored = await storedEvent('evt_fails');
    expect(stored).toMatchObject({ processedAt: null, attempts: 1 });
    expect(stored!.lastError).toContain('sub_unknown_to_stripe');
  });
});
