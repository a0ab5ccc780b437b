import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

export * from './test-provider/tables.js';

/** Attempts after which the inbox gives up on a provider event; the row stays for inspection. */
export const MAX_PROVIDER_EVENT_ATTEMPTS = 10;

/**
 * The ledger's charges (spec §3 ChargeV2): one row per charge a provider made for a reader,
 * whatever its outcome, as syncCharge last read it from the provider. The money it moved is in
 * ledger_entries; this row is what billing history and receipts show.
 */
export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    /** Kept when the account goes: the ledger is the site's record of money received. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<'TEST' | 'STRIPE'>().notNull(),
    providerRef: text('provider_ref').notNull(),
    /** Spec §3 charge type: annual, monthly, premium, gift, group gift, custom domain. */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    status: text('status').$type<'succeeded' | 'failed' | 'pending'>().notNull(),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    description: text('description').notNull(),
    subscriptionRef: text('subscription_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_provider_ref_key').on(t.provider, t.providerRef),
    // Billing history: a reader's charges, newest first.
    index('charges_user_created_idx').on(t.userId, t.createdAt, t.id),
    check('charges_type_check', sql`${t.type} in ('annual', 'monthly', 'premium', 'gift', 'group gift', 'custom domain')`),
    check('charges_status_check', sql`${t.status} in ('succeeded', 'failed', 'pending')`),
    check('charges_currency_check', sql`${t.currency} in ('USD', 'CAD')`),
    check('charges_amounts_check', sql`${t.amount} >= 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
  ],
);

/**
 * Every change of money, signed: a charge that succeeded is +amount, a refund −amount, in cents
 * with the charge's currency. Unique by the provider's reference of the movement, so recording
 * the same charge or refund again adds nothing: the entries of a charge always sum to its
 * amount minus what was refunded.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    provider: text('provider').$type<'TEST' | 'STRIPE'>().notNull(),
    /** The charge's ref for its entry; `{chargeRef}:refund:{total refunded}` for a refund. */
    providerRef: text('provider_ref').notNull(),
    kind: text('kind').$type<'charge' | 'refund'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_provider_ref_key').on(t.provider, t.providerRef),
    index('ledger_entries_charge_idx').on(t.chargeId),
    check('ledger_entries_kind_check', sql`(${t.kind} = 'charge' and ${t.amount} > 0) or (${t.kind} = 'refund' and ${t.amount} < 0)`),
  ],
);

/**
 * The provider-event inbox: what a provider said happened (a Stripe webhook, a test-provider
 * sweep's change), stored once per (provider, id) and applied by re-reading the object it names.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').$type<'TEST' | 'STRIPE'>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    objectRef: text('object_ref').notNull(),
    /** When the provider says it happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Not before this time: when received, later after a failed attempt (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    // The processor's poll: pending events it has not given up on; processed rows leave the index.
    index('payment_provider_events_pending_idx')
      .on(t.provider, t.nextAttemptAt)
      .where(sql`${t.processedAt} is null and ${t.attempts} < ${sql.raw(String(MAX_PROVIDER_EVENT_ATTEMPTS))}`),
  ],
);

export type ChargeRow = typeof charges.$inferSelect;
