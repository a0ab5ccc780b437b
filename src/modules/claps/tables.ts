import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { posts } from '../posts/tables.js';

/** Spec §7 clap: one row per reader and story, 1..50 claps (spec §9). posts.clap_count is their sum. */
export const claps = pgTable(
  'claps',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('claps_user_idx').on(t.userId, t.updatedAt),
    check('claps_count_range', sql`${t.count} between 1 and 50`),
  ],
);
