import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { enqueueEmail, notifyMailers, type DbTransaction } from '../../platform/mail/index.js';
import { cardLabel, GIFT_PRICES, type ChargeType } from '../../shared/membership.js';
import { users } from '../accounts/tables.js';
import type { ChargeSnapshot, PaymentFailure, PaymentMethodInput, PaymentProvider } from '../payments/provider.js';
import { newGiftCode } from './codes.js';
import { receiptEmail, recipientEmail, type SiteInfo } from './emails.js';
import { addMonths } from './grant.js';
import { giftCodes, giftPurchases, type GiftPurchaseRow } from './tables.js';
import { GIFT_MESSAGES, GIFT_MONTHS, type GiftOrder } from './validation.js';

export interface GiftDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** The ledger: records a charge as the provider answered it, idempotently (payments' recordCharge). */
  recordCharge(db: Db | DbTransaction, providerId: PaymentProvider['id'], charge: ChargeSnapshot): Promise<unknown>;
  site: SiteInfo;
}

export type PurchaseOutcome =
  | { kind: 'paid'; purchase: GiftPurchaseRow; codes: string[] }
  | { kind: 'declined'; failure: PaymentFailure }
  | { kind: 'error'; message: string };

const CHARGE_TYPE: Record<GiftOrder['kind'], ChargeType> = { gift: 'gift', 'group-gift': 'group gift' };

/**
 * The provider customer a buyer's gifts are charged to. It is not the customer of their
 * membership: attaching the gift's card there would make it the membership's card too.
 */
async function giftCustomer(deps: GiftDeps, buyer: { id: string; name: string; email: string | null }): Promise<string> {
  const [last] = await deps.db
    .select({ ref: giftPurchases.customerRef })
    .from(giftPurchases)
    .where(and(eq(giftPurchases.buyerId, buyer.id), eq(giftPurchases.provider, deps.provider.id)))
    .orderBy(desc(giftPurchases.createdAt))
    .limit(1);
  if (last) return last.ref;
  return (await deps.provider.createCustomer({ userId: buyer.id, email: buyer.email, name: buyer.name }, `gift-buyer:${buyer.id}`)).ref;
}

/**
 * Buys a gift (one code, emailed to its recipient now or on the chosen day) or a group gift (N codes
 * for the buyer to hand out), charging the card once. The purchase is written pending before the
 * charge and finished in one transaction after it (codes, ledger, emails), so a crash in between
 * leaves a pending row the delivery sweep finishes with the same idempotency key.
 */
export async function purchaseGift(deps: GiftDeps, buyerId: string, order: GiftOrder, paymentMethod: PaymentMethodInput): Promise<PurchaseOutcome> {
  const [buyer] = await deps.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, buyerId));
  if (!buyer) return { kind: 'error', message: GIFT_MESSAGES.signIn };
  const now = deps.clock.now();
  const unitAmount = GIFT_PRICES[order.kind];
  const id = newId();
  const customerRef = await giftCustomer(deps, buyer);
  await deps.db.insert(giftPurchases).values({
    id,
    buyerId,
    kind: order.kind,
    quantity: order.quantity,
    unitAmount,
    amount: unitAmount * order.quantity,
    currency: order.currency,
    recipientName: order.kind === 'gift' ? order.recipientName : null,
    recipientEmail: order.kind === 'gift' ? order.recipientEmail : null,
    message: order.kind === 'gift' ? order.message : null,
    deliverAt: order.kind === 'gift' ? order.deliverAt : now,
    status: 'pending',
    provider: deps.provider.id,
    customerRef,
    createdAt: now,
    updatedAt: now,
  });
  const attached = await deps.provider.attachPaymentMethod(customerRef, paymentMethod, `gift-card:${id}`);
  if (!attached.ok) return failPurchase(deps, id, attached.failure);
  await deps.db.update(giftPurchases).set({ paymentMethodRef: attached.value.ref, updatedAt: deps.clock.now() }).where(eq(giftPurchases.id, id));
  return chargeAndComplete(deps, id);
}

