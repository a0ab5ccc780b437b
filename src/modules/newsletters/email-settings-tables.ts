import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * A reader's email choices that are not one newsletter's (spec §3 User.allowEmailAddressSharingEditorWriter).
 * No row means the defaults: sharing allowed, as the §5 notice each subscriber agreed to says.
 * Turned off, writers' and publications' subscriber lists and exports leave the reader out
 * (sharesEmailWithWriters in email-settings-queries.ts).
 */
export const readerEmailPreferences = pgTable('reader_email_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allowEmailSharing: boolean('allow_email_sharing').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
