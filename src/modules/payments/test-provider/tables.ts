import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The built-in test provider's own records, standing in for a payment provider's side of the
 * world: nothing here is the site's (the site's record is the ledger and the memberships).
 * Cards are kept as brand, last four and expiry, never the number.
 */
export const testProviderCustomers = pgTable('test_provider_customers', {
  ref: text('ref').primaryKey(),
  /** The site's user the customer was made for: only they may pass its 3-D Secure check. */
  userId: text('user_id').notNull(),
  email: text('email'),
  name: text('name').notNull(),
  defaultPaymentMethodRef: text('default_payment_method_ref'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** What a test card does when charged (test-provider/cards.ts). */
export type CardBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'fail_charges' | 'three_d_secure';

export const testProviderPaymentMethods = pgTable(
  'test_provider_payment_methods',
  {
    ref: text('ref').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    behaviour: text('behaviour').$type<CardBehaviour>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('test_provider_payment_methods_customer_idx').on(t.customerRef),
    check('test_provider_payment_methods_last_four_check', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
  ],
);

export const testProviderSubscriptions = pgTable(
  'test_provider_subscriptions',
  {
    ref: text('ref').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    status: text('status').$type<'active' | 'incomplete' | 'past_due' | 'unpaid' | 'canceled'>().notNull(),
    plan: text('plan').$type<'MONTHLY' | 'YEARLY' | 'PREMIUM_MONTHLY' | 'PREMIUM_YEARLY'>().notNull(),
    currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
    /** Day of the month periods end on (clamped to shorter months): the start's. */
    anchorDay: integer('anchor_day').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    discountPercentOff: integer('discount_percent_off'),
    /** Renewals still discounted. */
    discountCyclesLeft: integer('discount_cycles_left').notNull().default(0),
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    scheduledPlan: text('scheduled_plan').$type<'MONTHLY' | 'YEARLY' | 'PREMIUM_MONTHLY' | 'PREMIUM_YEARLY'>(),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    failedPaymentCount: integer('failed_payment_count').notNull().default(0),
    /** Past due: when the next retry of the period's charge is due. */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** The period's unpaid charge the retries are for, its attempts counted in failed_payment_count. */
    latestChargeRef: text('latest_charge_ref'),
    /** Incomplete on a 3-D Secure card: the charge waiting for the reader's check. */
    pendingChargeRef: text('pending_charge_ref'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    // The renewal sweep: live subscriptions by period end, and past-due ones by their next retry.
    index('test_provider_subscriptions_renewal_idx').on(t.currentPeriodEnd).where(sql`${t.status} = 'active'`),
    index('test_provider_subscriptions_retry_idx').on(t.nextRetryAt).where(sql`${t.status} = 'past_due'`),
    index('test_provider_subscriptions_incomplete_idx').on(t.createdAt).where(sql`${t.status} = 'incomplete'`),
  ],
);

export const testProviderCharges = pgTable(
  'test_provider_charges',
  {
    ref: text('ref').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    subscriptionRef: text('subscription_ref'),
    /**
     * A renewal's key: the period it pays for and the attempt ('2026-01-31T00:00:00.000Z#0', '…#1'
     * for the first retry). Unique with the subscription, so a renewal run twice charges once.
     */
    renewalKey: text('renewal_key'),
    status: text('status').$type<'succeeded' | 'failed' | 'pending'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    paymentMethodRef: text('payment_method_ref'),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('test_provider_charges_renewal_key').on(t.subscriptionRef, t.renewalKey)],
);

/** An idempotency key's stored answer: the same key gives the same result. */
export const testProviderIdempotency = pgTable(
  'test_provider_idempotency',
  {
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.operation, t.key] })],
);
