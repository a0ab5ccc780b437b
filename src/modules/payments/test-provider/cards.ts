import type { CardBrand } from '../../../shared/membership.js';
import type { PaymentFailure } from '../provider.js';
import type { CardBehaviour } from './tables.js';

/**
 * The test provider's cards: the numbers of Stripe's test cards behave as they do there
 * (the contract's list), any other number that passes the checks is a card that pays.
 */

/** Stripe's texts for the same failures, so both providers read alike. */
export const CARD_MESSAGES = {
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  authentication_required: 'Your card needs you to confirm this payment, and it was made without you.',
  payment_intent_authentication_failure: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;
export type CardFailureCode = keyof typeof CARD_MESSAGES;

export const declined = (code: CardFailureCode): PaymentFailure => ({ kind: 'declined', code, message: CARD_MESSAGES[code] });

/** Numbers that do something other than pay, and what: failing at attach time unless they say otherwise. */
const SPECIAL_CARDS: Record<string, { attach: CardFailureCode | null; behaviour: CardBehaviour }> = {
  '4000000000000002': { attach: 'card_declined', behaviour: 'decline' },
  '4000000000009995': { attach: 'insufficient_funds', behaviour: 'insufficient_funds' },
  '4000000000000069': { attach: 'expired_card', behaviour: 'decline' },
  '4000000000000127': { attach: 'incorrect_cvc', behaviour: 'decline' },
  '4000000000000341': { attach: null, behaviour: 'fail_charges' },
  '4000000000003220': { attach: null, behaviour: 'three_d_secure' },
};

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand a number's leading digits name (issuer identification ranges). */
export function brandOf(digits: string): CardBrand | 'unknown' {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (four === 6011 || two === 65 || (three >= 644 && three <= 649)) return 'discover';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (two === 36 || two === 38 || two === 39 || (three >= 300 && three <= 305)) return 'diners club';
  return 'unknown';
}

export interface CheckedCard {
  brand: CardBrand | 'unknown';
  lastFour: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/**
 * The checks a card form's fields pass before anything is stored: the number (digits, spaces
 * or dashes; 12-19 digits; Luhn), the expiry (a real month, not past at `now`, at most 50 years
 * ahead), the security code (3 digits, 4 for Amex); then what the test number does on attach.
 */
export function checkCard(input: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date): { ok: true; card: CheckedCard } | { ok: false; failure: PaymentFailure } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^[0-9]{12,19}$/.test(digits) || !passesLuhn(digits)) return { ok: false, failure: declined('incorrect_number') };
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) return { ok: false, failure: declined('invalid_expiry_month') };
  // Two-digit years are read as this century's, as card forms write them.
  const expYear = Number.isInteger(input.expYear) && input.expYear >= 0 && input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const year = now.getUTCFullYear();
  if (!Number.isInteger(expYear) || expYear > year + 50) return { ok: false, failure: declined('invalid_expiry_year') };
  if (expYear < year || (expYear === year && input.expMonth < now.getUTCMonth() + 1)) return { ok: false, failure: declined('expired_card') };
  const brand = brandOf(digits);
  if (!(brand === 'amex' ? /^[0-9]{4}$/ : /^[0-9]{3}$/).test(input.cvc)) return { ok: false, failure: declined('invalid_cvc') };
  const special = SPECIAL_CARDS[digits];
  if (special?.attach) return { ok: false, failure: declined(special.attach) };
  return { ok: true, card: { brand, lastFour: digits.slice(-4), expMonth: input.expMonth, expYear, behaviour: special?.behaviour ?? 'succeed' } };
}

/**
 * What charging a stored card does at `now`: a card past its expiry month is declined as
 * expired whatever its number (the renewal after a card expires fails), then the number's
 * behaviour. `onSession`: the reader is at the page (a purchase), so a 3-D Secure card asks for
 * the check; off session (a renewal) it cannot, and fails.
 */
export function chargeOutcome(card: { behaviour: CardBehaviour; expMonth: number; expYear: number }, now: Date, onSession: boolean): 'succeed' | 'authenticate' | PaymentFailure {
  const y = now.getUTCFullYear();
  if (card.expYear < y || (card.expYear === y && card.expMonth < now.getUTCMonth() + 1)) return declined('expired_card');
  switch (card.behaviour) {
    case 'succeed':
      return 'succeed';
    case 'three_d_secure':
      return onSession ? 'authenticate' : declined('authentication_required');
    case 'insufficient_funds':
      return declined('insufficient_funds');
    default:
      return declined('card_declined');
  }
}
