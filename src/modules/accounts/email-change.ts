import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { enqueueEmail, renderEmail } from '../../platform/mail/index.js';
import { emailConfirmations } from './auth-tables.js';
import { users } from './tables.js';
import type { Tx } from './credentials.js';
import { MESSAGES, normalizeEmail, obfuscateEmail } from './validation.js';

const CONFIRM_VALID_MS = 24 * 3600 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export type ChangeEmailResult = { kind: 'sent'; unverifiedEmail: string } | { kind: 'bad-request'; message: string };

interface MailContext {
  origin: string;
  siteName: string;
  now?: Date;
}

/**
 * Starts an email change: the new address becomes unverifiedEmail and gets a link; the
 * account keeps signing in with the old one until the link is opened. The old address
 * is told, so a hijacked session cannot move an account away silently.
 */
export async function requestEmailChange(db: Db, userId: string, rawEmail: string, ctx: MailContext): Promise<ChangeEmailResult> {
  const email = normalizeEmail(rawEmail);
  if (!email) return { kind: 'bad-request', message: MESSAGES.invalidEmail };
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { kind: 'bad-request', message: 'Please try again.' };
    if (user.email === email) return { kind: 'bad-request', message: 'That is already your email address.' };
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId)));
    if (taken) return { kind: 'bad-request', message: 'That email address belongs to another account.' };
    await tx.update(users).set({ unverifiedEmail: email }).where(eq(users.id, userId));
    await sendConfirmation(tx, userId, email, { ...ctx, now });
    if (user.email) {
      const notice = renderEmail({
        siteName: ctx.siteName,
        heading: 'Your email address is changing',
        paragraphs: [`Someone signed in to your account asked to use ${obfuscateEmail(email)} instead of this address. Nothing changes until the new address is confirmed.`, 'If that was not you, sign in and change your password, or end your other sessions in Settings.'],
      });
      await enqueueEmail(tx, { to: user.email, subject: `Your ${ctx.siteName} email address is changing`, text: notice.text, html: notice.html, kind: 'email-change-notice' });
    }
    return { kind: 'sent', unverifiedEmail: email };
  });
}

async function sendConfirmation(tx: Tx, userId: string, email: string, ctx: MailContext & { now: Date }) {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(emailConfirmations).values({ tokenHash: sha256(token), userId, email, expiresAt: new Date(ctx.now.getTime() + CONFIRM_VALID_MS), createdAt: ctx.now });
  const message = renderEmail({
    siteName: ctx.siteName,
    heading: 'Confirm your email address',
    paragraphs: [`Click the button below to use this address for your ${ctx.siteName} account. The link works for 24 hours, once.`],
    action: { label: 'Confirm email address', url: `${ctx.origin}/m/account/confirm/${encodeURIComponent(token)}` },
    footer: 'If you did not ask for this, ignore this email: nothing changes.',
  });
  await enqueueEmail(tx, { to: email, subject: `Confirm your email address for ${ctx.siteName}`, text: message.text, html: message.html, kind: 'verify-email' });
}

/** sendVerificationEmail (spec §7): the confirmation link again, for the pending address. */
export async function resendVerification(db: Db, userId: string, ctx: MailContext): Promise<boolean> {
  const now = ctx.now ?? new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ unverifiedEmail: users.unverifiedEmail }).from(users).where(eq(users.id, userId));
    if (!user?.unverifiedEmail) return false;
    await sendConfirmation(tx, userId, user.unverifiedEmail, { ...ctx, now });
    return true;
  });
}

export type ConfirmResult = { kind: 'confirmed'; userId: string } | { kind: 'invalid'; message: string };

/** /m/account/confirm/{key}: the new address becomes the account's, if still free. */
export async function confirmEmail(db: Db, token: string, now: Date = new Date()): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailConfirmations).where(eq(emailConfirmations.tokenHash, sha256(token))).for('update');
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid', message: 'This confirmation link has expired or was already used.' };
    const [user] = await tx.select({ unverifiedEmail: users.unverifiedEmail }).from(users).where(eq(users.id, row.userId)).for('update');
    if (user?.unverifiedEmail !== row.email) return { kind: 'invalid', message: 'This confirmation link is for an address you no longer asked for.' };
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, row.email), ne(users.id, row.userId)));
    if (taken) return { kind: 'invalid', message: 'That email address belongs to another account.' };
    await tx.update(emailConfirmations).set({ usedAt: now }).where(eq(emailConfirmations.tokenHash, row.tokenHash));
    await tx.update(users).set({ email: row.email, unverifiedEmail: null }).where(eq(users.id, row.userId));
    return { kind: 'confirmed', userId: row.userId };
  });
}
