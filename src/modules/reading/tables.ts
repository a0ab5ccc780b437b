import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { posts } from '../posts/tables.js';

/** Reading history (/me/readinghistory): a signed-in read, recorded once per story and updated on rereads. */
export const postReads = pgTable(
  'post_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    readCount: integer('read_count').notNull().default(1),
    firstReadAt: timestamp('first_read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('post_reads_recent_idx').on(t.userId, t.lastReadAt),
    // A story's readers by first read: the stats' reads per day (modules/stats).
    index('post_reads_post_idx').on(t.postId, t.firstReadAt),
  ],
);

/** A reader's reading settings: whether the reading history is paused (customize-reading-history). */
export const readingSettings = pgTable('reading_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  historyPaused: boolean('history_paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Resume reading: the last position of a reader in a story, private to them and synced between their
 * devices. A write carries the device's clock (clientUpdatedAt), the device's id and a sequence number
 * the device increases with every write; the row keeps the greatest (clientUpdatedAt, deviceSeq, deviceId)
 * seen, so an older device never moves the position back and concurrent writes end on the same row.
 */
export const readingPositions = pgTable(
  'reading_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    paragraphName: text('paragraph_name').notNull(),
    paragraphIndex: integer('paragraph_index').notNull(),
    /** How far through the story the reader is, 0 to 1. */
    fraction: doublePrecision('fraction').notNull(),
    clientUpdatedAt: timestamp('client_updated_at', { withTimezone: true, precision: 3 }).notNull(),
    deviceId: text('device_id').notNull(),
    deviceSeq: bigint('device_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);
