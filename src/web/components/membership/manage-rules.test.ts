import { describe, expect, it } from 'vitest';
import { CANCELLATION_REASONS } from '../../../shared/membership.js';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASON_VALUES,
  currentPlanType,
  discountedAmount,
  isUpgrade,
  mayReactivate,
  maySwitchPlan,
  planLabel,
  switchTargetOf,
} from './manage-rules.js';

const card = { __typename: 'CreditCard' as const, cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2029 };

describe('membership management rules', () => {
  it('has a readable label for every spec §3 cancellation reason, and no other', () => {
    const asEnum = CANCELLATION_REASONS.map((r) => r.toUpperCase().replace(/ /g, '_')).sort();
    expect([...CANCELLATION_REASON_VALUES].sort()).toEqual(asEnum);
    for (const value of CANCELLATION_REASON_VALUES) expect(CANCELLATION_REASON_LABELS[value]).toMatch(/^[A-Z].{5,}/);
    expect(CANCELLATION_REASON_VALUES.at(-1)).toBe('OTHER');
  });

  it('takes a discount off in whole cents', () => {
    expect(discountedAmount(500, 'TWENTY_PERCENT_OFF_ONE_YEAR')).toBe(400);
    expect(discountedAmount(5000, 'FIFTY_PERCENT_OFF_ONE_YEAR')).toBe(2500);
    expect(discountedAmount(1500, 'NONE')).toBe(1500);
    expect(discountedAmount(999, 'TWENTY_PERCENT_OFF_ONE_YEAR')).toBe(799);
  });

  it('switches tier within the same billing period; Member → Friend is the upgrade', () => {
    expect(switchTargetOf('MONTHLY')).toBe('PREMIUM_MONTHLY');
    expect(switchTargetOf('YEARLY')).toBe('PREMIUM_YEARLY');
    expect(switchTargetOf('PREMIUM_MONTHLY')).toBe('MONTHLY');
    expect(switchTargetOf('PREMIUM_YEARLY')).toBe('YEARLY');
    expect(isUpgrade('MONTHLY', 'PREMIUM_MONTHLY')).toBe(true);
    expect(isUpgrade('PREMIUM_YEARLY', 'YEARLY')).toBe(false);
  });

  it('spec §4: the current plan type is the scheduled switch plan type if any, else the current type', () => {
    expect(currentPlanType({ membershipType: 'PREMIUM_MONTHLY', switchPlanSchedule: null })).toBe('PREMIUM_MONTHLY');
    expect(currentPlanType({ membershipType: 'PREMIUM_MONTHLY', switchPlanSchedule: { startAt: 1, plan: { membershipType: 'MONTHLY' } } })).toBe('MONTHLY');
  });

  it('spec §4 reactivation: braintree, stripe or test, cancelled, with a payment method', () => {
    expect(mayReactivate({ paymentProvider: 'STRIPE', isCancelled: true, paymentMethod: card })).toBe(true);
    expect(mayReactivate({ paymentProvider: 'BRAINTREE', isCancelled: true, paymentMethod: card })).toBe(true);
    expect(mayReactivate({ paymentProvider: 'TEST', isCancelled: true, paymentMethod: card })).toBe(true);
    expect(mayReactivate({ paymentProvider: 'APPLE', isCancelled: true, paymentMethod: card })).toBe(false);
    expect(mayReactivate({ paymentProvider: 'STRIPE', isCancelled: false, paymentMethod: card })).toBe(false);
    expect(mayReactivate({ paymentProvider: 'STRIPE', isCancelled: true, paymentMethod: null })).toBe(false);
  });

  it('spec §4 plan switch: braintree, stripe or test, payment not failed, not cancelled', () => {
    expect(maySwitchPlan({ paymentProvider: 'TEST', isCancelled: false, paymentFailedAt: null })).toBe(true);
    expect(maySwitchPlan({ paymentProvider: 'GIFT', isCancelled: false, paymentFailedAt: null })).toBe(false);
    expect(maySwitchPlan({ paymentProvider: 'STRIPE', isCancelled: false, paymentFailedAt: 1 })).toBe(false);
    expect(maySwitchPlan({ paymentProvider: 'STRIPE', isCancelled: true, paymentFailedAt: null })).toBe(false);
  });

  it('names plans with the brand for Friends', () => {
    expect(planLabel('MONTHLY', 'Inkwell')).toBe('Member, monthly');
    expect(planLabel('PREMIUM_YEARLY', 'Inkwell')).toBe('Friend of Inkwell, yearly');
  });
});
