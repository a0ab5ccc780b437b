import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from '../posts/tables.js';

/** The staff-curated list behind staffPicksFeed (spec §7 NotFoundScreenQuery, home-lo). */
export const staffPicks = pgTable('staff_picks', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  pickedAt: timestamp('picked_at', { withTimezone: true }).notNull().defaultNow(),
});
