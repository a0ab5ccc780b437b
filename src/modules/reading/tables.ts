import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_reads_recent_idx').on(t.userId, t.lastReadAt)],
);
