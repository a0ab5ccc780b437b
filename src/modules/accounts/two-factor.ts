import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../platform/db/client.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { recoveryCodes, twoFactorChallenges, userCredentials } from './credential-tables.js';
import { lockCredentials, totpLockout, totpLockoutColumns, type CredentialRow, type Tx } from './credentials.js';
import { checkLockout, registerFailure, registerSuccess, type FailureOutcome } from './lockout.js';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const STEP_SECONDS = 30;
/** Codes of the step before and after are accepted too (clock drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const totpFor = (secret: string, label: string, issuer: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: STEP_SECONDS, secret: Secret.fromBase32(secret) });

/**
 * The 30-second step a code belongs to, if it is valid now and not used before: each
 * code is accepted once, and no code older than the last accepted one.
 */
function acceptedStep(creds: CredentialRow, code: string, now: Date): number | null {
  if (!creds.totpSecret || !/^\d{6}$/.test(code)) return null;
  const delta = totpFor(creds.totpSecret, '', '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta;
  return creds.totpLastStep !== null && step <= creds.totpLastStep ? null : step;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** Step 1 of enabling: a new secret, pending until a code from the app confirms it. */
export async function startTwoFactorSetup(db: Db, input: { userId: string; accountLabel: string; issuer: string }): Promise<TwoFactorSetup | { kind: 'already-enabled' }> {
  return db.transaction(async (tx) => {
    const creds = await lockCredentials(tx, input.userId);
    if (creds.totpEnabledAt) return { kind: 'already-enabled' as const };
    const secret = new Secret({ size: 20 }).base32;
    await tx.update(userCredentials).set({ totpSecret: secret, totpLastStep: null }).where(eq(userCredentials.userId, input.userId));
    const otpauthUri = totpFor(secret, input.accountLabel, input.issuer).toString();
    // Loaded only when someone sets up two-factor.
    const { default: QRCode } = await import('qrcode');
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrSvg };
  });
}

/** Step 2: the app's current code turns two-factor on and yields the recovery codes, shown once. */
export async function confirmTwoFactorSetup(db: Db, input: { userId: string; code: string; now?: Date }): Promise<{ kind: 'enabled'; recoveryCodes: string[] } | { kind: 'invalid' } | { kind: 'not-started' }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const creds = await lockCredentials(tx, input.userId);
    if (!creds.totpSecret || creds.totpEnabledAt) return { kind: 'not-started' as const };
    const step = acceptedStep(creds, input.code.trim(), now);
    if (step === null) return { kind: 'invalid' as const };
    await tx.update(userCredentials).set({ totpEnabledAt: now, totpLastStep: step, ...totpLockoutColumns(registerSuccess(totpLockout(creds))) }).where(eq(userCredentials.userId, input.userId));
    return { kind: 'enabled' as const, recoveryCodes: await replaceRecoveryCodes(tx, input.userId) };
  });
}

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(c) })));
  return codes;
}

export type TwoFactorCheck = { kind: 'ok' } | { kind: 'bad-request'; message: string } | FailureOutcome | { kind: 'permanent' };

/**
 * One code (or recovery code) against the account, counted by the lockout rules.
 * A recovery code works once and also lifts a lockout: it is the way back in.
 */
export async function checkTwoFactorCode(tx: Tx, userId: string, rawCode: string, now: Date): Promise<TwoFactorCheck> {
  const code = rawCode.trim().toLowerCase();
  const creds = await lockCredentials(tx, userId);
  if (/^[0-9a-f]{5}-[0-9a-f]{5}$/.test(code)) {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(code)), isNull(recoveryCodes.usedAt)))
      .returning({ h: recoveryCodes.codeHash });
    if (used.length) {
      await tx.update(userCredentials).set(totpLockoutColumns({ ...registerSuccess(totpLockout(creds)), permanentlyLockedAt: null, softLockouts: 0 })).where(eq(userCredentials.userId, userId));
      return { kind: 'ok' };
    }
  } else if (!/^\d{6}$/.test(code)) {
    return { kind: 'bad-request', message: 'Enter the 6-digit code from your authenticator app, or a recovery code.' };
  }
  const locked = checkLockout(totpLockout(creds), now);
  if (locked.kind !== 'open') return locked;
  const step = acceptedStep(creds, code, now);
  if (step === null) {
    const { state, outcome } = registerFailure(totpLockout(creds), now);
    await tx.update(userCredentials).set(totpLockoutColumns(state)).where(eq(userCredentials.userId, userId));
    return outcome;
  }
  await tx.update(userCredentials).set({ totpLastStep: step, ...totpLockoutColumns(registerSuccess(totpLockout(creds))) }).where(eq(userCredentials.userId, userId));
  return { kind: 'ok' };
}

export type ChallengeResult = { kind: 'signed-in'; userId: string; redirect: string } | { kind: 'expired' } | Exclude<TwoFactorCheck, { kind: 'ok' }>;

/** The second step of a sign-in: the challenge from the first, and a code. */
export async function completeTwoFactorSignIn(db: Db, input: { challenge: string; code: string; now?: Date }): Promise<ChallengeResult> {
  const now = input.now ?? new Date();
  const tokenHash = sha256(input.challenge);
  return db.transaction(async (tx) => {
    const [challenge] = await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).for('update');
    if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' as const };
    const result = await checkTwoFactorCode(tx, challenge.userId, input.code, now);
    if (result.kind !== 'ok') return result;
    await tx.update(twoFactorChallenges).set({ usedAt: now }).where(eq(twoFactorChallenges.tokenHash, tokenHash));
    return { kind: 'signed-in' as const, userId: challenge.userId, redirect: normalizeRedirect(challenge.redirect) };
  });
}

/** Turns two-factor off; re-authentication is a current code (or a recovery code). */
export async function disableTwoFactor(db: Db, input: { userId: string; code: string; now?: Date }): Promise<TwoFactorCheck> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const creds = await lockCredentials(tx, input.userId);
    if (!creds.totpEnabledAt) return { kind: 'ok' as const };
    const result = await checkTwoFactorCode(tx, input.userId, input.code, now);
    if (result.kind !== 'ok') return result;
    await tx.update(userCredentials).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(userCredentials.userId, input.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    return { kind: 'ok' as const };
  });
}

/** For tests and the setup screen: the code an app would show at `now`. */
export const totpCodeAt = (secret: string, now: Date) => totpFor(secret, '', '').generate({ timestamp: now.getTime() });
