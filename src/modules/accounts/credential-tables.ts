import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './tables.js';

/**
 * A user's password and two-factor secret with their lockout counters, apart from the
 * users table so profile reads never load secrets.
 */
export const userCredentials = pgTable('user_credentials', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** argon2id (PHC string); null without a password. */
  passwordHash: text('password_hash'),
  passwordSetAt: timestamp('password_set_at', { withTimezone: true }),
  passwordFailCount: integer('password_fail_count').notNull().default(0),
  passwordLockedUntil: timestamp('password_locked_until', { withTimezone: true }),
  passwordSoftLockouts: integer('password_soft_lockouts').notNull().default(0),
  passwordLockoutWindowStart: timestamp('password_lockout_window_start', { withTimezone: true }),
  passwordLockedPermanentlyAt: timestamp('password_locked_permanently_at', { withTimezone: true }),
  /** Base32 TOTP secret; set while enabling (pending) and once enabled. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: each code works once. */
  totpLastStep: integer('totp_last_step'),
  totpFailCount: integer('totp_fail_count').notNull().default(0),
  totpLockedUntil: timestamp('totp_locked_until', { withTimezone: true }),
  totpSoftLockouts: integer('totp_soft_lockouts').notNull().default(0),
  totpLockoutWindowStart: timestamp('totp_lockout_window_start', { withTimezone: true }),
  totpLockedPermanentlyAt: timestamp('totp_locked_permanently_at', { withTimezone: true }),
});

/** Single-use codes that stand in for a two-factor code (stored hashed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A sign-in waiting for its two-factor code: the password (or link) was right. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirect: text('redirect'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
