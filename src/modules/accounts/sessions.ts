import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions } from './auth-tables.js';

export const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  /** For the cookie only: never stored. */
  token: string;
  xsrf: string;
}

/** A new session (sign-in always makes a new one: the token rotates). */
export async function createSession(db: Pick<Db, 'insert'>, userId: string, meta: { userAgent?: string; ip?: string; now?: Date }): Promise<NewSession> {
  const now = meta.now ?? new Date();
  const token = randomBytes(16).toString('base64url'); // 128 bits
  const xsrf = randomBytes(12).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    xsrf,
    userAgent: (meta.userAgent ?? '').slice(0, 400),
    ip: meta.ip ?? '',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000),
  });
  return { token, xsrf };
}

/** Ends a session server-side (sign-out): the cookie is worthless from now on. */
export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
