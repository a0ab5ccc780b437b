import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * Spec §3 Catalog: a reader's list of stories. Predefined lists (Reading list, Resume reading,
 * Purchased) are made on first use with the id `predefined:{userId}:{kind}`; other lists have a
 * 12-hex id. `version` changes on every edit of the list or its items: EditCatalogItems names the
 * version it read, and a stale one is a CatalogConflict.
 */
export const catalogs = pgTable(
  'catalogs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Spec: PUBLIC = 0, PRIVATE = 1. */
    visibility: smallint('visibility').notNull().default(0),
    /** reading-list | currently-reading | purchased; null for a list the reader made. */
    predefined: text('predefined'),
    version: text('version').notNull(),
    itemsCount: integer('items_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    responsesLocked: boolean('responses_locked').notNull().default(false),
    /** The sum of catalog_claps.count, kept in the statement that changes them (claps.ts). */
    clapCount: integer('clap_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalogs_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('catalogs_user_predefined_idx').on(t.userId, t.predefined),
    check('catalogs_visibility_range', sql`${t.visibility} in (0, 1)`),
    check('catalogs_predefined_kind', sql`${t.predefined} is null or ${t.predefined} in ('reading-list', 'currently-reading', 'purchased')`),
  ],
);

/**
 * A story in a list. `position` is an arbitrary-precision number: prepend takes the first minus
 * one, append the last plus one, a move the midpoint of its new neighbours, so each is one
 * statement and no other row is renumbered. A story is in a list at most once.
 * `tombstoneTitle` is the story's title when it was saved: what the owner sees once the story
 * is deleted or made private.
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: text('id').primaryKey(),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    note: text('note'),
    position: numeric('position').notNull(),
    tombstoneTitle: text('tombstone_title').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('catalog_items_catalog_post_idx').on(t.catalogId, t.postId),
    index('catalog_items_catalog_position_idx').on(t.catalogId, t.position, t.id),
    index('catalog_items_post_idx').on(t.postId),
    check('catalog_items_note_length', sql`${t.note} is null or char_length(${t.note}) <= 280`),
  ],
);

/** A reader following someone else's public list. */
export const catalogFollows = pgTable(
  'catalog_follows',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.userId] }), index('catalog_follows_user_idx').on(t.userId, t.createdAt)],
);


/** Claps on a list: one row per reader and list, 1..50 like a story's (spec §9). catalogs.clap_count is their sum. */
export const catalogClaps = pgTable(
  'catalog_claps',
  {
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.userId] }), index('catalog_claps_user_idx').on(t.userId, t.updatedAt), check('catalog_claps_count_range', sql`${t.count} between 1 and 50`)],
);
