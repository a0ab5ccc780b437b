/**
 * How a provider's subscription reads as a membership (spec §4 states and deactivation
 * sources), and the spec's rules on what a member may do with it. Pure: the database side is
 * apply-snapshot.ts.
 */
import type { DeactivationSource, MembershipState, PaymentProviderName } from '../../shared/membership.js';
import type { SubscriptionSnapshot } from '../payments/provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewal the provider is still retrying keeps the reader's access: the retries run over
 * about two weeks after the first failure (+3, +7, +14 days), so access runs a day past the
 * last of them; the subscription's end (delinquency) takes it away as soon as it comes.
 */
export const DUNNING_ACCESS_MS = 15 * DAY_MS;

/** Providers whose subscriptions the site manages (spec §4: braintree or stripe; and the built-in test provider). */
export const MANAGED_PROVIDERS: readonly PaymentProviderName[] = ['STRIPE', 'BRAINTREE', 'TEST'];

export interface MembershipStateInput {
  status: SubscriptionSnapshot['status'];
  cancelAtPeriodEnd: boolean;
  failedPaymentCount: number;
  paymentFailedAt: Date | null;
  /** The account is suspended (spec §3 User.isSuspended). */
  userSuspended: boolean;
  /** A source already recorded on the row (a staff deactivation writes 'admin' before it reaches the provider). */
  recordedSource: DeactivationSource | null;
  /** The reader had asked to cancel at the period end before the subscription ended. */
  wasCancelled: boolean;
}

export interface DerivedState {
  state: MembershipState;
  deactivationSource: DeactivationSource | null;
}

/**
 * Spec §4: ACTIVE while paid or while a failed renewal is being retried (past_due);
 * PENDING_ACTION for a first payment not yet made (3-D Secure); INACTIVE once ended, by the
 * reader (cancelled at the period end), by failed payments (delinquency) or by staff (admin);
 * SUSPENDED while the account is suspended, whatever the subscription says.
 */
export function deriveState(input: MembershipStateInput): DerivedState {
  const ended = input.status === 'canceled' || input.status === 'unpaid';
  if (ended) return { state: 'INACTIVE', deactivationSource: endedBy(input) };
  if (input.userSuspended) return { state: 'SUSPENDED', deactivationSource: null };
  switch (input.status) {
    case 'active':
    case 'past_due':
      return { state: 'ACTIVE', deactivationSource: null };
    case 'incomplete':
      return { state: 'PENDING_ACTION', deactivationSource: null };
    default:
      return { state: 'UNKNOWN', deactivationSource: null };
  }
}

function endedBy(input: MembershipStateInput): DeactivationSource {
  if (input.recordedSource) return input.recordedSource;
  if (input.status === 'unpaid') return 'delinquency';
  // Ended while renewals were failing: the provider gave up on the payment.
  if (input.failedPaymentCount > 0 || input.paymentFailedAt) return 'delinquency';
  return 'user';
}

/** Until when the reader may read member-only stories (spec: the paid period's end while ACTIVE; none otherwise). */
export function accessUntilOf(state: MembershipState, snapshot: Pick<SubscriptionSnapshot, 'status' | 'currentPeriodEnd' | 'paymentFailedAt'>): Date | null {
  if (state !== 'ACTIVE') return null;
  if (snapshot.status === 'past_due') {
    const from = snapshot.paymentFailedAt ?? snapshot.currentPeriodEnd;
    return new Date(Math.max(snapshot.currentPeriodEnd.getTime(), from.getTime() + DUNNING_ACCESS_MS));
  }
  return snapshot.currentPeriodEnd;
}

export interface RuleInput {
  provider: PaymentProviderName;
  state: MembershipState;
  isCancelled: boolean;
  hasPaymentMethod: boolean;
  paymentFailedAt: Date | null;
}

/** Spec §4: reactivation only for braintree/stripe (and test), a cancelled membership, with a payment method; and still running. */
export const canReactivate = (m: RuleInput): boolean => MANAGED_PROVIDERS.includes(m.provider) && m.isCancelled && m.hasPaymentMethod && m.state === 'ACTIVE';

/** Spec §4: plan switch only for braintree/stripe (and test), payment not failed, not cancelled; and running. */
export const canSwitchPlan = (m: RuleInput): boolean => MANAGED_PROVIDERS.includes(m.provider) && !m.paymentFailedAt && !m.isCancelled && m.state === 'ACTIVE';
