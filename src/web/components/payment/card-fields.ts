/**
 * The card form's masks and checks, kept pure so they are tested on their own. The server
 * (the payment provider) checks again; these only spare the reader a round trip and say what
 * is wrong beside the field.
 */

export type CardField = 'name' | 'number' | 'expiry' | 'cvc' | 'postalCode';

export interface CardValues {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export const EMPTY_CARD: CardValues = { name: '', number: '', expiry: '', cvc: '', postalCode: '' };

export const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** The brand a number's first digits name (spec §3 card brands), null while unknown. */
export function brandOfNumber(digits: string): 'amex' | 'visa' | 'mastercard' | 'discover' | 'diners club' | 'jcb' | null {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners club';
  if (/^35/.test(digits)) return 'jcb';
  return null;
}

/** How many digits a number of this brand has (Amex 15, Diners 14, the rest 16). */
export function cardLength(digits: string): number {
  const brand = brandOfNumber(digits);
  return brand === 'amex' ? 15 : brand === 'diners club' ? 14 : 16;
}

/** The security code's length: four digits on the front of an Amex, three on the back of the rest. */
export const cvcLength = (cardDigits: string): number => (brandOfNumber(cardDigits) === 'amex' ? 4 : 3);

/** '4242 4242 4242 4242'; Amex as printed, '3782 822463 10005'. Extra digits are dropped. */
export function formatCardNumber(raw: string): string {
  const digits = digitsOf(raw);
  const d = digits.slice(0, cardLength(digits));
  if (brandOfNumber(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * 'MM / YY' as typed: a first digit above 1 can only be a month 0N, so it becomes '0N'; the
 * separator appears with the third digit, so deleting back over it works.
 */
export function formatExpiry(raw: string): string {
  let d = digitsOf(raw);
  if (d.length === 1 && d > '1') d = `0${d}`;
  d = d.slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** Month and four-digit year of 'MM / YY' (or 'MM/YYYY'); null when incomplete. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

/** The Luhn checksum every card number carries (a mistyped digit fails it). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** How far ahead an expiry may be before it is surely a typo. */
const MAX_YEARS_AHEAD = 20;

/** What is wrong with each field, in words to show beside it; an empty object when the card can be sent. */
export function cardErrors(values: CardValues, now: Date): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!values.name.trim()) errors.name = 'Enter the name on your card.';

  const number = digitsOf(values.number);
  if (!number) errors.number = 'Enter your card number.';
  else if (number.length < cardLength(number)) errors.number = 'Your card number is incomplete.';
  else if (!passesLuhn(number)) errors.number = 'Your card number is invalid.';

  const expiry = parseExpiry(values.expiry);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!values.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = "Your card's expiry date is incomplete.";
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = 'Enter a month from 01 to 12.';
  else if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) errors.expiry = "Your card's expiry date is in the past.";
  else if (expiry.year > thisYear + MAX_YEARS_AHEAD) errors.expiry = "Your card's expiry year is invalid.";

  const cvc = digitsOf(values.cvc);
  if (!cvc) errors.cvc = 'Enter the security code.';
  else if (cvc.length < cvcLength(number)) errors.cvc = "Your card's security code is incomplete.";

  const postal = values.postalCode.trim();
  if (!postal) errors.postalCode = 'Enter your postal code.';
  else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(postal)) errors.postalCode = 'Your postal code is invalid.';
  return errors;
}

/** The card as the server takes it (PaymentMethodInput), from values that passed cardErrors. */
export function paymentMethodOf(values: CardValues): { cardNumber: string; expMonth: number; expYear: number; cvc: string; postalCode: string } {
  const expiry = parseExpiry(values.expiry)!;
  return { cardNumber: digitsOf(values.number), expMonth: expiry.month, expYear: expiry.year, cvc: digitsOf(values.cvc), postalCode: values.postalCode.trim().toUpperCase() };
}

/**
 * Where the caret goes after a masked value replaces the typed one: after the same number of
 * digits as before it, so typing in the middle of a number does not throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
