import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Spec §3 User. Ids are 12 lowercase hex characters (src/platform/ids.ts). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Unique case-insensitively (index on lower(username)); null until chosen. */
    username: text('username'),
    email: text('email'),
    /** A new address waiting for its confirmation link (spec §3 unverifiedEmail). */
    unverifiedEmail: text('unverified_email'),
    /** Deactivated: profile and stories hidden until the reader signs in again. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    bio: text('bio').notNull().default(''),
    pronouns: text('pronouns').array().notNull().default(sql`'{}'::text[]`),
    imageId: text('image_id'),
    isSuspended: boolean('is_suspended').notNull().default(false),
    /** Staff see the staff pages (route access 'staff') and may act on others' stories; granted by an operator (README). */
    isStaff: boolean('is_staff').notNull().default(false),
    /** Admins also see the admin pages (route access 'admin'); an admin counts as staff there. Granted by an operator. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * What the membership module last said of this reader's access (setMembershipAccess), kept on
     * the user row so the signed-in viewer carries it with no extra statement: the tier paid for,
     * since when (spec §3 membership.memberSince, friendSince) and until when it lets them read
     * member-only stories (the paid period's end; null = no access). The memberships table is the
     * record; these columns are its summary for the reading path.
     */
    memberTier: text('member_tier').$type<'FREE' | 'MEMBER' | 'FRIEND'>().notNull().default('FREE'),
    memberSince: timestamp('member_since', { withTimezone: true }),
    friendSince: timestamp('friend_since', { withTimezone: true }),
    memberAccessUntil: timestamp('member_access_until', { withTimezone: true }),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_idx').on(t.email),
  ],
);

/**
 * A reader dismissed something the site shows them until they do (spec §7 DismissFlag, §3
 * User.dismissableFlags): one row per reader and flag, with when, since a dismissal may last
 * only a while (dismissed-flags.ts).
 */
export const userDismissedFlags = pgTable(
  'user_dismissed_flags',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flag] })],
);
