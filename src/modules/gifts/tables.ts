import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * One purchase of a gift (spec §9 gift, 29) or a group gift (group-gift, 31 per code): what was
 * bought, by whom, for whom, and where its charge stands. A purchase is written 'pending' before
 * the card is charged, so a crash between the charge and its recording leaves a row to finish
 * (the delivery sweep charges again with the same idempotency key and gets the same charge).
 */
export const giftPurchases = pgTable(
  'gift_purchases',
  {
    id: text('id').primaryKey(),
    /** Null once the buyer's account is gone: the gifts they gave stay good. */
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Spec §9 gift types. */
    kind: text('kind').$type<'gift' | 'group-gift'>().notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents per code and in all, in `currency`. */
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
    /** A gift's recipient and the buyer's note; null for a group gift (the buyer hands the codes out). */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** When the recipient's email goes out: the purchase itself, or the start (UTC) of the day the buyer chose. */
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** pending: card not charged yet; paid; failed: declined (nothing else exists for it). */
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull(),
    failureCode: text('failure_code'),
    provider: text('provider').$type<'TEST' | 'STRIPE'>().notNull(),
    /** The provider customer the gifts of this buyer are charged to (kept apart from a membership's). */
    customerRef: text('customer_ref').notNull(),
    /** The buyer's card for this purchase, once attached: a pending purchase without one was never charged. */
    paymentMethodRef: text('payment_method_ref'),
    chargeRef: text('charge_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gift_purchases_buyer_idx').on(t.buyerId, t.createdAt),
    // The delivery sweep: paid gifts whose email has not gone out, and purchases left pending.
    index('gift_purchases_undelivered_idx').on(t.deliverAt).where(sql`${t.deliveredAt} is null and ${t.status} <> 'failed'`),
    check('gift_purchases_kind_check', sql`${t.kind} in ('gift', 'group-gift')`),
    check('gift_purchases_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('gift_purchases_amount_check', sql`${t.quantity} >= 1 and ${t.amount} = ${t.unitAmount} * ${t.quantity}`),
  ],
);

/**
 * A code redeemable for a year of Member (spec §4 gift code statuses). `code` is the normalised
 * form (upper case, no separators); it is shown grouped for reading (XXXX-XXXX-XXXX-XXXX). A code
 * exists once its purchase is paid.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    code: text('code').primaryKey(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => giftPurchases.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'gift' | 'group-gift'>().notNull(),
    /** Months of Member it grants. */
    months: integer('months').notNull(),
    /** After this the code is EXPIRED (a year after it was delivered). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Who redeemed it; redeemedAt says it was used even after that account is gone. */
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gift_codes_purchase_idx').on(t.purchaseId),
    check('gift_codes_kind_check', sql`${t.kind} in ('gift', 'group-gift')`),
  ],
);

export type GiftPurchaseRow = typeof giftPurchases.$inferSelect;
export type GiftCodeRow = typeof giftCodes.$inferSelect;
