import { customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { publications } from '../publications/tables.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search document of a publication (spec §7 index `collections`; collections-index.ts): its
 * name and slug (A), tags (B) and description (C), each both as written (`inkwell_names`: every
 * word, stop words too, so a publication is always found by its name) and stemmed
 * (`inkwell_search`). `name_key` is the unaccented, lower-case name: the exact name is always a
 * candidate. Followers, avatar and the rest are read live from the publication.
 */
export const searchCollections = pgTable(
  'search_collections',
  {
    collectionId: text('collection_id')
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    nameKey: text('name_key').notNull(),
    document: tsvector('document').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_collections_document_idx').using('gin', t.document), index('search_collections_name_key_idx').on(t.nameKey)],
);
