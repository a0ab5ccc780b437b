import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * An uploaded image (spec §3 image metadata; served at /media/{mediaResourceId}). The id is
 * server-generated; the bytes live in storage (local disk or S3-compatible) under it.
 */
export const mediaResources = pgTable(
  'media_resources',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sniffed from the bytes: image/jpeg, image/png, image/webp, image/gif. */
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the stored (re-encoded) original. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.ownerId, t.createdAt)],
);
