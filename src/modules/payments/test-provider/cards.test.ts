import { describe, expect, it } from 'vitest';
import { brandOf, chargeOutcome, checkCard, passesLuhn } from './cards.js';
import { periodEnd, periodEndAfter, prorationAmount } from './periods.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => checkCard({ number, expMonth: 8, expYear: 2029, cvc: '123', ...extra }, NOW);

describe('test cards', () => {
  it('checks the Luhn digit and reads the brand from the number', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('3566002020360505')).toBe('jcb');
    expect(brandOf('36227206271667')).toBe('diners club');
  });

  it('keeps brand, last four and expiry of the cards that attach, with what they do when charged', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, card: { brand: 'visa', lastFour: '4242', expMonth: 8, expYear: 2029, behaviour: 'succeed' } });
    expect(card('5555-5555-5555-4444')).toMatchObject({ ok: true, card: { brand: 'mastercard', lastFour: '4444' } });
    expect(card('3782 822463 10005', { cvc: '1234' })).toMatchObject({ ok: true, card: { brand: 'amex', lastFour: '0005' } });
    expect(card('4000000000000341')).toMatchObject({ ok: true, card: { behaviour: 'fail_charges' } });
    expect(card('4000000000003220')).toMatchObject({ ok: true, card: { behaviour: 'three_d_secure' } });
    // Two-digit years are this century's.
    expect(card('4242424242424242', { expYear: 29 })).toMatchObject({ ok: true, card: { expYear: 2029 } });
    // A card good through this month attaches (the "expiring soon" card).
    expect(card('4242424242424242', { expMonth: 11, expYear: 2026 })).toMatchObject({ ok: true });
  });

  it('declines the test cards that fail, with Stripe’s codes and messages', () => {
    expect(card('4000000000000002')).toEqual({ ok: false, failure: { kind: 'declined', code: 'card_declined', message: 'Your card was declined.' } });
    expect(card('4000000000009995')).toMatchObject({ ok: false, failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect(card('4000000000000069')).toMatchObject({ ok: false, failure: { code: 'expired_card', message: 'Your card has expired.' } });
    expect(card('4000000000000127')).toMatchObject({ ok: false, failure: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } });
  });

  it('says which field is wrong', () => {
    expect(card('4242424242424241')).toMatchObject({ ok: false, failure: { code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    expect(card('4242')).toMatchObject({ ok: false, failure: { code: 'incorrect_number' } });
    expect(card('4242x4242424242424')).toMatchObject({ ok: false, failure: { code: 'incorrect_number' } });
    expect(card('4242424242424242', { expMonth: 13 })).toMatchObject({ ok: false, failure: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." } });
    expect(card('4242424242424242', { expYear: 2099 })).toMatchObject({ ok: false, failure: { code: 'invalid_expiry_year' } });
    expect(card('4242424242424242', { expMonth: 10, expYear: 2026 })).toMatchObject({ ok: false, failure: { code: 'expired_card' } });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ ok: false, failure: { code: 'invalid_cvc', message: "Your card's security code is invalid." } });
    expect(card('378282246310005', { cvc: '123' })).toMatchObject({ ok: false, failure: { code: 'invalid_cvc' } });
  });

  it('charges by behaviour: an expired card is declined, a 3-D Secure card asks on session and fails off session', () => {
    const good = { behaviour: 'succeed' as const, expMonth: 11, expYear: 2026 };
    expect(chargeOutcome(good, NOW, false)).toBe('succeed');
    expect(chargeOutcome(good, new Date('2026-12-01T00:00:00Z'), false)).toMatchObject({ code: 'expired_card' });
    expect(chargeOutcome({ ...good, behaviour: 'fail_charges' }, NOW, true)).toMatchObject({ code: 'card_declined' });
    expect(chargeOutcome({ ...good, behaviour: 'three_d_secure' }, NOW, true)).toBe('authenticate');
    expect(chargeOutcome({ ...good, behaviour: 'three_d_secure' }, NOW, false)).toMatchObject({ code: 'authentication_required' });
  });
});

describe('billing periods', () => {
  it('ends a monthly period on the anchor day of the next month, clamped to the month end', () => {
    const jan31 = new Date('2026-01-31T10:30:00Z');
    const feb = periodEnd(jan31, 'MONTHLY', 31);
    expect(feb.toISOString()).toBe('2026-02-28T10:30:00.000Z');
    expect(periodEnd(feb, 'MONTHLY', 31).toISOString()).toBe('2026-03-31T10:30:00.000Z');
    expect(periodEnd(new Date('2026-12-15T00:00:00Z'), 'PREMIUM_MONTHLY', 15).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(periodEndAfter(jan31, 'MONTHLY', 31, 3).toISOString()).toBe('2026-04-30T10:30:00.000Z');
  });

  it('ends a yearly period a year on (29 February → 28 February)', () => {
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'YEARLY', 29).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(periodEnd(new Date('2026-06-01T00:00:00Z'), 'PREMIUM_YEARLY', 1).toISOString()).toBe('2027-06-01T00:00:00.000Z');
  });

  it('prorates an upgrade by the unused fraction of the period, in cents, never below zero', () => {
    const periodStart = new Date('2026-11-01T00:00:00Z');
    const periodEndAt = new Date('2026-12-01T00:00:00Z');
    const half = new Date('2026-11-16T00:00:00Z');
    // 15 of 30 days left × (15 − 5) dollars.
    expect(prorationAmount({ from: 'MONTHLY', to: 'PREMIUM_MONTHLY', oldPrice: 500, newPrice: 1500, periodStart, periodEnd: periodEndAt, now: half })).toBe(500);
    expect(prorationAmount({ from: 'MONTHLY', to: 'PREMIUM_MONTHLY', oldPrice: 500, newPrice: 1500, periodStart, periodEnd: periodEndAt, now: new Date('2026-11-21T00:00:00Z') })).toBe(333);
    expect(prorationAmount({ from: 'PREMIUM_MONTHLY', to: 'MONTHLY', oldPrice: 1500, newPrice: 500, periodStart, periodEnd: periodEndAt, now: half })).toBe(0);
    // Another interval: the new price less the unused half of the old one.
    expect(prorationAmount({ from: 'MONTHLY', to: 'PREMIUM_YEARLY', oldPrice: 500, newPrice: 15000, periodStart, periodEnd: periodEndAt, now: half })).toBe(14750);
  });
});
