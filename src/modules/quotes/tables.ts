import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { posts } from '../posts/tables.js';

/**
 * Highlights (spec §3 cache types Highlight, Quote): a reader's selection in a story,
 * anchored by paragraph name and character offsets [start, end) of that paragraph's text.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paragraphName: text('paragraph_name').notNull(),
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    /** The text highlighted, kept so an edited paragraph does not change what was quoted. */
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_post_idx').on(t.postId, t.paragraphName),
    index('quotes_user_idx').on(t.userId, t.createdAt),
    // A reader highlights a passage once: highlighting it again finds the same quote.
    uniqueIndex('quotes_reader_range_idx').on(t.postId, t.userId, t.paragraphName, t.startOffset, t.endOffset),
  ],
);
