import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import { notifyMailers } from '../../platform/mail/index.js';
import { chargeAndComplete, deliverInTx, failPurchase, type GiftDeps } from './purchase.js';
import { giftPurchases } from './tables.js';

/** A purchase still pending this long after it began was interrupted between its charge and its recording. */
export const STALE_PENDING_MS = 10 * 60_000;

/**
 * Emails the gifts whose delivery date has come (the recipient's code, once: delivered_at is set in
 * the same transaction as the email is written), claimed with SKIP LOCKED so several workers share
 * the work.
 */
export async function deliverDueGifts(deps: GiftDeps, batchSize: number): Promise<number> {
  const delivered = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const due = await tx
      .select()
      .from(giftPurchases)
      .where(and(isNull(giftPurchases.deliveredAt), eq(giftPurchases.status, 'paid'), lte(giftPurchases.deliverAt, now)))
      .orderBy(asc(giftPurchases.deliverAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const p of due) await deliverInTx(deps, tx, p, now);
    return due.length;
  });
  if (delivered > 0) notifyMailers();
  return delivered;
}

/**
 * Finishes purchases left pending by a crash: charging again with the purchase's idempotency key
 * returns the charge already made, or makes the one that never was.
 */
export async function finishStalePurchases(deps: GiftDeps, batchSize: number, logger?: Logger): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STALE_PENDING_MS);
  const stale = await deps.db
    .select({ id: giftPurchases.id, paymentMethodRef: giftPurchases.paymentMethodRef })
    .from(giftPurchases)
    .where(and(isNull(giftPurchases.deliveredAt), eq(giftPurchases.status, 'pending'), lte(giftPurchases.createdAt, cutoff)))
    .limit(batchSize);
  for (const { id, paymentMethodRef } of stale) {
    // Interrupted before the buyer's card was attached: nothing was charged, and the customer's
    // default card may be another purchase's, so it is not charged now either.
    const outcome = paymentMethodRef
      ? await chargeAndComplete(deps, id)
      : await failPurchase(deps, id, { kind: 'error', code: 'interrupted', message: 'The purchase was interrupted before the card was added.' });
    logger?.info({ giftPurchaseId: id, outcome: outcome.kind }, 'gift purchase left pending was finished');
  }
  return stale.length;
}

/** For the worker's sweeper (src/platform/jobs): due deliveries first, then interrupted purchases. */
export function giftDeliverySweep(deps: GiftDeps, logger?: Logger): Sweep {
  return {
    name: 'gift-delivery',
    runBatch: async (batchSize) => {
      const delivered = await deliverDueGifts(deps, batchSize);
      const finished = delivered < batchSize ? await finishStalePurchases(deps, batchSize - delivered, logger) : 0;
      return delivered + finished;
    },
  };
}
