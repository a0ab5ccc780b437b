import { chargeTypeOfPlan, type Money } from '../../../shared/membership.js';
import type { PaymentFailure } from '../provider.js';
import { chargeOutcome, declined } from './cards.js';
import { emit, newRef, planDescription, type ChargeRow, type PaymentMethodRow, type SubscriptionRow, type Tx } from './store.js';
import { testProviderCharges } from './tables.js';

export interface ChargeAttempt {
  customerRef: string;
  pm: PaymentMethodRow | null;
  amount: Money;
  description: string;
  metadata: Record<string, string>;
  subscriptionRef?: string | null;
  renewalKey?: string | null;
  /** The reader is at the page: a 3-D Secure card asks for the check instead of failing. */
  onSession: boolean;
}

/**
 * Charges a card in the caller's transaction and writes its event: succeeded, failed (with
 * the card's decline), or pending a 3-D Secure check. A charge of nothing is not made.
 */
export async function makeCharge(tx: Tx, at: Date, a: ChargeAttempt): Promise<{ row: ChargeRow; failure: PaymentFailure | null }> {
  const outcome = a.pm ? chargeOutcome(a.pm, at, a.onSession) : declined('card_declined');
  const failure = typeof outcome === 'string' ? null : outcome;
  const status = outcome === 'succeed' ? 'succeeded' : outcome === 'authenticate' ? 'pending' : 'failed';
  const [row] = await tx
    .insert(testProviderCharges)
    .values({
      ref: newRef('ch'),
      customerRef: a.customerRef,
      subscriptionRef: a.subscriptionRef ?? null,
      renewalKey: a.renewalKey ?? null,
      status,
      amount: a.amount.amount,
      currency: a.amount.currency,
      paymentMethodRef: a.pm?.ref ?? null,
      cardBrand: a.pm?.brand ?? null,
      cardLastFour: a.pm?.lastFour ?? null,
      cardExpMonth: a.pm?.expMonth ?? null,
      cardExpYear: a.pm?.expYear ?? null,
      failureCode: failure?.code ?? null,
      failureMessage: failure?.message ?? null,
      description: a.description,
      metadata: a.metadata,
      createdAt: at,
    })
    .returning();
  if (status !== 'pending') await emit(tx, status === 'succeeded' ? 'charge.succeeded' : 'charge.failed', row!.ref, at);
  return { row: row!, failure };
}

/** A subscription's charges carry its metadata (userId…) with the charge type of its plan now. */
export const subscriptionChargeMetadata = (sub: Pick<SubscriptionRow, 'metadata' | 'plan'>): Record<string, string> => ({ ...sub.metadata, chargeType: chargeTypeOfPlan(sub.plan) });

export const subscriptionChargeDescription = (sub: Pick<SubscriptionRow, 'plan'>): string => planDescription(sub.plan);
