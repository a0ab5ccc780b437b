import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { twoFactorChallenges, userCredentials } from './credential-tables.js';
import { lockCredentials, passwordLockout, passwordLockoutColumns } from './credentials.js';
import { checkLockout, registerFailure, registerSuccess, type FailureOutcome } from './lockout.js';
import { passwordProblem, PASSWORD_PROBLEM_MESSAGES } from './password-policy.js';
import { users } from './tables.js';
import { MESSAGES, normalizeEmail } from './validation.js';

/** The argon2 binding, loaded with the first password: most sites sign in by email. */
const argon2 = () => import('@node-rs/argon2');
const verify = async (hashed: string, password: string) => (await argon2()).verify(hashed, password);

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export const hashPassword = async (password: string) => (await argon2()).hash(password);

/** A hash to verify against when there is no account, so both answers take as long. */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

/** A sign-in waiting for two-factor lives this long. */
export const TWO_FACTOR_CHALLENGE_MS = 10 * 60 * 1000;
/** Signing in (by link or code) this recently counts as re-authentication. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export type PasswordSignIn =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'two-factor'; challenge: string }
  | { kind: 'bad-request'; message: string }
  | FailureOutcome
  | { kind: 'permanent' };

/**
 * Sign-in with email and password. Unknown addresses and accounts without a password
 * get the same 'incorrect' answer after the same work as a wrong password, so the form
 * tells nobody who has an account. The credentials row is locked while checking, so
 * parallel guesses are counted one after another.
 */
export async function signInWithPassword(db: Db, input: { email: string; password: string; redirect?: string | null; now?: Date }): Promise<PasswordSignIn> {
  const email = normalizeEmail(input.email);
  if (!email) return { kind: 'bad-request', message: MESSAGES.invalidEmail };
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const creds = user ? await lockCredentials(tx, user.id) : null;
    if (!user || !creds?.passwordHash) {
      await verify(await decoyHash(), input.password);
      return { kind: 'invalid', attemptsLeft: 5 };
    }
    const locked = checkLockout(passwordLockout(creds), now);
    if (locked.kind !== 'open') return locked;
    if (!(await verify(creds.passwordHash, input.password))) {
      const { state, outcome } = registerFailure(passwordLockout(creds), now);
      await tx.update(userCredentials).set(passwordLockoutColumns(state)).where(eq(userCredentials.userId, user.id));
      return outcome;
    }
    await tx.update(userCredentials).set(passwordLockoutColumns(registerSuccess(passwordLockout(creds)))).where(eq(userCredentials.userId, user.id));
    if (creds.totpEnabledAt) return { kind: 'two-factor', challenge: await createTwoFactorChallenge(tx, user.id, input.redirect ?? null, now) };
    return { kind: 'signed-in', userId: user.id };
  });
}

export async function createTwoFactorChallenge(tx: Pick<Db, 'insert'>, userId: string, redirect: string | null, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(twoFactorChallenges).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId,
    redirect,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MS),
  });
  return token;
}

export type SetPasswordResult =
  | { kind: 'set' }
  | { kind: 'bad-request'; message: string }
  | { kind: 'reauth-required'; message: string }
  | FailureOutcome
  | { kind: 'permanent' };

/**
 * Sets or changes the viewer's password. Re-authentication is the current password, or
 * a sign-in by link or code in the last 10 minutes: that is also how a reader locked
 * out of password sign-in for good sets a new one (which lifts the lock).
 */
export async function setPassword(
  db: Db,
  input: { userId: string; newPassword: string; currentPassword?: string | null; signedInAt: Date; now?: Date },
): Promise<SetPasswordResult> {
  const problem = passwordProblem(input.newPassword);
  if (problem) return { kind: 'bad-request', message: PASSWORD_PROBLEM_MESSAGES[problem] };
  const now = input.now ?? new Date();
  const recent = now.getTime() - input.signedInAt.getTime() <= RECENT_SIGN_IN_MS;
  const newHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const creds = await lockCredentials(tx, input.userId);
    if (!recent) {
      if (!creds.passwordHash || !input.currentPassword) {
        return { kind: 'reauth-required', message: 'Enter your current password, or sign in again with a magic link first.' };
      }
      const locked = checkLockout(passwordLockout(creds), now);
      if (locked.kind !== 'open') return locked;
      if (!(await verify(creds.passwordHash, input.currentPassword))) {
        const { state, outcome } = registerFailure(passwordLockout(creds), now);
        await tx.update(userCredentials).set(passwordLockoutColumns(state)).where(eq(userCredentials.userId, input.userId));
        return outcome;
      }
    }
    await tx
      .update(userCredentials)
      .set({ passwordHash: newHash, passwordSetAt: now, passwordFailCount: 0, passwordLockedUntil: null, passwordSoftLockouts: 0, passwordLockoutWindowStart: null, passwordLockedPermanentlyAt: null })
      .where(eq(userCredentials.userId, input.userId));
    return { kind: 'set' };
  });
}
