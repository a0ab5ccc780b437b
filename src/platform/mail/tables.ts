import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Where a sent email went: an SMTP server, Amazon SES, or the dev mailbox page (no provider configured). */
export type DeliveredTo = 'smtp' | 'ses' | 'mailbox';

/** Attempts after which the sender gives up on an email; the row stays for inspection. */
export const MAX_SEND_ATTEMPTS = 10;

/**
 * The outbox: an email is a row written in the transaction of the change that causes
 * it, so it exists exactly when that change committed; the mailer sends it afterwards.
 * Rows are kept after sending: they are the record of what went out, and the dev
 * mailbox reads them.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** What the email is for ('login', 'verify-email'…), for logs and the mailbox. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this time: now when enqueued, later after a failure (backoff). */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredTo: text('delivered_to').$type<DeliveredTo>(),
    /** Extra headers (List-Unsubscribe…; Return-Path for the mailbox's rows), shown by the dev mailbox. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    // The sender's poll: due rows it has not given up on. Sent rows leave the index,
    // so it stays as small as the queue however long the history grows.
    index('email_outbox_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.sentAt} is null and ${t.attempts} < ${sql.raw(String(MAX_SEND_ATTEMPTS))}`),
    check('email_outbox_delivered_to_check', sql`${t.deliveredTo} in ('smtp', 'ses', 'mailbox')`),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
