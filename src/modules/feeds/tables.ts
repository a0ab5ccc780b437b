import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { posts } from '../posts/tables.js';

/** The staff-curated list behind staffPicksFeed (spec §7 NotFoundScreenQuery, home-lo). */
export const staffPicks = pgTable('staff_picks', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  pickedAt: timestamp('picked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Listed stories by tag, newest first: the tag half of the Following feed and the
 * For you candidates read the newest stories of each followed tag from here with an
 * index scan (posts.tags is an array; its GIN index cannot return them in time order).
 * A row exists exactly while the story counts in tags.post_count (published, PUBLIC,
 * not in the trash, not a response): a trigger on posts keeps it so for every writer
 * of posts (publish, settings, trash, restore, demo and benchmark inserts); see the
 * migration that creates it.
 */
export const postTags = pgTable(
  'post_tags',
  {
    tagSlug: text('tag_slug').notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').notNull(),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagSlug, t.postId] }), index('post_tags_newest_idx').on(t.tagSlug, t.firstPublishedAt.desc(), t.postId.desc())],
);

/**
 * Claps a story received on a day (UTC): top stories of a day rank by them. Kept by the
 * clap statement itself (claps/commands.ts); bulk loads fill it themselves.
 */
export const dailyPostClaps = pgTable(
  'daily_post_claps',
  {
    day: date('day', { mode: 'string' }).notNull(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    claps: integer('claps').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.postId] }), index('daily_post_claps_top_idx').on(t.day, t.claps.desc(), t.postId)],
);

/**
 * 'Show less like this' on a feed card: the story leaves the reader's feeds, and its
 * writer and tags weigh less in For you (feed-for-you.ts).
 */
export const feedDismissals = pgTable(
  'feed_dismissals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id').notNull(),
    tags: text('tags').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);
