import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { publications } from '../publications/tables.js';

/**
 * Spec §3 NewsletterV3: a writer's newsletter (type USER, one per writer, made lazily on first
 * use) or a publication's (type COLLECTION, made by its editors at /{slug}/new-newsletter).
 * `subscriber_count` is the ACTIVE subscribers, kept in the transaction that changes one.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The writer (USER) or the editor who made it (COLLECTION). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id').references(() => publications.id, { onDelete: 'cascade' }),
    /** Lowercase; unique per publication (a writer's is their username at creation, for display only). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Spec §3 showPromo: the subscribe promotion shows on the writer's or publication's pages. */
    showPromo: boolean('show_promo').notNull().default(true),
    subscriberCount: integer('subscriber_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletters_writer_idx').on(t.userId).where(sql`${t.type} = 'USER'`),
    uniqueIndex('newsletters_collection_slug_idx').on(t.collectionId, t.slug).where(sql`${t.collectionId} is not null`),
    check('newsletters_type_check', sql`${t.type} in ('USER', 'COLLECTION')`),
    check('newsletters_collection_check', sql`(${t.type} = 'COLLECTION') = (${t.collectionId} is not null)`),
    check('newsletters_subscriber_count_check', sql`${t.subscriberCount} >= 0`),
  ],
);

/**
 * One subscriber of one newsletter: a signed-in reader (user_id; mail goes to their current
 * address) or an address without an account (email, lowercase: the email form and imports).
 * PENDING waits for the confirmation link (double opt-in); only ACTIVE ones get mail.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    state: text('state').notNull(),
    /** How they came: ONE_CLICK (signed in), EMAIL_FORM (double opt-in), IMPORT (a writer's list). */
    source: text('source').notNull(),
    /** The subscriber agreed that the writer or publication sees their address (spec §5 notice). */
    shareEmail: boolean('share_email').notNull().default(true),
    /** Goes up each time an unsubscribed row becomes ACTIVE again: links signed for an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_user_idx').on(t.newsletterId, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('newsletter_subscribers_email_idx').on(t.newsletterId, t.email).where(sql`${t.userId} is null`),
    // The sender walks a newsletter's active subscribers in id order from a cursor.
    index('newsletter_subscribers_active_idx').on(t.newsletterId, t.id).where(sql`${t.state} = 'ACTIVE'`),
    index('newsletter_subscribers_reader_idx').on(t.userId),
    index('newsletter_subscribers_address_idx').on(t.email),
    check('newsletter_subscribers_state_check', sql`${t.state} in ('PENDING', 'ACTIVE', 'UNSUBSCRIBED')`),
    check('newsletter_subscribers_source_check', sql`${t.source} in ('ONE_CLICK', 'EMAIL_FORM', 'IMPORT')`),
    check('newsletter_subscribers_who_check', sql`(${t.userId} is null) <> (${t.email} is null)`),
  ],
);

/**
 * Consent proof: every subscribe, confirmation, import attestation and unsubscribe, with the
 * notice shown, where it happened and when. Append-only; kept while the subscriber row exists.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: text('id').primaryKey(),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** SUBSCRIBE, CONFIRM, IMPORT, UNSUBSCRIBE. */
    action: text('action').notNull(),
    /** The address it concerned at the time. */
    email: text('email').notNull(),
    /** The notice the person saw (spec §5), or the writer's attestation for an import. */
    notice: text('notice').notNull().default(''),
    /** Where: a page path, 'email-link', 'list-unsubscribe', 'import:{id}'. */
    source: text('source').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_consents_subscriber_idx').on(t.subscriberId, t.recordedAt)],
);
