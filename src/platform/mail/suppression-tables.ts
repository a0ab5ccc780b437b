import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one suppression list: addresses bulk mail (newsletters) never goes to. A hard bounce or a
 * complaint suppresses at once; soft bounces count up and suppress after SOFT_BOUNCE_LIMIT
 * (src/platform/mail/suppression.ts). `suppressed_at` null: soft bounces counted, still mailed.
 * Addresses are stored lowercase. Transactional mail (sign-in) is not held back by it.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    address: text('address').primaryKey(),
    /** HARD_BOUNCE, COMPLAINT, SOFT_BOUNCE, MANUAL: why it is (or may become) suppressed. */
    reason: text('reason').notNull(),
    softBounces: integer('soft_bounces').notNull().default(0),
    /** Which reports the soft bounces counted came from (a delivery's ref, a provider's event id), so a repeat counts once. */
    softBounceKeys: text('soft_bounce_keys').array().notNull().default(sql`'{}'::text[]`),
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    /** The provider or listener that told us ('smtp-dsn', 'ses'…) and its diagnostic line. */
    detail: text('detail').notNull().default(''),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('email_suppressions_reason_check', sql`${t.reason} in ('HARD_BOUNCE', 'COMPLAINT', 'SOFT_BOUNCE', 'MANUAL')`)],
);