/** Charges a pending purchase (again: the same key gives the same charge) and finishes it. */
export async function chargeAndComplete(deps: GiftDeps, purchaseId: string): Promise<PurchaseOutcome> {
  const [p] = await deps.db.select().from(giftPurchases).where(eq(giftPurchases.id, purchaseId));
  if (!p) return { kind: 'error', message: GIFT_MESSAGES.paymentError };
  // The buyer's account went while the purchase was pending: nothing is charged for it.
  if (!p.buyerId) return failPurchase(deps, p.id, { kind: 'error', code: 'account_deleted', message: GIFT_MESSAGES.paymentError });
  const charged = await deps.provider.charge(
    {
      customerRef: p.customerRef,
      amount: { amount: p.amount, currency: p.currency },
      description: p.kind === 'gift' ? `Gift membership for ${p.recipientName}` : `Group gift: ${p.quantity} memberships`,
      metadata: { userId: p.buyerId, chargeType: CHARGE_TYPE[p.kind], giftId: p.id },
    },
    `gift-charge:${p.id}`,
  );
  if (!charged.ok) return failPurchase(deps, p.id, charged.failure);
  if (charged.value.status !== 'succeeded') return failPurchase(deps, p.id, { kind: 'error', code: 'requires_action', message: GIFT_MESSAGES.needsAction });
  const outcome = await completePurchase(deps, p.id, charged.value);
  notifyMailers();
  return outcome;
}

export async function failPurchase(deps: GiftDeps, id: string, failure: PaymentFailure): Promise<PurchaseOutcome> {
  await deps.db
    .update(giftPurchases)
    .set({ status: 'failed', failureCode: failure.code, updatedAt: deps.clock.now() })
    .where(and(eq(giftPurchases.id, id), eq(giftPurchases.status, 'pending')));
  return failure.kind === 'declined' ? { kind: 'declined', failure } : { kind: 'error', message: failure.message || GIFT_MESSAGES.paymentError };
}

/** Paid: the codes, the ledger entry, the receipt and (when due) the recipient's email, together. */
async function completePurchase(deps: GiftDeps, id: string, charge: ChargeSnapshot): Promise<PurchaseOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [p] = await tx.select().from(giftPurchases).where(eq(giftPurchases.id, id)).for('update');
    if (!p) throw new Error(`completePurchase: no gift purchase ${id}`);
    if (p.status === 'paid') {
      const codes = (await tx.select({ code: giftCodes.code }).from(giftCodes).where(eq(giftCodes.purchaseId, id))).map((r) => r.code);
      return { kind: 'paid', purchase: p, codes };
    }
    const codes = Array.from({ length: p.quantity }, () => newGiftCode());
    const expiresAt = addMonths(p.deliverAt > now ? p.deliverAt : now, 12);
    await tx.insert(giftCodes).values(codes.map((code) => ({ code, purchaseId: id, kind: p.kind, months: GIFT_MONTHS, expiresAt, createdAt: now })));
    await deps.recordCharge(tx, deps.provider.id, charge);
    const [paid] = await tx.update(giftPurchases).set({ status: 'paid', chargeRef: charge.ref, updatedAt: now }).where(eq(giftPurchases.id, id)).returning();
    const delivered = paid!.kind === 'group-gift' || paid!.deliverAt <= now ? await deliverInTx(deps, tx, paid!, now) : paid!;
    const [buyer] = p.buyerId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, p.buyerId)) : [];
    const card = charge.card ? `${cardLabel(charge.card.brand)} ending in ${charge.card.lastFour}` : null;
    if (buyer?.email) await enqueueEmail(tx, receiptEmail(deps.site, delivered, buyer.email, codes, card));
    return { kind: 'paid', purchase: delivered, codes };
  });
}

/** Sends a paid gift's code to its recipient (a group gift's codes went to the buyer with the receipt). */
export async function deliverInTx(deps: Pick<GiftDeps, 'site'>, tx: DbTransaction, p: GiftPurchaseRow, now: Date): Promise<GiftPurchaseRow> {
  if (p.kind === 'gift') {
    const [code] = await tx.select({ code: giftCodes.code, expiresAt: giftCodes.expiresAt }).from(giftCodes).where(eq(giftCodes.purchaseId, p.id));
    const [buyer] = p.buyerId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, p.buyerId)) : [];
    if (code) await enqueueEmail(tx, recipientEmail(deps.site, p, buyer?.name ?? '', code.code, code.expiresAt));
  }
  const [row] = await tx.update(giftPurchases).set({ deliveredAt: now, updatedAt: now }).where(eq(giftPurchases.id, p.id)).returning();
  return row!;
}
