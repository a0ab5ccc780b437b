import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CancellationDiscount, CancellationReason, Currency, DeactivationSource, MembershipPlan, MembershipState, PaymentProviderName } from '../../shared/membership.js';
import { users } from '../accounts/tables.js';

/**
 * A reader's memberships, one row per paid subscription or gift, kept after they end (the
 * history behind hasPastMemberships). The provider owns the billing cycle: a paid row follows
 * the provider's subscription through applySubscriptionSnapshot and nothing else. At most one
 * row per reader is live (not INACTIVE).
 */
export const memberships = pgTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's customer and subscription; null for a gift. */
    customerRef: text('customer_ref'),
    subscriptionRef: text('subscription_ref'),
    /** The gift a GIFT membership was redeemed from. */
    giftId: text('gift_id'),
    plan: text('plan').$type<MembershipPlan>().notNull(),
    tier: text('tier').$type<'MEMBER' | 'FRIEND'>().notNull(),
    state: text('state').$type<MembershipState>().notNull(),
    /** Why an INACTIVE membership ended; 'admin' is written before a staff deactivation reaches the provider. */
    deactivationSource: text('deactivation_source').$type<DeactivationSource>(),
    currency: text('currency').$type<Currency>().notNull(),
    /** What a period costs now, in cents, after a running discount. */
    amount: integer('amount').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Cancelled at the period end (spec §3 isCancelled); a gift, which never renews, is always cancelled. */
    isCancelled: boolean('is_cancelled').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    discountPercentOff: integer('discount_percent_off'),
    scheduledPlan: text('scheduled_plan').$type<MembershipPlan>(),
    scheduledPlanStartAt: timestamp('scheduled_plan_start_at', { withTimezone: true }),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** Failed renewals in a row, as the provider counts them; a dunning email goes out for each new one. */
    failedPaymentCount: integer('failed_payment_count').notNull().default(0),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** 3-D Secure: where the reader confirms the first payment (PENDING_ACTION). */
    pendingActionUrl: text('pending_action_url'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_subscription_idx').on(t.provider, t.subscriptionRef),
    uniqueIndex('memberships_live_user_idx').on(t.userId).where(sql`state <> 'INACTIVE'`),
    index('memberships_user_idx').on(t.userId, t.createdAt),
    // The expiry sweep's scan: live gifts by their end.
    index('memberships_gift_end_idx').on(t.currentPeriodEnd).where(sql`provider = 'GIFT' and state <> 'INACTIVE'`),
  ],
);

/**
 * A reader's customer at a provider, made once and reused for every later purchase (so a
 * returning member keeps their cards and receipts in one place).
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_customers_user_idx').on(t.userId, t.provider), uniqueIndex('payment_customers_ref_idx').on(t.provider, t.customerRef)],
);

/**
 * Why a member cancelled (spec §3 cancellation reasons), the retention offer that reason met,
 * whether they took it, and, once the period it would have ended has passed, whether the
 * member stayed: what tells which offers keep readers.
 */
export const membershipCancellations = pgTable(
  'membership_cancellations',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<CancellationReason>().notNull(),
    comment: text('comment'),
    offer: text('offer').$type<CancellationDiscount>().notNull(),
    /** Null until answered: accepted, or not taken by the time the membership ended or was reactivated. */
    offerAccepted: boolean('offer_accepted'),
    /** The period end the cancellation was for; the member stayed if a period after it began. */
    periodEndAt: timestamp('period_end_at', { withTimezone: true }).notNull(),
    /** Null until that period end has passed (or the membership ended). */
    keptMember: boolean('kept_member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('membership_cancellations_membership_idx').on(t.membershipId, t.createdAt), index('membership_cancellations_open_idx').on(t.membershipId).where(sql`resolved_at is null`)],
);

/**
 * Months of a gift redeemed while a paid membership was running: they start when that
 * membership ends, so a gift never shortens (nor overlaps) time already paid for.
 */
export const membershipGiftCredits = pgTable(
  'membership_gift_credits',
  {
    giftId: text('gift_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('membership_gift_credits_open_idx').on(t.userId).where(sql`applied_at is null`)],
);
