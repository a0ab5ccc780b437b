import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { users } from '../accounts/tables.js';

/** Spec §3 post visibility. */
export const postVisibility = pgEnum('post_visibility', ['PUBLIC', 'UNLISTED', 'LOCKED', 'PRIVATE']);

/** Spec §3 Post. The body is the paragraph model, stored as JSON. */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** slug of the title; the unique slug is `${slug}-${id}`. */
    slug: text('slug').notNull().default(''),
    visibility: postVisibility('visibility').notNull().default('PUBLIC'),
    /** Member-only story (spec: isLocked shows the member star). */
    isLocked: boolean('is_locked').notNull().default(false),
    allowResponses: boolean('allow_responses').notNull().default(true),
    paragraphs: jsonb('paragraphs').$type<Paragraph[]>().notNull().default(sql`'[]'::jsonb`),
    previewImage: jsonb('preview_image').$type<ImageMetadata | null>(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Minutes, fractional (src/shared/reading-time.ts). */
    readingTime: real('reading_time').notNull().default(0),
    clapCount: integer('clap_count').notNull().default(0),
    responsesCount: integer('responses_count').notNull().default(0),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    latestPublishedAt: timestamp('latest_published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_creator_published_idx').on(t.creatorId, t.firstPublishedAt),
    index('posts_published_idx').on(t.firstPublishedAt).where(sql`${t.deletedAt} is null and ${t.firstPublishedAt} is not null`),
  ],
);
