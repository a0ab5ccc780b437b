import { describe, expect, it } from 'vitest';
import { cardLabel, formatMoney, paymentText, planPrice, roundUpToQuarter, tierOfPlan, UNAVAILABLE_PRICE_MESSAGE, weeklyPriceOf } from './membership';

describe('membership terms (spec §9)', () => {
  it('prices every plan in cents with its crossout', () => {
    expect(planPrice('MONTHLY')).toEqual({ amount: 500, currency: 'USD', crossoutAmount: null });
    expect(planPrice('YEARLY')).toEqual({ amount: 5000, currency: 'USD', crossoutAmount: 6000 });
    expect(planPrice('PREMIUM_MONTHLY', 'CAD')).toEqual({ amount: 1500, currency: 'CAD', crossoutAmount: null });
    expect(planPrice('PREMIUM_YEARLY')).toEqual({ amount: 15000, currency: 'USD', crossoutAmount: 18000 });
    expect(planPrice('YEARLY', 'USD', 'FIFTY_PERCENT_OFF_ONE_YEAR')).toEqual({ amount: 2500, currency: 'USD', crossoutAmount: 5000 });
  });

  it("refuses an unknown plan or currency with 'Unavailable membership price'", () => {
    expect(() => planPrice('WEEKLY')).toThrow(UNAVAILABLE_PRICE_MESSAGE);
    expect(() => planPrice('YEARLY', 'EUR' as never)).toThrow(UNAVAILABLE_PRICE_MESSAGE);
    expect(() => planPrice('MONTHLY', 'USD', 'FIFTY_PERCENT_OFF_ONE_YEAR')).toThrow(UNAVAILABLE_PRICE_MESSAGE);
  });

  it('formats money with 0 to 2 fraction digits and a narrow symbol', () => {
    expect(formatMoney({ amount: 500, currency: 'USD' })).toBe('$5');
    expect(formatMoney({ amount: 96, currency: 'USD' })).toBe('$0.96');
    expect(formatMoney({ amount: 4950, currency: 'USD' })).toBe('$49.50');
    expect(formatMoney({ amount: 500, currency: 'USD' }, { fixed: true })).toBe('$5.00');
    expect(formatMoney({ amount: 5000, currency: 'CAD' })).toBe('$50');
  });

  it('gives the weekly upsell figure as the yearly price over 52', () => {
    expect(weeklyPriceOf(planPrice('YEARLY'))).toEqual({ amount: 96, currency: 'USD' });
    expect(roundUpToQuarter(96)).toBe(100);
  });

  it('writes the payment text and card labels', () => {
    const card = { __typename: 'CreditCard' as const, cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2029 };
    expect(paymentText(card, new Date('2026-11-27T00:00:00Z'))).toBe('Visa ending in 4242 (Expires 08/2029)');
    expect(paymentText({ ...card, expirationYear: 2026, expirationMonth: 10 }, new Date('2026-11-27T00:00:00Z'))).toBe('Visa ending in 4242 (Expired 10/2026)');
    expect(paymentText({ ...card, expirationYear: 2026, expirationMonth: 11 }, new Date('2026-11-27T00:00:00Z'))).toBe('Visa ending in 4242 (Expires 11/2026)');
    expect(paymentText({ __typename: 'ApplePay' }, new Date())).toBe('Paid via Apple pay');
    expect(paymentText({ __typename: 'PayPal' }, new Date())).toBe('Paid via PayPal');
    expect(['visa', 'mastercard', 'amex', 'jcb', 'discover', 'diners club', 'unionpay'].map(cardLabel)).toEqual(['Visa', 'Mastercard', 'Amex', 'JCB', 'Discover', 'Diners club', 'Card']);
    expect(tierOfPlan('PREMIUM_YEARLY')).toBe('FRIEND');
  });
});
