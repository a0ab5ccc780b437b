import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { newsletters } from './tables.js';

/**
 * A writer's mailing-list import (spec §2.1 import-mailing-list): a CSV staged and checked
 * (VALIDATED, with its report), then confirmed with the writer's attestation (IMPORTING: the
 * import sweep works through its rows in batches), then DONE. The counts are the report's;
 * `imported` and `skipped` grow as the sweep goes (progress).
 */
export const newsletterImports = pgTable(
  'newsletter_imports',
  {
    id: text('id').primaryKey(),
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    /** The writer who uploaded and confirmed it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** Which column held the addresses (its header, or its 1-based number). */
    emailColumn: text('email_column').notNull().default(''),
    totalRows: integer('total_rows').notNull(),
    invalidCount: integer('invalid_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    subscribedCount: integer('subscribed_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    suppressedCount: integer('suppressed_count').notNull().default(0),
    /** Rows that will be imported (the report), then the rows the sweep has left to do. */
    toImportCount: integer('to_import_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    /** Rows that changed between the report and their batch (unsubscribed, suppressed, subscribed meanwhile). */
    skippedCount: integer('skipped_count').notNull().default(0),
    /** A few examples of each problem: { invalid: [...], duplicate: [...], ... }. */
    samples: jsonb('samples').notNull().default({}),
    /** The attestation the writer ticked, word for word (recorded as each subscriber's consent notice). */
    attestation: text('attestation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('newsletter_imports_newsletter_idx').on(t.newsletterId, t.createdAt),
    // The sweep finds imports with work left.
    index('newsletter_imports_running_idx').on(t.confirmedAt).where(sql`${t.state} = 'IMPORTING'`),
    check('newsletter_imports_state_check', sql`${t.state} in ('VALIDATED', 'IMPORTING', 'DONE')`),
  ],
);

/**
 * The staged rows of an import, one per CSV data row: the address as written, lowercased when
 * valid, and its verdict. NEW rows are imported by the sweep, which marks them IMPORTED or
 * SKIPPED in the batch's transaction (so a crash repeats a batch, never a row). They are deleted
 * when the import is DONE, and an unconfirmed upload's when the writer uploads the next file.
 */
export const newsletterImportRows = pgTable(
  'newsletter_import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => newsletterImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    value: text('value').notNull(),
    email: text('email'),
    /** NEW, INVALID, DUPLICATE, SUBSCRIBED, UNSUBSCRIBED, SUPPRESSED, IMPORTED, SKIPPED. */
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('newsletter_import_rows_new_idx').on(t.importId, t.rowNumber).where(sql`${t.status} = 'NEW'`),
  ],
);
