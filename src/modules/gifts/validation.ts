import { CURRENCIES, type Currency } from '../../shared/membership.js';
import { MESSAGES, normalizeEmail } from '../accounts/validation.js';
import { addMonths } from './grant.js';

/**
 * What a gift purchase may say, and the messages for what it may not. A group gift is 2 to 50
 * codes: fewer is a gift, and more is a business order rather than a checkout.
 */
export const GROUP_GIFT_MIN = 2;
export const GROUP_GIFT_MAX = 50;
export const GIFT_NAME_MAX = 100;
export const GIFT_MESSAGE_MAX = 1000;
/** Months of Member one code grants (spec: a gift is a year of membership). */
export const GIFT_MONTHS = 12;

export const GIFT_MESSAGES = {
  recipientName: 'Enter the name of the person you are giving the gift to.',
  recipientNameLength: `The recipient's name can be at most ${GIFT_NAME_MAX} characters.`,
  invalidEmail: MESSAGES.invalidEmail,
  messageLength: `Your message can be at most ${GIFT_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  deliveryDate: 'Choose today or a later date for the delivery.',
  deliveryDateTooFar: 'Choose a delivery date within the next year.',
  quantity: `Choose from ${GROUP_GIFT_MIN} to ${GROUP_GIFT_MAX} gift codes.`,
  currency: 'Unavailable membership price',
  signIn: 'Sign in to buy or redeem a gift.',
  needsAction: 'This card asks for an extra check that gift purchases do not support. Please use another card.',
  paymentError: "We couldn't process your payment, please try again.",
} as const;

export interface GiftOrderInput {
  recipientName?: string | null;
  recipientEmail?: string | null;
  message?: string | null;
  /** YYYY-MM-DD, the buyer's today or later; null or absent: now. */
  deliverOn?: string | null;
  currency?: string | null;
}

export type GiftOrder =
  | { kind: 'gift'; quantity: 1; recipientName: string; recipientEmail: string; message: string | null; deliverAt: Date; currency: Currency }
  | { kind: 'group-gift'; quantity: number; currency: Currency };

const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/**
 * The delivery time of a date the buyer picked. Dates are the buyer's calendar days and the server
 * does not know their time zone: yesterday by UTC is still today west of it, so it is accepted and
 * means now; a later day means its start in UTC.
 */
export function deliveryTime(deliverOn: string | null | undefined, now: Date): Date | { error: string } {
  if (!deliverOn) return now;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(deliverOn);
  const day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== deliverOn) return { error: GIFT_MESSAGES.deliveryDate };
  const today = utcDay(now);
  if (day < today - 24 * 3600_000) return { error: GIFT_MESSAGES.deliveryDate };
  if (day > addMonths(new Date(today), 12).getTime()) return { error: GIFT_MESSAGES.deliveryDateTooFar };
  return day <= today ? now : new Date(day);
}

function currencyOf(input: string | null | undefined): Currency | null {
  const c = (input ?? 'USD') as Currency;
  return CURRENCIES.includes(c) ? c : null;
}

export function validateGiftOrder(input: GiftOrderInput, now: Date): GiftOrder | { error: string } {
  const currency = currencyOf(input.currency);
  if (!currency) return { error: GIFT_MESSAGES.currency };
  const recipientName = (input.recipientName ?? '').trim();
  if (!recipientName) return { error: GIFT_MESSAGES.recipientName };
  if (recipientName.length > GIFT_NAME_MAX) return { error: GIFT_MESSAGES.recipientNameLength };
  const recipientEmail = normalizeEmail(input.recipientEmail ?? '');
  if (!recipientEmail) return { error: GIFT_MESSAGES.invalidEmail };
  const message = (input.message ?? '').trim();
  if (message.length > GIFT_MESSAGE_MAX) return { error: GIFT_MESSAGES.messageLength };
  const deliverAt = deliveryTime(input.deliverOn, now);
  if (!(deliverAt instanceof Date)) return deliverAt;
  return { kind: 'gift', quantity: 1, recipientName, recipientEmail, message: message || null, deliverAt, currency };
}

export function validateGroupGiftOrder(input: { quantity: number; currency?: string | null }): GiftOrder | { error: string } {
  const currency = currencyOf(input.currency);
  if (!currency) return { error: GIFT_MESSAGES.currency };
  if (!Number.isInteger(input.quantity) || input.quantity < GROUP_GIFT_MIN || input.quantity > GROUP_GIFT_MAX) return { error: GIFT_MESSAGES.quantity };
  return { kind: 'group-gift', quantity: input.quantity, currency };
}
