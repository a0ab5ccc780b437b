import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A custom domain linked to a publication or a user (spec §2.2, §3 customDomainState, §4 domain
 * statuses). `domain` is stored lowercase without a trailing dot. One row per domain name while it
 * is live (any state but DELETED), and one live row per owner: a removed domain stays as a DELETED
 * row (its history) and frees both the name and the owner.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: text('id').primaryKey(),
    domain: text('domain').notNull(),
    /** PUBLICATION or USER. */
    ownerKind: text('owner_kind').notNull(),
    /** A publication id or a user id, by owner_kind. */
    ownerId: text('owner_id').notNull(),
    /** CREATED, VERIFIED, ACTIVE, FAILED or DELETED. */
    state: text('state').notNull().default('CREATED'),
    /** The value the owner publishes as TXT at _inkwell-challenge.{domain}. */
    verificationToken: text('verification_token').notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The last check's failure, as shown to the owner (null after a passing check). */
    lastError: text('last_error'),
    createdById: text('created_by_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_live_domain_idx').on(t.domain).where(sql`${t.state} <> 'DELETED'`),
    uniqueIndex('custom_domains_live_owner_idx').on(t.ownerKind, t.ownerId).where(sql`${t.state} <> 'DELETED'`),
    index('custom_domains_state_idx').on(t.state),
    check('custom_domains_owner_kind', sql`${t.ownerKind} in ('PUBLICATION', 'USER')`),
    check('custom_domains_state', sql`${t.state} in ('CREATED', 'VERIFIED', 'ACTIVE', 'FAILED', 'DELETED')`),
    check('custom_domains_domain_lowercase', sql`${t.domain} = lower(${t.domain})`),
  ],
);
