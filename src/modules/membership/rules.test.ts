import { describe, expect, it } from 'vitest';
import { accessUntilOf, canReactivate, canSwitchPlan, deriveState, DUNNING_ACCESS_MS, type MembershipStateInput } from './state.js';
import { listPlans, offerDiscount, retentionOfferFor, switchTiming } from './plans.js';
import { addMonths } from './gifts.js';
import { toProviderMethod } from './results.js';

const base: MembershipStateInput = { status: 'active', cancelAtPeriodEnd: false, failedPaymentCount: 0, paymentFailedAt: null, userSuspended: false, recordedSource: null, wasCancelled: false };

describe('membership state from the provider (spec §4)', () => {
  it('maps each subscription status', () => {
    expect(deriveState(base)).toEqual({ state: 'ACTIVE', deactivationSource: null });
    expect(deriveState({ ...base, status: 'past_due', failedPaymentCount: 1, paymentFailedAt: new Date() }).state).toBe('ACTIVE');
    expect(deriveState({ ...base, status: 'incomplete' }).state).toBe('PENDING_ACTION');
    expect(deriveState({ ...base, userSuspended: true })).toEqual({ state: 'SUSPENDED', deactivationSource: null });
  });

  it('names who ended a membership', () => {
    expect(deriveState({ ...base, status: 'canceled', cancelAtPeriodEnd: true, wasCancelled: true })).toEqual({ state: 'INACTIVE', deactivationSource: 'user' });
    expect(deriveState({ ...base, status: 'canceled', failedPaymentCount: 4, paymentFailedAt: new Date() })).toEqual({ state: 'INACTIVE', deactivationSource: 'delinquency' });
    expect(deriveState({ ...base, status: 'unpaid' }).deactivationSource).toBe('delinquency');
    expect(deriveState({ ...base, status: 'canceled', recordedSource: 'admin', failedPaymentCount: 2 }).deactivationSource).toBe('admin');
    // An ended membership is INACTIVE even for a suspended account.
    expect(deriveState({ ...base, status: 'canceled', userSuspended: true }).state).toBe('INACTIVE');
  });

  it('keeps access through the retries of a failed renewal, and none otherwise', () => {
    const end = new Date('2026-03-01T00:00:00Z');
    expect(accessUntilOf('ACTIVE', { status: 'active', currentPeriodEnd: end, paymentFailedAt: null })).toEqual(end);
    const failed = new Date('2026-03-01T00:00:00Z');
    expect(accessUntilOf('ACTIVE', { status: 'past_due', currentPeriodEnd: end, paymentFailedAt: failed })!.getTime()).toBe(failed.getTime() + DUNNING_ACCESS_MS);
    expect(accessUntilOf('PENDING_ACTION', { status: 'incomplete', currentPeriodEnd: end, paymentFailedAt: null })).toBeNull();
    expect(accessUntilOf('SUSPENDED', { status: 'active', currentPeriodEnd: end, paymentFailedAt: null })).toBeNull();
  });

  it('allows reactivation and plan switches exactly per spec §4', () => {
    const m = { provider: 'TEST' as const, state: 'ACTIVE' as const, isCancelled: true, hasPaymentMethod: true, paymentFailedAt: null };
    expect(canReactivate(m)).toBe(true);
    expect(canReactivate({ ...m, provider: 'GIFT' })).toBe(false);
    expect(canReactivate({ ...m, provider: 'PAYPAL' })).toBe(false);
    expect(canReactivate({ ...m, isCancelled: false })).toBe(false);
    expect(canReactivate({ ...m, hasPaymentMethod: false })).toBe(false);
    expect(canReactivate({ ...m, state: 'INACTIVE' })).toBe(false);
    const s = { ...m, isCancelled: false };
    expect(canSwitchPlan(s)).toBe(true);
    expect(canSwitchPlan({ ...s, provider: 'BRAINTREE' })).toBe(true);
    expect(canSwitchPlan({ ...s, provider: 'APPLE' })).toBe(false);
    expect(canSwitchPlan({ ...s, paymentFailedAt: new Date() })).toBe(false);
    expect(canSwitchPlan({ ...s, isCancelled: true })).toBe(false);
  });
});

describe('plans, switches and offers', () => {
  it('lists the spec §9 prices, with the first year half off on the yearly plan only', () => {
    const plans = listPlans('USD', 'NONE');
    expect(plans.map((p) => [p.membershipType, p.tier, p.price.amount, p.price.crossoutAmount])).toEqual([
      ['MONTHLY', 'MEMBER', 500, null],
      ['YEARLY', 'MEMBER', 5000, 6000],
      ['PREMIUM_MONTHLY', 'FRIEND', 1500, null],
      ['PREMIUM_YEARLY', 'FRIEND', 15000, 18000],
    ]);
    const half = listPlans('CAD', 'FIFTY_PERCENT_OFF_ONE_YEAR');
    expect(half[1]).toMatchObject({ membershipType: 'YEARLY', price: { amount: 2500, currency: 'CAD', crossoutAmount: 5000 }, discount: { numCycles: 1, regularPrice: { amount: 5000 } } });
    expect(half[0]!.discount).toBeNull();
    expect(new Set(half.map((p) => p.id)).size).toBe(4);
  });

  it('switches up now and down at the period end', () => {
    expect(switchTiming('MONTHLY', 'PREMIUM_MONTHLY')).toBe('now');
    expect(switchTiming('YEARLY', 'PREMIUM_YEARLY')).toBe('now');
    expect(switchTiming('PREMIUM_MONTHLY', 'MONTHLY')).toBe('period_end');
    expect(switchTiming('MONTHLY', 'YEARLY')).toBe('now');
    expect(switchTiming('YEARLY', 'MONTHLY')).toBe('period_end');
  });

  it('meets each reason with its offer, once a year', () => {
    expect(retentionOfferFor('costs', false)).toBe('FIFTY_PERCENT_OFF_ONE_YEAR');
    for (const r of ['content', 'time', 'feature usage', 'other'] as const) expect(retentionOfferFor(r, false)).toBe('TWENTY_PERCENT_OFF_ONE_YEAR');
    for (const r of ['duplicate accounts', 'switching product', 'premium tier'] as const) expect(retentionOfferFor(r, false)).toBe('NONE');
    expect(retentionOfferFor('costs', true)).toBe('NONE');
    expect(offerDiscount('TWENTY_PERCENT_OFF_ONE_YEAR', 'MONTHLY')).toEqual({ percentOff: 20, cycles: 12 });
    expect(offerDiscount('FIFTY_PERCENT_OFF_ONE_YEAR', 'PREMIUM_YEARLY')).toEqual({ percentOff: 50, cycles: 1 });
  });

  it('adds calendar months, clamped to the month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-05-15T00:00:00Z'), 12).toISOString()).toBe('2027-05-15T00:00:00.000Z');
  });

  it('reads the card fields or a token, and refuses half a card', () => {
    expect(toProviderMethod({ cardNumber: '4242 4242 4242 4242', expMonth: 8, expYear: 29, cvc: '123' })).toEqual({ kind: 'card', number: '4242424242424242', expMonth: 8, expYear: 2029, cvc: '123' });
    expect(toProviderMethod({ token: 'pm_123' })).toEqual({ kind: 'token', token: 'pm_123' });
    expect(toProviderMethod({ cardNumber: '4242', expMonth: 8, expYear: 2029, cvc: '123' })).toBeNull();
    expect(toProviderMethod({ cardNumber: '4242424242424242', expMonth: 8, cvc: '123' })).toBeNull();
  });
});
