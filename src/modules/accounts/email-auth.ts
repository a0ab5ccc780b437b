import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { enqueueEmail, renderEmail } from '../../platform/mail/index.js';
import { afterSignUpRedirect } from '../topics/onboarding.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { authTokens, emailAuthAttempts } from './auth-tables.js';
import { users } from './tables.js';
import { LOGIN_CODE_PATTERN, MESSAGES, normalizeEmail, usernameBase } from './validation.js';

export const LINK_VALID_MS = 24 * 3600 * 1000;
export const CODE_VALID_MS = 10 * 60 * 1000;
/** Wrong codes allowed per code; a new code for the same address keeps the count. */
export const MAX_CODE_TRIES = 5;
const AUTH_TOKEN_VALID_MS = 5 * 60 * 1000;

export type AuthOperation = 'login' | 'register';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The code's hash is salted with its attempt, so equal codes never share a hash. */
const codeHash = (attemptId: string, code: string) => sha256(`${attemptId}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type SendResult =
  | { kind: 'sent'; attemptId: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'not-found'; message: string };

export interface SendInput {
  email: string;
  operation: AuthOperation;
  fullName?: string | null;
  redirect?: string | null;
  /** e.g. http://localhost:3000: links in the email point there. */
  origin: string;
  siteName: string;
  now?: Date;
}

/** The address an account signs in with (null for one that has none, e.g. made by social sign-in without one). */
export async function accountEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * SendAcctAuthEmail: a magic link and a 6-digit code in one email. Signing in with an
 * unknown address is the spec's unrecognized-email step; signing up with a known one
 * quietly sends a sign-in email instead, so sign-up never tells who has an account.
 */
export async function sendAuthEmail(db: Db, input: SendInput): Promise<SendResult> {
  const email = normalizeEmail(input.email);
  if (!email) return { kind: 'bad-request', message: MESSAGES.invalidEmail };
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
    if (!user && input.operation === 'login') return { kind: 'not-found', message: MESSAGES.unrecognizedEmail };

    // Serialize attempts per address so the carried-over count of wrong codes is exact.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-auth:${email}`}))`);
    const [previous] = await tx
      .select({ failedCodeTries: emailAuthAttempts.failedCodeTries })
      .from(emailAuthAttempts)
      .where(and(eq(emailAuthAttempts.email, email), gt(emailAuthAttempts.codeExpiresAt, now), isNull(emailAuthAttempts.consumedAt)))
      .orderBy(desc(emailAuthAttempts.createdAt))
      .limit(1);

    const attemptId = newId();
    const linkToken = randomBytes(24).toString('base64url');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.insert(emailAuthAttempts).values({
      id: attemptId,
      email,
      operation: user ? 'login' : 'register',
      fullName: input.fullName?.trim().slice(0, 100) || null,
      redirect: normalizeRedirect(input.redirect, { sameSiteOrigins: [input.origin] }),
      linkTokenHash: sha256(linkToken),
      codeHash: codeHash(attemptId, code),
      linkExpiresAt: new Date(now.getTime() + LINK_VALID_MS),
      codeExpiresAt: new Date(now.getTime() + CODE_VALID_MS),
      failedCodeTries: previous?.failedCodeTries ?? 0,
      createdAt: now,
    });
    const link = `${input.origin}/m/callback/email?token=${encodeURIComponent(linkToken)}`;
    const signingIn = Boolean(user);
    const message = renderEmail({
      siteName: input.siteName,
      heading: signingIn ? `Sign in to ${input.siteName}` : `Finish creating your ${input.siteName} account`,
      paragraphs: [
        signingIn ? 'Click the button below to sign in. The link works for 24 hours, once.' : 'Click the button below to create your account. The link works for 24 hours, once.',
        'Or enter this code where you asked for it. It works for 10 minutes.',
      ],
      action: { label: signingIn ? 'Sign in' : 'Create account', url: link },
      code,
      footer: 'If you did not ask for this email, you can ignore it: nothing happens without the link or the code.',
    });
    await enqueueEmail(tx, {
      to: email,
      subject: signingIn ? `Sign in to ${input.siteName}` : `Finish creating your ${input.siteName} account`,
      text: message.text,
      html: message.html,
      kind: 'login',
    });
    return { kind: 'sent', attemptId };
  });
}

export type VerifyResult =
  | { kind: 'token'; token: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'too-many'; message: string };

/**
 * VerifyLoginCode: the code of the attempt this browser made. Each call locks the
 * attempt row, so parallel guesses (aliases, batches, tabs) are counted one by one and
 * the sixth is refused whatever arrives at once.
 */
export async function verifyLoginCode(db: Db, input: { attemptId: string | null; code: string; now?: Date }): Promise<VerifyResult> {
  const code = input.code.trim();
  if (!LOGIN_CODE_PATTERN.test(code)) return { kind: 'bad-request', message: MESSAGES.loginCodeFormat };
  if (!input.attemptId) return { kind: 'not-found', message: MESSAGES.invalidCode };
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(emailAuthAttempts).where(eq(emailAuthAttempts.id, input.attemptId!)).for('update');
    if (!attempt || attempt.consumedAt) return { kind: 'not-found', message: MESSAGES.invalidCode };
    if (attempt.failedCodeTries >= MAX_CODE_TRIES) return { kind: 'too-many', message: MESSAGES.tooManyAttempts };
    if (attempt.codeExpiresAt.getTime() <= now.getTime()) return { kind: 'not-found', message: MESSAGES.expiredCode };
    if (!sameHash(attempt.codeHash, codeHash(attempt.id, code))) {
      const tries = attempt.failedCodeTries + 1;
      await tx.update(emailAuthAttempts).set({ failedCodeTries: tries }).where(eq(emailAuthAttempts.id, attempt.id));
      return tries >= MAX_CODE_TRIES ? { kind: 'too-many', message: MESSAGES.tooManyAttempts } : { kind: 'not-found', message: MESSAGES.invalidCode };
    }
    const token = randomBytes(24).toString('base64url');
    await tx.insert(authTokens).values({ tokenHash: sha256(token), attemptId: attempt.id, expiresAt: new Date(now.getTime() + AUTH_TOKEN_VALID_MS) });
    return { kind: 'token', token };
  });
}

export type CompleteResult =
  | { kind: 'signed-in'; userId: string; created: boolean; redirect: string; operation: AuthOperation }
  | { kind: 'invalid'; message: string };

/**
 * Spends a magic link token or the token a correct code earned: the attempt is consumed
 * (its link and code die together), the account is found by address or created for a
 * sign-up, and the caller opens a session for the returned user.
 */
export async function completeEmailSignIn(db: Db, input: { token: string; now?: Date }): Promise<CompleteResult> {
  const now = input.now ?? new Date();
  const hash = sha256(input.token);
  return db.transaction(async (tx) => {
    let attemptId: string | null = null;
    const [viaCode] = await tx.select().from(authTokens).where(eq(authTokens.tokenHash, hash)).for('update');
    if (viaCode) {
      if (viaCode.usedAt || viaCode.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid', message: MESSAGES.expiredLink };
      await tx.update(authTokens).set({ usedAt: now }).where(eq(authTokens.tokenHash, hash));
      attemptId = viaCode.attemptId;
    }
    const [attempt] = await tx
      .select()
      .from(emailAuthAttempts)
      .where(attemptId ? eq(emailAuthAttempts.id, attemptId) : eq(emailAuthAttempts.linkTokenHash, hash))
      .for('update');
    if (!attempt || attempt.consumedAt) return { kind: 'invalid', message: MESSAGES.expiredLink };
    if (!viaCode && attempt.linkExpiresAt.getTime() <= now.getTime()) return { kind: 'invalid', message: MESSAGES.expiredLink };
    await tx.update(emailAuthAttempts).set({ consumedAt: now }).where(eq(emailAuthAttempts.id, attempt.id));

    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, attempt.email));
    const userId = existing?.id ?? (await createAccount(tx, attempt.email, attempt.fullName, now));
    // A new account is onboarded first unless it signed up from a skipOnboarding=1 entry point (spec §6).
    return { kind: 'signed-in', userId, created: !existing, redirect: existing ? normalizeRedirect(attempt.redirect) : afterSignUpRedirect(attempt.redirect), operation: attempt.operation as AuthOperation };
  });
}

/**
 * A new user with a username from the name or the address, numbered when taken. The
 * email is null when it was not verified (social sign-in with an unverified address).
 */
export async function createAccount(tx: Tx, email: string | null, fullName: string | null, now: Date): Promise<string> {
  const base = usernameBase(fullName, email ?? '');
  const taken = new Set(
    (await tx.execute<{ u: string }>(sql`select lower(username) as u from users where lower(username) like ${`${base}%`}`)).rows.map((r) => r.u),
  );
  let username = base;
  for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
  const id = newId();
  await tx.insert(users).values({ id, name: fullName || email?.split('@')[0] || base, username, email, createdAt: now });
  return id;
}

/** Whether an (already normalized) address belongs to an account. */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row);
}
