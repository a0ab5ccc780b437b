import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { publications } from './tables.js';

/**
 * A publication's feature page (spec §2.3 /{slug}/{topicSlug}/home): a titled page of the
 * publication's stories carrying any of its tags (≤ 5), in the editors' order (`position`).
 * The slug is unique within the publication and never one of its own literal paths.
 */
export const publicationFeaturePages = pgTable(
  'publication_feature_pages',
  {
    id: text('id').primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publication_feature_pages_slug_idx').on(t.publicationId, t.slug),
    index('publication_feature_pages_position_idx').on(t.publicationId, t.position),
    check('publication_feature_pages_tags', sql`cardinality(${t.tags}) <= 5`),
    check('publication_feature_pages_slug_form', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);
