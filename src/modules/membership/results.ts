import type { PaymentFailure, PaymentMethodInput } from '../payments/provider.js';
import type { MembershipRow } from './apply-snapshot.js';

/** What a membership command answers (spec §7 mutation result union; §8 PaymentMethodDeclined, PaymentError). */
export type MembershipResult =
  | { kind: 'membership'; membership: MembershipRow }
  | { kind: 'success' }
  | { kind: 'declined'; message: string; code: string }
  | { kind: 'payment-error'; message: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'not-found'; message: string };

export const MEMBERSHIP_MESSAGES = {
  /** Spec §8 reactivation failure, also the answer to any provider failure while managing a membership. */
  tryAgain: "We couldn't process your request, please try again.",
  signIn: 'Sign in to manage your membership.',
  staffOnly: 'Only staff can do this.',
  notFound: 'Membership not found.',
  alreadyMember: 'You already have a membership.',
  busy: 'A payment for your membership is already in progress.',
  cardDetails: 'Please enter your card number, expiry date and security code.',
  notCancellable: 'This membership cannot be cancelled.',
  alreadyCancelled: 'This membership is already cancelled.',
  cannotReactivate: 'This membership cannot be reactivated.',
  cannotSwitch: 'This membership cannot switch plans now.',
  samePlan: 'You are already on this plan.',
  noOffer: 'This offer is not available.',
  noMembership: 'You have no membership to pay for.',
  commentTooLong: 'Please keep your comment under 1000 characters.',
  firstPaymentFailed: 'Your card was declined.',
} as const;

export const COMMENT_MAX = 1000;

export const failureResult = (failure: PaymentFailure): MembershipResult =>
  failure.kind === 'declined' ? { kind: 'declined', message: failure.message, code: failure.code } : { kind: 'payment-error', message: failure.message };

export const badRequest = (message: string): MembershipResult => ({ kind: 'bad-request', message });

/** The GraphQL PaymentMethodInput as a provider takes it: a token from the provider's own form, or the card fields. */
export interface PaymentMethodFields {
  cardNumber?: string | null;
  expMonth?: number | null;
  expYear?: number | null;
  cvc?: string | null;
  postalCode?: string | null;
  token?: string | null;
}

export function toProviderMethod(input: PaymentMethodFields): PaymentMethodInput | null {
  const token = input.token?.trim();
  if (token) return token.length <= 255 ? { kind: 'token', token } : null;
  const number = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  const cvc = (input.cvc ?? '').trim();
  const { expMonth, expYear } = input;
  if (!/^\d{12,19}$/.test(number) || !/^\d{3,4}$/.test(cvc) || !Number.isInteger(expMonth) || !Number.isInteger(expYear)) return null;
  let year = expYear!;
  if (year < 100) year += 2000; // 'MM / YY' as cards print it
  const postalCode = input.postalCode?.trim().slice(0, 20) || undefined;
  return { kind: 'card', number, expMonth: expMonth!, expYear: year, cvc, ...(postalCode ? { postalCode } : {}) };
}
