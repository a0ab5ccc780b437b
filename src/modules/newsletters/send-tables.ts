import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from '../posts/tables.js';
import { newsletters } from './tables.js';

/**
 * One email of a story to one newsletter's subscribers (README "Sending"): made when the story is
 * first published (only this row: the fan-out is the sender's), one per (newsletter, post).
 * QUEUED → SENDING → SENT; SKIPPED when the writer chose not to email it or the story is not
 * for everyone; FAILED when the story vanished before it went. The totals are kept with the
 * ledger's changes, so they outlive the ledger's rows (pruned after SEND_LEDGER_RETENTION_DAYS).
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    id: text('id').primaryKey(),
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('QUEUED'),
    /** Why a send was SKIPPED or FAILED ('opted-out', 'not-public', 'post-gone'). */
    reason: text('reason'),
    /** Ledger rows made (QUEUED for mail); suppressed addresses are counted apart. */
    recipients: integer('recipients').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
    complained: integer('complained').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    /** The fan-out walks the newsletter's ACTIVE subscribers in id order: the last one it recorded. */
    cursor: text('cursor').notNull().default(''),
    fannedOut: boolean('fanned_out').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the ledger rows of this finished send were deleted (the totals stay). */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_sends_post_idx').on(t.newsletterId, t.postId),
    index('newsletter_sends_by_post_idx').on(t.postId),
    // The sender's work list: a handful of rows however many sends there were.
    index('newsletter_sends_active_idx').on(t.createdAt).where(sql`${t.state} in ('QUEUED', 'SENDING')`),
    // The pruning sweep's: finished sends whose ledger is still there.
    index('newsletter_sends_prunable_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null and ${t.prunedAt} is null`),
    check('newsletter_sends_state_check', sql`${t.state} in ('QUEUED', 'SENDING', 'SENT', 'SKIPPED', 'FAILED')`),
  ],
);

/**
 * The per-recipient ledger: one row per (send, subscriber) — the primary key is what makes "once
 * per (story, recipient)" hold, and (post, address) keeps one email per story for a reader who
 * subscribes to both the writer's and the publication's newsletter. QUEUED → SENDING (claimed
 * with a lease, committed before the provider is called) → SENT or FAILED; later BOUNCED,
 * COMPLAINED or UNSUBSCRIBED from what the recipient did; SUPPRESSED rows record an address on
 * the suppression list, never mailed.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    sendId: text('send_id')
      .notNull()
      .references(() => newsletterSends.id, { onDelete: 'cascade' }),
    /** No foreign key: the ledger outlives a subscriber row deleted with its account, until pruned. */
    subscriberId: text('subscriber_id').notNull(),
    postId: text('post_id').notNull(),
    /** Lowercase, as it was when the send reached this subscriber. */
    address: text('address').notNull(),
    state: text('state').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    /** A SENDING claim's end: a worker that died mid-batch leaves rows whose lease runs out, and they go again (same Message-ID). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.subscriberId] }),
    uniqueIndex('newsletter_deliveries_post_address_idx').on(t.postId, t.address),
    // What the sender claims: the due rows of one send, in subscriber order.
    index('newsletter_deliveries_due_idx').on(t.sendId, t.subscriberId).where(sql`${t.state} in ('QUEUED', 'SENDING')`),
    check('newsletter_deliveries_state_check', sql`${t.state} in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'BOUNCED', 'COMPLAINED', 'UNSUBSCRIBED', 'SUPPRESSED')`),
  ],
);

/** The writer's choice for one story, made in the publish dialog: no row means email it. */
export const newsletterPostOptions = pgTable('newsletter_post_options', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  sendEmail: boolean('send_email').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
