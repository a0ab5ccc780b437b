import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { enqueueEmail, notifyMailers, renderEmail } from '../../platform/mail/index.js';
import { posts } from '../posts/tables.js';
import { sessions } from './auth-tables.js';
import { users } from './tables.js';
import { emitUserChanged } from './profile-settings.js';
import { notifyEventDispatchers } from '../../platform/events/outbox.js';

/**
 * Deactivating hides the profile and the stories and signs out everywhere; signing in
 * again (any way) brings the account back. Deleting removes the account and its
 * stories for good, in one transaction.
 */
export async function deactivateAccount(db: Db, userId: string, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deactivatedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await emitUserChanged(tx, userId);
  });
  notifyEventDispatchers();
}

export async function reactivateAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, userId));
    await emitUserChanged(tx, userId);
  });
  notifyEventDispatchers();
}

export type DeleteResult = { kind: 'deleted' } | { kind: 'bad-request'; message: string };

/** The reader types their username to confirm: deleting cannot be undone. */
export async function deleteAccount(db: Db, userId: string, confirmation: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return { kind: 'bad-request', message: 'Please try again.' };
    const expected = user.username ?? 'delete';
    if (confirmation.trim().replace(/^@/, '').toLowerCase() !== expected.toLowerCase()) {
      return { kind: 'bad-request', message: `Type ${user.username ? `your username (${expected})` : '“delete”'} to confirm.` };
    }
    await tx.delete(posts).where(eq(posts.creatorId, userId));
    await tx.delete(users).where(eq(users.id, userId)); // sessions, credentials, links and tokens cascade
    return { kind: 'deleted' };
  });
}

export type SecurityEvent = 'password-set' | 'two-factor-on' | 'two-factor-off' | 'new-sign-in';

const EVENT_TEXT: Record<SecurityEvent, { subject: string; text: string }> = {
  'password-set': { subject: 'Your password was changed', text: 'The password of your account was set or changed.' },
  'two-factor-on': { subject: 'Two-factor authentication is on', text: 'Signing in to your account now asks for a code from your authenticator app.' },
  'two-factor-off': { subject: 'Two-factor authentication is off', text: 'Signing in to your account no longer asks for a code from an authenticator app.' },
  'new-sign-in': { subject: 'New sign-in to your account', text: 'Your account was signed in to with its password.' },
};

/** Tells the account's address about a change to how it signs in. */
export async function notifySecurityEvent(db: Db, userId: string, event: SecurityEvent, ctx: { siteName: string; detail?: string }): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const { subject, text } = EVENT_TEXT[event];
  const message = renderEmail({
    siteName: ctx.siteName,
    heading: subject,
    paragraphs: [text, ...(ctx.detail ? [ctx.detail] : []), 'If this was not you, sign in with a link sent to this address, change your password and end your other sessions in Settings.'],
  });
  await enqueueEmail(db, { to: user.email, subject: `${subject} – ${ctx.siteName}`, text: message.text, html: message.html, kind: `security:${event}` });
  notifyMailers();
}
