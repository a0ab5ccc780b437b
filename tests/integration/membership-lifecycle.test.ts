import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/platform/clock.js';
import type { TestPaymentProvider } from '../../src/modules/payments/index.js';
import { refreshMembership } from '../../src/modules/membership/manage.js';
import { applySubscriptionSnapshot } from '../../src/modules/membership/apply-snapshot.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { buy, card, CARDS, membershipWorld, Q, type MembershipWorld } from './membership-fixtures.js';

/**
 * The whole life of memberships on the manual clock against the built-in test provider, through
 * GraphQL as the pages use it, with the provider's renewals and retries run as the worker runs them.
 */
describe('membership lifecycle', () => {
  let t: TestApp;
  let w: MembershipWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = membershipWorld(t, new Date('2026-01-10T12:00:00Z'));
  });

  const status = async (r: Reader) => (await r.browser.gql(Q.status)).data.viewer;
  const access = async (r: Reader) => {
    const { rows } = await t.database.pool.query<{ member_tier: string; member_since: Date | null; friend_since: Date | null; member_access_until: Date | null }>(
      'select member_tier, member_since, friend_since, member_access_until from users where id = $1',
      [r.id],
    );
    return rows[0]!;
  };
  const emails = async (r: Reader, kind: string) => {
    const { rows } = await t.database.pool.query<{ n: number }>(`select count(*)::int as n from email_outbox o join users u on u.email = o.to_address where u.id = $1 and o.kind = $2`, [r.id, kind]);
    return rows[0]!.n;
  };
  const billing = async (r: Reader) => (await r.browser.gql(Q.billing)).data.billingHistory as { amount: { amount: number }; status: string; type: string; description: string }[];
  const cancellations = async (membershipId: string) =>
    (await t.database.pool.query('select reason, comment, offer, offer_accepted, kept_member from membership_cancellations where membership_id = $1 order by created_at', [membershipId])).rows;

  it('buys, renews, the card expires and is replaced, renewals fail twice and more, and the membership ends for delinquency', async () => {
    const ann = await newReader(t, 'Ann');
    // A card good through February: it pays the first renewal, then expires.
    const bought = (await ann.browser.gql(Q.purchase, { type: 'MONTHLY', pm: card(CARDS.visa, 2, 2026) })).data.purchaseMembership;
    expect(bought.__typename).toBe('MembershipPurchaseSuccess');
    expect(bought.membershipStatus).toMatchObject({
      membershipType: 'MONTHLY',
      tier: 'MEMBER',
      state: 'ACTIVE',
      amount: 500,
      currency: 'USD',
      isCancelled: false,
      paymentProvider: 'TEST',
      paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 2, expirationYear: 2026 },
      hasCreditCardExpired: false,
      canSwitchPlan: true,
      canReactivate: false,
    });
    const id = bought.membershipStatus.membershipId;
    const started = w.clock.now();
    expect(await access(ann)).toMatchObject({ member_tier: 'MEMBER', member_since: started });
    expect((await access(ann)).member_access_until!.toISOString()).toBe('2026-02-10T12:00:00.000Z');
    expect((await billing(ann)).map((c) => [c.amount.amount, c.status, c.type])).toEqual([[500, 'succeeded', 'monthly']]);

    // Renewal: a second charge, the next period, memberSince kept.
    await w.advanceTo(new Date('2026-02-10T12:00:01Z'));
    let s = (await status(ann)).membershipStatus;
    expect(s).toMatchObject({ membershipId: id, state: 'ACTIVE', currentPeriodEndsAt: Date.parse('2026-03-10T12:00:00Z'), hasCreditCardExpired: false });
    expect((await billing(ann)).length).toBe(2);
    expect((await access(ann)).member_since).toEqual(started);

    // March: the card has expired (the payment-method banner's first case).
    await w.advanceTo(new Date('2026-03-01T00:00:00Z'));
    expect((await status(ann)).membershipStatus).toMatchObject({ hasCreditCardExpired: true, state: 'ACTIVE' });

    // A new card: the membership pays with it.
    const updated = (await ann.browser.gql(Q.updateCard, { pm: card(CARDS.mastercard) })).data.updatePaymentMethod;
    expect(updated.membershipStatus).toMatchObject({ hasCreditCardExpired: false, paymentMethod: { cardType: 'mastercard', lastFour: '4444' } });
    await w.advanceTo(new Date('2026-03-10T12:00:01Z'));
    expect((await billing(ann)).length).toBe(3);

    // Then a card whose every charge fails: the April renewal fails and is retried.
    expect((await ann.browser.gql(Q.updateCard, { pm: card(CARDS.failsCharges) })).data.updatePaymentMethod.__typename).toBe('MembershipPurchaseSuccess');
    await w.advanceTo(new Date('2026-04-10T12:00:01Z'));
    s = (await status(ann)).membershipStatus;
    expect(s).toMatchObject({ state: 'ACTIVE', hasRecurringPaymentFailedMoreThanOnce: false, canSwitchPlan: false });
    expect(s.paymentFailedAt).not.toBeNull();
    expect(await emails(ann, 'membership-payment-failed')).toBe(1);
    // Access is kept while the provider retries.
    expect((await access(ann)).member_access_until!.getTime()).toBeGreaterThan(Date.parse('2026-04-24T00:00:00Z'));
    expect((await access(ann)).member_tier).toBe('MEMBER');

    // The first retry fails too: more than once (the red banner), a second email, no more for the same failure.
    await w.advance(3 * DAY_MS + 60_000);
    s = (await status(ann)).membershipStatus;
    expect(s).toMatchObject({ state: 'ACTIVE', hasRecurringPaymentFailedMoreThanOnce: true });
    expect(await emails(ann, 'membership-payment-failed')).toBe(2);
    await w.applyEvents();
    expect(await emails(ann, 'membership-payment-failed')).toBe(2);

    // The last retries fail: the provider gives up, the membership ends for delinquency.
    await w.advance(5 * DAY_MS);
    await w.advance(8 * DAY_MS);
    s = (await status(ann)).membershipStatus;
    expect(s).toMatchObject({ membershipId: id, state: 'INACTIVE', deactivationSource: 'delinquency', canReactivate: false });
    expect(await access(ann)).toEqual({ member_tier: 'FREE', member_since: null, friend_since: null, member_access_until: null });
    expect((await status(ann)).hasPastMemberships).toBe(true);
    expect((await billing(ann)).filter((c) => c.status === 'succeeded').length).toBe(3);
  });

  it('pays a failed renewal with a new card at once (a refused one leaves the retries as they were), and suspends the membership with the account', async () => {
    w.clock.set(new Date('2026-04-20T08:00:00Z'));
    const hal = await newReader(t, 'Hal');
    await buy(hal, 'MONTHLY');
    await hal.browser.gql(Q.updateCard, { pm: card(CARDS.failsCharges) });
    await w.advanceTo(new Date('2026-05-20T08:00:01Z'));
    expect((await status(hal)).membershipStatus).toMatchObject({ state: 'ACTIVE', canSwitchPlan: false });
    // The same state applied again (an event redelivered, the purchase's answer racing its event) changes nothing more.
    const ref = (await t.database.pool.query('select subscription_ref from memberships where user_id = $1', [hal.id])).rows[0].subscription_ref;
    for (let i = 0; i < 2; i += 1) await applySubscriptionSnapshot(t.database.db, w.provider, (await w.provider.getSubscription(ref))!, w.deps.env);
    expect(await emails(hal, 'membership-payment-failed')).toBe(1);
    const retryAt = async () => (await t.database.pool.query('select next_retry_at, failed_payment_count from test_provider_subscriptions where ref = $1', [ref])).rows[0];
    const scheduled = await retryAt();
    // A minute apart, so the billing history's order by time is the order they happened in.
    await w.advance(60_000);
    // Another card that attaches but whose charges fail: the payment tried now is refused, the retries stay as they were.
    const refused = (await hal.browser.gql(Q.updateCard, { pm: card(CARDS.failsCharges) })).data.updatePaymentMethod;
    expect(refused.__typename).toBe('PaymentMethodDeclined');
    expect(await retryAt()).toEqual(scheduled);
    expect((await status(hal)).membershipStatus).toMatchObject({ state: 'ACTIVE', canSwitchPlan: false });
    // A good card pays the renewal at once, without waiting for the retry.
    await w.advance(60_000);
    const updated = (await hal.browser.gql(Q.updateCard, { pm: card(CARDS.visa) })).data.updatePaymentMethod.membershipStatus;
    expect(updated).toMatchObject({ state: 'ACTIVE', paymentFailedAt: null, canSwitchPlan: true, paymentMethod: { lastFour: '4242' } });
    expect((await billing(hal)).map((c) => [c.amount.amount, c.status])).toEqual([
      [500, 'succeeded'],
      [500, 'failed'],
      [500, 'failed'],
      [500, 'succeeded'],
    ]);
    // The retry that was due finds nothing to do: no second charge for the same renewal.
    await w.advance(3 * DAY_MS);
    expect((await status(hal)).membershipStatus).toMatchObject({ state: 'ACTIVE', paymentFailedAt: null, hasRecurringPaymentFailedMoreThanOnce: false });
    expect((await billing(hal)).length).toBe(4);
    expect(await emails(hal, 'membership-payment-failed')).toBe(1);

    // The account is suspended: the membership with it, and access goes; restored, it comes back.
    await t.database.pool.query('update users set is_suspended = true where id = $1', [hal.id]);
    expect((await refreshMembership(w.deps, hal.id))!.state).toBe('SUSPENDED');
    expect(await access(hal)).toMatchObject({ member_tier: 'FREE', member_access_until: null });
    await t.database.pool.query('update users set is_suspended = false where id = $1', [hal.id]);
    expect((await refreshMembership(w.deps, hal.id))!.state).toBe('ACTIVE');
    expect((await access(hal)).member_tier).toBe('MEMBER');
  });

  it('cancels with a reason, takes the half-off offer, and the discounted renewal keeps the member', async () => {
    w.clock.set(new Date('2026-05-01T09:00:00Z'));
    const bea = await newReader(t, 'Bea');
    const id = (await buy(bea, 'MONTHLY')).membershipStatus.membershipId;
    const cancelled = (await bea.browser.gql(Q.cancel, { id, reason: 'COSTS', comment: 'Money is tight' })).data.cancelMembership;
    expect(cancelled.membershipStatus).toMatchObject({ isCancelled: true, canReactivate: true, canSwitchPlan: false, retentionOffer: 'FIFTY_PERCENT_OFF_ONE_YEAR', state: 'ACTIVE' });
    // Access lasts to the period end.
    expect((await access(bea)).member_access_until!.toISOString()).toBe('2026-06-01T09:00:00.000Z');
    // Only the offer made can be taken.
    expect((await bea.browser.gql(Q.accept, { id, discount: 'TWENTY_PERCENT_OFF_ONE_YEAR' })).data.acceptMembershipRetentionOffer).toEqual({ __typename: 'BadRequest', message: 'This offer is not available.' });
    const kept = (await bea.browser.gql(Q.accept, { id, discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' })).data.acceptMembershipRetentionOffer;
    expect(kept.membershipStatus).toMatchObject({ isCancelled: false, amount: 250, retentionOffer: null, planV2: { price: { amount: 250, crossoutAmount: 500 }, discount: { regularPrice: { amount: 500 } } } });
    expect(kept.membershipStatus.discountEndsAt).toBeGreaterThan(Date.parse('2027-05-01T00:00:00Z'));
    expect(await cancellations(id)).toEqual([{ reason: 'costs', comment: 'Money is tight', offer: 'FIFTY_PERCENT_OFF_ONE_YEAR', offer_accepted: true, kept_member: null }]);
    // Taken once: a second accept finds no offer.
    expect((await bea.browser.gql(Q.accept, { id, discount: 'FIFTY_PERCENT_OFF_ONE_YEAR' })).data.acceptMembershipRetentionOffer.__typename).toBe('BadRequest');

    await w.advanceTo(new Date('2026-06-01T09:00:01Z'));
    expect((await billing(bea)).map((c) => c.amount.amount)).toEqual([250, 500]);
    expect((await cancellations(id))[0]).toMatchObject({ offer_accepted: true, kept_member: true });
    // A year's offer: cancelling again within it meets none.
    const again = (await bea.browser.gql(Q.cancel, { id, reason: 'COSTS' })).data.cancelMembership;
    expect(again.membershipStatus.retentionOffer).toBe('NONE');
  });

  it('declines the offer, reactivates, and a cancellation left to run ends the membership at the period end', async () => {
    w.clock.set(new Date('2026-07-01T09:00:00Z'));
    const cal = await newReader(t, 'Cal');
    const id = (await buy(cal, 'YEARLY')).membershipStatus.membershipId;
    const cancelled = (await cal.browser.gql(Q.cancel, { id, reason: 'TIME' })).data.cancelMembership;
    expect(cancelled.membershipStatus.retentionOffer).toBe('TWENTY_PERCENT_OFF_ONE_YEAR');
    // Declining is leaving the offer: the membership stays cancelled; reactivating brings it back.
    expect((await cal.browser.gql(Q.uncancel, { id })).data.UncancelMembership).toEqual({ __typename: 'MutationSuccess', success: true });
    expect((await status(cal)).membershipStatus).toMatchObject({ isCancelled: false, canReactivate: false, retentionOffer: null, amount: 5000 });
    expect((await cal.browser.gql(Q.uncancel, { id })).data.UncancelMembership).toEqual({ __typename: 'BadRequest', message: 'This membership cannot be reactivated.' });
    expect((await cancellations(id))[0]).toMatchObject({ reason: 'time', offer: 'TWENTY_PERCENT_OFF_ONE_YEAR', offer_accepted: false, kept_member: null });

    // Cancelled again and left: at the period end it ends, by the reader.
    expect((await cal.browser.gql(Q.cancel, { id, reason: 'SWITCHING_PRODUCT' })).data.cancelMembership.membershipStatus.retentionOffer).toBe('NONE');
    await w.advanceTo(new Date('2027-07-01T09:00:01Z'));
    expect((await status(cal)).membershipStatus).toMatchObject({ state: 'INACTIVE', deactivationSource: 'user' });
    expect((await access(cal)).member_tier).toBe('FREE');
    // Neither cancellation kept the member past the period end they were for.
    expect((await cancellations(id)).map((c) => [c.offer_accepted, c.kept_member])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect((await billing(cal)).length).toBe(1);
  });

  it('switches Member → Friend now with the proration charged, and Friend → Member at the period end', async () => {
    w.clock.set(new Date('2026-08-01T00:00:00Z'));
    const dee = await newReader(t, 'Dee');
    const id = (await buy(dee, 'MONTHLY')).membershipStatus.membershipId;
    const memberSince = (await access(dee)).member_since;
    w.clock.set(new Date('2026-08-16T12:00:00Z'));
    const preview = (await dee.browser.gql(Q.preview, { type: 'PREMIUM_MONTHLY' })).data.membershipPlanChangePreview;
    expect(preview.currency).toBe('USD');
    expect(preview.amount).toBeGreaterThan(0);
    expect(preview.amount).toBeLessThan(1000);
    // The downgrade waits for the period end: nothing to preview.
    expect((await dee.browser.gql(Q.preview, { type: 'MONTHLY' })).data.membershipPlanChangePreview).toBeNull();

    const up = (await dee.browser.gql(Q.switchPlan, { id, type: 'PREMIUM_MONTHLY' })).data.updateMembershipPlan;
    expect(up.membershipStatus).toMatchObject({ membershipType: 'PREMIUM_MONTHLY', tier: 'FRIEND', amount: 1500, switchPlanSchedule: null });
    expect((await billing(dee)).map((c) => c.amount.amount)).toEqual([preview.amount, 500]);
    expect(await access(dee)).toMatchObject({ member_tier: 'FRIEND', member_since: memberSince, friend_since: w.clock.now() });

    const down = (await dee.browser.gql(Q.switchPlan, { id, type: 'MONTHLY' })).data.updateMembershipPlan;
    expect(down.membershipStatus).toMatchObject({ membershipType: 'PREMIUM_MONTHLY', tier: 'FRIEND', switchPlanSchedule: { startAt: Date.parse('2026-09-01T00:00:00Z'), plan: { membershipType: 'MONTHLY', price: { amount: 500 } } } });
    // The scheduled plan counts as the current one (spec §4).
    expect((await dee.browser.gql(Q.switchPlan, { id, type: 'MONTHLY' })).data.updateMembershipPlan).toEqual({ __typename: 'BadRequest', message: 'You are already on this plan.' });
    expect((await dee.browser.gql(Q.switchPlan, { id, type: 'PREMIUM_YEARLY' })).data.updateMembershipPlan).toEqual({
      __typename: 'BadRequest',
      message: 'Your plan change is already scheduled for the end of this period.',
    });

    await w.advanceTo(new Date('2026-09-01T00:00:01Z'));
    expect((await status(dee)).membershipStatus).toMatchObject({ membershipType: 'MONTHLY', tier: 'MEMBER', switchPlanSchedule: null, amount: 500 });
    expect(await access(dee)).toMatchObject({ member_tier: 'MEMBER', member_since: memberSince, friend_since: null });
    expect((await billing(dee))[0]!.amount.amount).toBe(500);
  });

  it('starts a membership once 3-D Secure is completed, and leaves a failed check without membership or email', async () => {
    w.clock.set(new Date('2026-11-01T00:00:00Z'));
    const fay = await newReader(t, 'Fay');
    const pending = (await buy(fay, 'PREMIUM_YEARLY', CARDS.threeDSecure)).membershipStatus;
    const chargeRef = decodeURIComponent(/authenticate\/([^?]+)/.exec(pending.pendingActionUrl)![1]!);
    const provider = w.provider as TestPaymentProvider;
    expect(await provider.answerAuthentication(chargeRef, fay.id, 'complete')).toBe('done');
    await w.applyEvents();
    const s = (await status(fay)).membershipStatus;
    expect(s).toMatchObject({ membershipId: pending.membershipId, state: 'ACTIVE', tier: 'FRIEND', pendingActionUrl: null });
    expect(await access(fay)).toMatchObject({ member_tier: 'FRIEND', member_since: w.clock.now(), friend_since: w.clock.now() });
    expect((await billing(fay)).map((c) => [c.amount.amount, c.status])).toEqual([[15000, 'succeeded']]);

    const gus = await newReader(t, 'Gus');
    const gusPending = (await buy(gus, 'MONTHLY', CARDS.threeDSecure)).membershipStatus;
    const gusCharge = decodeURIComponent(/authenticate\/([^?]+)/.exec(gusPending.pendingActionUrl)![1]!);
    expect(await provider.answerAuthentication(gusCharge, gus.id, 'fail')).toBe('done');
    await w.applyEvents();
    expect((await status(gus)).membershipStatus).toMatchObject({ state: 'PENDING_ACTION', pendingActionUrl: null });
    expect(await access(gus)).toMatchObject({ member_tier: 'FREE', member_access_until: null });
    expect(await emails(gus, 'membership-payment-failed')).toBe(0);
    expect((await buy(gus, 'MONTHLY', CARDS.visa)).membershipStatus.state).toBe('ACTIVE');
  });

  it('charges once when Pay is pressed twice at the same moment', async () => {
    w.clock.set(new Date('2026-12-01T00:00:00Z'));
    const ivy = await newReader(t, 'Ivy');
    const answers = await Promise.all([buy(ivy, 'YEARLY'), buy(ivy, 'YEARLY'), buy(ivy, 'YEARLY')]);
    const kinds = answers.map((a) => a.__typename).sort();
    expect(kinds.filter((k) => k === 'MembershipPurchaseSuccess')).toHaveLength(1);
    for (const a of answers.filter((x) => x.__typename !== 'MembershipPurchaseSuccess')) {
      expect(['A payment for your membership is already in progress.', 'You already have a membership.']).toContain(a.message);
    }
    await w.applyEvents();
    const { rows } = await t.database.pool.query(`select count(*)::int as n from test_provider_subscriptions s join test_provider_customers c on c.ref = s.customer_ref where c.user_id = $1`, [ivy.id]);
    expect(rows[0].n).toBe(1);
    expect((await billing(ivy)).map((c) => c.amount.amount)).toEqual([5000]);
  });

  it('asks for 3-D Secure, declines cards, refuses bad input, and changes nothing for any of them', async () => {
    w.clock.set(new Date('2026-10-01T00:00:00Z'));
    const eve = await newReader(t, 'Eve');
    const declined = await buy(eve, 'MONTHLY', CARDS.declined);
    expect(declined).toMatchObject({ __typename: 'PaymentMethodDeclined', code: 'card_declined' });
    const failed = await buy(eve, 'MONTHLY', CARDS.failsCharges);
    expect(failed.__typename).toBe('PaymentMethodDeclined');
    const bad = [
      await eve.browser.gql(Q.purchase, { type: 'MONTHLY', discount: 'FIFTY_PERCENT_OFF_ONE_YEAR', pm: card(CARDS.visa) }),
      await eve.browser.gql(Q.purchase, { type: 'MONTHLY', pm: { cardNumber: '4242', expMonth: 8, expYear: 2029, cvc: '1' } }),
    ].map((r) => r.data.purchaseMembership);
    expect(bad).toEqual([
      { __typename: 'BadRequest', message: 'Unavailable membership price' },
      { __typename: 'BadRequest', message: 'Please enter your card number, expiry date and security code.' },
    ]);
    expect((await eve.browser.gql(Q.purchase, { type: 'WEEKLY', pm: card(CARDS.visa) })).errors?.length).toBeGreaterThan(0);
    await w.applyEvents();
    expect((await status(eve)).membershipStatus).toBeNull();
    expect((await status(eve)).hasPastMemberships).toBe(false);
    expect((await access(eve)).member_tier).toBe('FREE');
    expect((await billing(eve)).filter((c) => c.status === 'succeeded')).toEqual([]);

    const pending = await buy(eve, 'YEARLY', CARDS.threeDSecure);
    expect(pending.membershipStatus).toMatchObject({ state: 'PENDING_ACTION', canReactivate: false, canSwitchPlan: false });
    expect(pending.membershipStatus.pendingActionUrl).toMatch(/^\/_\/payments\/test\/authenticate\//);
    expect((await access(eve)).member_tier).toBe('FREE');
    // A second purchase replaces the attempt waiting for 3-D Secure.
    const paid = await buy(eve, 'YEARLY', CARDS.visa);
    expect(paid.membershipStatus).toMatchObject({ state: 'ACTIVE', pendingActionUrl: null });
    await w.applyEvents();
    const { rows } = await t.database.pool.query('select state from memberships where user_id = $1', [eve.id]);
    expect(rows).toEqual([{ state: 'ACTIVE' }]);
    expect((await status(eve)).hasPastMemberships).toBe(false);

    // A comment too long changes nothing.
    const id = paid.membershipStatus.membershipId;
    const long = (await eve.browser.gql(Q.cancel, { id, reason: 'OTHER', comment: 'x'.repeat(1001) })).data.cancelMembership;
    expect(long).toEqual({ __typename: 'BadRequest', message: 'Please keep your comment under 1000 characters.' });
    expect((await status(eve)).membershipStatus.isCancelled).toBe(false);
    expect(await cancellations(id)).toEqual([]);
  });
});
