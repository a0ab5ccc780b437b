/**
 * Lockout after wrong passwords or two-factor codes (spec §8, §9), as pure functions of
 * a stored state and the time, so the rules are tested without waiting.
 *
 * - 6 wrong attempts in a row lock the account for 1 minute (a soft lockout); the
 *   message before that says how many attempts are left (6 minus the failures so far).
 * - 3 soft lockouts within 24 hours lock it permanently for that method: a password
 *   must then be recovered through a magic link (setting a new one clears the lock);
 *   two-factor through a recovery code.
 * - A success clears the failure count.
 */
export const MAX_ATTEMPTS = 6;
export const SOFT_LOCKOUT_MS = 60 * 1000;
export const SOFT_LOCKOUTS_BEFORE_PERMANENT = 3;
export const SOFT_LOCKOUT_WINDOW_MS = 24 * 3600 * 1000;

export interface LockoutState {
  failCount: number;
  lockedUntil: Date | null;
  softLockouts: number;
  /** When the current 24-hour window of soft lockouts began. */
  windowStart: Date | null;
  permanentlyLockedAt: Date | null;
}

export const EMPTY_LOCKOUT: LockoutState = { failCount: 0, lockedUntil: null, softLockouts: 0, windowStart: null, permanentlyLockedAt: null };

export type LockoutCheck = { kind: 'open' } | { kind: 'soft'; minutes: number } | { kind: 'permanent' };

/** Minutes left, rounded up (spec §9). */
const minutesLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export function checkLockout(state: LockoutState, now: Date): LockoutCheck {
  if (state.permanentlyLockedAt) return { kind: 'permanent' };
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) return { kind: 'soft', minutes: minutesLeft(state.lockedUntil, now) };
  return { kind: 'open' };
}

export type FailureOutcome = { kind: 'invalid'; attemptsLeft: number } | { kind: 'soft'; minutes: number } | { kind: 'permanent' };

/** One more wrong attempt on an open account: the new state and what to tell the reader. */
export function registerFailure(state: LockoutState, now: Date): { state: LockoutState; outcome: FailureOutcome } {
  const failCount = state.failCount + 1;
  if (failCount < MAX_ATTEMPTS) return { state: { ...state, failCount }, outcome: { kind: 'invalid', attemptsLeft: MAX_ATTEMPTS - failCount } };
  const windowOpen = state.windowStart && now.getTime() - state.windowStart.getTime() < SOFT_LOCKOUT_WINDOW_MS;
  const softLockouts = (windowOpen ? state.softLockouts : 0) + 1;
  const windowStart = windowOpen ? state.windowStart : now;
  if (softLockouts >= SOFT_LOCKOUTS_BEFORE_PERMANENT) {
    return { state: { failCount: 0, lockedUntil: null, softLockouts, windowStart, permanentlyLockedAt: now }, outcome: { kind: 'permanent' } };
  }
  const lockedUntil = new Date(now.getTime() + SOFT_LOCKOUT_MS);
  return { state: { failCount: 0, lockedUntil, softLockouts, windowStart, permanentlyLockedAt: null }, outcome: { kind: 'soft', minutes: minutesLeft(lockedUntil, now) } };
}

export function registerSuccess(state: LockoutState): LockoutState {
  return { ...state, failCount: 0, lockedUntil: null };
}

/** Spec §8 texts. */
export const LOCKOUT_MESSAGES = {
  invalidPassword: (n: number) => `That password was incorrect. You have ${n} more attempts before your account is locked for 1 minute.`,
  passwordSoftLockout: (n: number) => `Due to too many password attempts, your account is locked for ${n} minutes.`,
  passwordPermanentLockout: 'Due to security reasons, you can no longer sign in with password. Recover your password by requesting a magic link below.',
  invalidTwoFactorCode: (n: number) => `That verification code was incorrect. You have ${n} more attempts before your account is locked for 1 minute.`,
  twoFactorSoftLockout: (n: number) => `You reached your maximum number of attempts. Your account will be locked for ${n} minutes.`,
  twoFactorPermanentLockout: 'Your account has been locked, because you have attempted to enter a verification code too many times.',
} as const;
