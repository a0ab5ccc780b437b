import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * Spec §2.1 series / §3 Sequence: a writer's series of their own stories, read in order at
 * /s/{slug}. The slug is the title's slug plus '-' plus the id (not stored: a renamed series
 * keeps working at its old address, the id decides). `publishedAt` null is a draft, seen only
 * by its writer.
 */
export const sequences = pgTable(
  'sequences',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverImageId: text('cover_image_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    itemsCount: integer('items_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sequences_user_idx').on(t.userId, t.updatedAt), check('sequences_title_length', sql`char_length(${t.title}) between 1 and 100`)],
);

/**
 * A story's place in a series: `position` counts from 1 and is rewritten whole by each save
 * of the editor (a series has tens of parts, not thousands). A story is part of at most one
 * series (Post.sequence is one), hence the unique index on post_id.
 */
export const sequenceItems = pgTable(
  'sequence_items',
  {
    sequenceId: text('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sequenceId, t.postId] }), uniqueIndex('sequence_items_post_idx').on(t.postId), index('sequence_items_order_idx').on(t.sequenceId, t.position)],
);

/** A reader following a published series: told when a part is added. */
export const sequenceFollows = pgTable(
  'sequence_follows',
  {
    sequenceId: text('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sequenceId, t.userId] }), index('sequence_follows_user_idx').on(t.userId)],
);
