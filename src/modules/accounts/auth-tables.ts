import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './tables.js';

/**
 * Signed-in browsers. The cookie holds a 128-bit random token; only its SHA-256 is
 * stored, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Anti-forgery token for forms and the sign-out route (/m/signout/{xsrf}). */
    xsrf: text('xsrf').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One request for a sign-in (or sign-up) email: a magic link and a 6-digit code sent
 * together. The link is valid 24 h, the code 10 minutes; both are stored hashed and
 * both die when either is used. The code is bound to the browser that asked for it
 * (the attempt id sits in a cookie there).
 */
export const emailAuthAttempts = pgTable(
  'email_auth_attempts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** login or register, as the reader chose; an existing account always signs in. */
    operation: text('operation').notNull(),
    fullName: text('full_name'),
    redirect: text('redirect'),
    linkTokenHash: text('link_token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes so far, carried over to a newer attempt for the same address. */
    failedCodeTries: integer('failed_code_tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_auth_attempts_email_idx').on(t.email, t.createdAt)],
);

/** A one-time token a correct code is exchanged for; /m/callback/email spends it. */
export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  attemptId: text('attempt_id')
    .notNull()
    .references(() => emailAuthAttempts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A link that confirms an address: a changed email (the account switches to it only
 * when the link is opened from the new inbox). Stored hashed; 24 hours; once.
 */
export const emailConfirmations = pgTable('email_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
