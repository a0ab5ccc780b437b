import { date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from '../posts/tables.js';
import { users } from '../accounts/tables.js';

/**
 * Settings of the whole site that staff change at run time (the metering rule), and values the
 * site makes once and keeps (the friend-link signing secret): one JSON value per key.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Who changed it last; null for values the site made itself. */
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The member-only stories a reader without membership read whole under the metering rule, one
 * row per reader, calendar month (UTC, its first day) and story: reading a story again in the
 * same month costs nothing, and the month's count is the reader's rows for it (the primary key's prefix).
 */
export const meteredReads = pgTable(
  'metered_reads',
  {
    readerId: text('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.month, t.postId] }), index('metered_reads_post_idx').on(t.postId)],
);
