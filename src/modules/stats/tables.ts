import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { posts } from '../posts/tables.js';

/**
 * Who has been counted as viewing a story on a UTC day: the viewer's user id, or the logged-out
 * reader's lo_ visitor id. Its primary key is what makes a view count once per visitor, story and day.
 */
export const storyViewVisitors = pgTable(
  'story_view_visitors',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.visitor] }), index('story_view_visitors_day_idx').on(t.day)],
);

/** Views of a story on a UTC day: kept by the statement that inserts a new story_view_visitors row. */
export const storyViewDays = pgTable(
  'story_view_days',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), check('story_view_days_views', sql`${t.views} >= 0`)],
);
