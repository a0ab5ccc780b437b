import { describe, expect, it } from 'vitest';
import { brandOfNumber, caretAfterDigits, cardErrors, formatCardNumber, formatExpiry, parseExpiry, passesLuhn, paymentMethodOf, type CardValues } from './card-fields.js';

const NOW = new Date(Date.UTC(2026, 10, 27)); // November 2026
const good: CardValues = { name: 'Ada Reader', number: '4242 4242 4242 4242', expiry: '08 / 29', cvc: '123', postalCode: 'k1a 0b1' };

describe('card masks', () => {
  it('groups a number as printed: fours, and Amex 4-6-5; extra digits are dropped', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242-4242-4242-99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822')).toBe('3782 822');
  });

  it('writes the expiry as MM / YY, a first digit above 1 as month 0N', () => {
    expect(formatExpiry('8')).toBe('08');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('0829')).toBe('08 / 29');
    expect(formatExpiry('08 / 2')).toBe('08 / 2');
    expect(formatExpiry('08 / 2999')).toBe('08 / 29');
    expect(parseExpiry('08 / 29')).toEqual({ month: 8, year: 2029 });
    expect(parseExpiry('8/2031')).toEqual({ month: 8, year: 2031 });
    expect(parseExpiry('08')).toBeNull();
  });

  it('keeps the caret after the same digits once the mask adds spaces', () => {
    expect(caretAfterDigits('4242 4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242 4', 4)).toBe(4);
    expect(caretAfterDigits('4242', 0)).toBe(0);
    expect(caretAfterDigits('4242', 9)).toBe(4);
  });

  it('knows the brands of the test cards and the Luhn checksum', () => {
    expect(brandOfNumber('4242424242424242')).toBe('visa');
    expect(brandOfNumber('5555555555554444')).toBe('mastercard');
    expect(brandOfNumber('378282246310005')).toBe('amex');
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000003220')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('card checks', () => {
  it('passes a good card and sends it as PaymentMethodInput', () => {
    expect(cardErrors(good, NOW)).toEqual({});
    expect(paymentMethodOf(good)).toEqual({ cardNumber: '4242424242424242', expMonth: 8, expYear: 2029, cvc: '123', postalCode: 'K1A 0B1' });
  });

  it('says what is missing on an empty form', () => {
    expect(cardErrors({ name: ' ', number: '', expiry: '', cvc: '', postalCode: '' }, NOW)).toEqual({
      name: 'Enter the name on your card.',
      number: 'Enter your card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the security code.',
      postalCode: 'Enter your postal code.',
    });
  });

  it('catches a short or mistyped number', () => {
    expect(cardErrors({ ...good, number: '4242 4242 4242' }, NOW).number).toBe('Your card number is incomplete.');
    expect(cardErrors({ ...good, number: '4242 4242 4242 4241' }, NOW).number).toBe('Your card number is invalid.');
  });

  it('takes this month as not expired and last month as expired; rejects month 13 and a far year', () => {
    expect(cardErrors({ ...good, expiry: '11 / 26' }, NOW).expiry).toBeUndefined();
    expect(cardErrors({ ...good, expiry: '10 / 26' }, NOW).expiry).toBe("Your card's expiry date is in the past.");
    expect(cardErrors({ ...good, expiry: '13 / 29' }, NOW).expiry).toBe('Enter a month from 01 to 12.');
    expect(cardErrors({ ...good, expiry: '08 / 2' }, NOW).expiry).toBe("Your card's expiry date is incomplete.");
    expect(cardErrors({ ...good, expiry: '08 / 99' }, NOW).expiry).toBe("Your card's expiry year is invalid.");
  });

  it('wants four security digits for Amex and three for the rest', () => {
    expect(cardErrors({ ...good, cvc: '12' }, NOW).cvc).toBe("Your card's security code is incomplete.");
    expect(cardErrors({ ...good, number: '3782 822463 10005', cvc: '123' }, NOW).cvc).toBe("Your card's security code is incomplete.");
    expect(cardErrors({ ...good, number: '3782 822463 10005', cvc: '1234' }, NOW).cvc).toBeUndefined();
  });

  it('rejects a postal code that cannot be one', () => {
    expect(cardErrors({ ...good, postalCode: '<script>' }, NOW).postalCode).toBe('Your postal code is invalid.');
    expect(cardErrors({ ...good, postalCode: '94103' }, NOW).postalCode).toBeUndefined();
  });
});
