import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { userCredentials } from './credential-tables.js';
import type { LockoutState } from './lockout.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CredentialRow = typeof userCredentials.$inferSelect;

/** The credentials row of a user, locked for this transaction; created empty when missing. */
export async function lockCredentials(tx: Tx, userId: string): Promise<CredentialRow> {
  await tx.insert(userCredentials).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(userCredentials).where(eq(userCredentials.userId, userId)).for('update');
  return row!;
}

export const passwordLockout = (c: CredentialRow): LockoutState => ({
  failCount: c.passwordFailCount,
  lockedUntil: c.passwordLockedUntil,
  softLockouts: c.passwordSoftLockouts,
  windowStart: c.passwordLockoutWindowStart,
  permanentlyLockedAt: c.passwordLockedPermanentlyAt,
});

export const passwordLockoutColumns = (s: LockoutState) => ({
  passwordFailCount: s.failCount,
  passwordLockedUntil: s.lockedUntil,
  passwordSoftLockouts: s.softLockouts,
  passwordLockoutWindowStart: s.windowStart,
  passwordLockedPermanentlyAt: s.permanentlyLockedAt,
});

export const totpLockout = (c: CredentialRow): LockoutState => ({
  failCount: c.totpFailCount,
  lockedUntil: c.totpLockedUntil,
  softLockouts: c.totpSoftLockouts,
  windowStart: c.totpLockoutWindowStart,
  permanentlyLockedAt: c.totpLockedPermanentlyAt,
});

export const totpLockoutColumns = (s: LockoutState) => ({
  totpFailCount: s.failCount,
  totpLockedUntil: s.lockedUntil,
  totpSoftLockouts: s.softLockouts,
  totpLockoutWindowStart: s.windowStart,
  totpLockedPermanentlyAt: s.permanentlyLockedAt,
});

/** What settings show: whether a password and two-factor are on. */
export async function credentialSummary(db: Db, userId: string): Promise<{ hasPassword: boolean; twoFactorEnabled: boolean }> {
  const [c] = await db
    .select({ passwordHash: userCredentials.passwordHash, totpEnabledAt: userCredentials.totpEnabledAt })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId));
  return { hasPassword: Boolean(c?.passwordHash), twoFactorEnabled: Boolean(c?.totpEnabledAt) };
}
