import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { publications } from './tables.js';

/**
 * An invitation to work on a publication (spec §6: editors invite by email or username). One of
 * invitee_id (a username was given) or email (an address that may have no account yet) is set.
 * PENDING until accepted, declined or revoked; a pending one older than expires_at is void.
 */
export const publicationInvitations = pgTable(
  'publication_invitations',
  {
    id: text('id').primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    inviteeId: text('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase; matched against the verified email of the account that accepts. */
    email: text('email'),
    /** EDITOR or WRITER. */
    role: text('role').notNull(),
    /** PENDING, ACCEPTED, DECLINED or REVOKED. */
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('publication_invitations_pub_idx').on(t.publicationId, t.createdAt),
    index('publication_invitations_invitee_idx').on(t.inviteeId),
    index('publication_invitations_email_idx').on(t.email),
    // One open invitation per person and publication: inviting again refreshes it.
    uniqueIndex('publication_invitations_open_user_idx').on(t.publicationId, t.inviteeId).where(sql`status = 'PENDING' and invitee_id is not null`),
    uniqueIndex('publication_invitations_open_email_idx').on(t.publicationId, t.email).where(sql`status = 'PENDING' and email is not null`),
    check('publication_invitations_role', sql`${t.role} in ('EDITOR', 'WRITER')`),
    check('publication_invitations_status', sql`${t.status} in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')`),
    check('publication_invitations_target', sql`(${t.inviteeId} is null) <> (${t.email} is null)`),
  ],
);

/** The publication's longer about text (the about settings tab); the description stays the short line. */
export const publicationAbout = pgTable('publication_about', {
  publicationId: text('publication_id')
    .primaryKey()
    .references(() => publications.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
