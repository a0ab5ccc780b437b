import { createHash } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sessions } from './auth-tables.js';
import { describeDevice } from './user-agent.js';

/**
 * The reader's own view of where they are signed in, and signing other browsers out.
 * Sessions are keyed by the hash of their token; what leaves the server is a public id
 * derived from that hash, so the key itself is never shown, not even to its owner.
 */
export interface SessionInfo {
  id: string;
  /** 'Chrome on Linux' */
  device: string;
  ip: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The session of the browser asking. */
  isCurrent: boolean;
}

/** Stable for the life of the session, 64 bits: unique enough among one reader's sessions. */
export const sessionPublicId = (tokenHash: string): string =>
  createHash('sha256').update(`session-public-id:${tokenHash}`).digest('hex').slice(0, 16);

async function liveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({ tokenHash: sessions.tokenHash, userAgent: sessions.userAgent, ip: sessions.ip, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** The reader's unexpired sessions: this browser's first, then the most recently seen. */
export async function listViewerSessions(db: Db, userId: string, currentTokenHash: string | null, now: Date = new Date()): Promise<SessionInfo[]> {
  const rows = await liveSessions(db, userId, now);
  const list = rows.map((r) => ({
    id: sessionPublicId(r.tokenHash),
    device: describeDevice(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    isCurrent: r.tokenHash === currentTokenHash,
  }));
  return [...list.filter((s) => s.isCurrent), ...list.filter((s) => !s.isCurrent)];
}

/**
 * Signs one of the reader's other browsers out: that cookie signs nobody in from now on.
 * False when the id names no session of theirs, or names this browser's own (signing
 * out here goes through the sign-out route, which also clears the cookie).
 */
export async function endViewerSession(db: Db, userId: string, sessionId: string, currentTokenHash: string | null, now: Date = new Date()): Promise<boolean> {
  const target = (await liveSessions(db, userId, now)).find((s) => sessionPublicId(s.tokenHash) === sessionId);
  if (!target || target.tokenHash === currentTokenHash) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.tokenHash, target.tokenHash), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length > 0;
}

/** Signs every other browser of the reader out; this one stays signed in. Returns how many ended. */
export async function endOtherViewerSessions(db: Db, userId: string, currentTokenHash: string, now: Date = new Date()): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, currentTokenHash)))
    .returning({ expiresAt: sessions.expiresAt });
  // Expired ones go too, but the reader never saw them listed: count the live ones.
  return ended.filter((s) => s.expiresAt > now).length;
}
