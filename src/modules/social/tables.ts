import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { tags } from '../posts/tables.js';

/**
 * A reader follows a writer (spec §7 FollowUser). The writer's followerCount and the
 * reader's followingCount (users table) change in the same transaction as the row.
 */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: text('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.targetUserId] }), index('user_follows_target_idx').on(t.targetUserId, t.createdAt)],
);

/** A reader follows a topic (tag); tags.follower_count changes with the row. */
export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagSlug: text('tag_slug')
      .notNull()
      .references(() => tags.slug, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagSlug] }), index('tag_follows_tag_idx').on(t.tagSlug, t.createdAt)],
);

/** A reader mutes a writer (spec §7 muteUser): their stories leave every feed of that reader. */
export const userMutes = pgTable(
  'user_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: text('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetUserId] })],
);
