import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedSelect } from '../../platform/db/named-select.js';
import { sessions } from './auth-tables.js';
import { hashToken } from './sessions.js';
import { users } from './tables.js';
import { obfuscateEmail } from './validation.js';
import type { SessionCache } from './session-cache.js';

/** Last-used times (sessions, tokens) are written at most this often, so reading pages does not write each time. */
export const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The user columns a viewer is made of, whatever signed the request in (session or token). */
export const VIEWER_USER_COLUMNS = {
  id: users.id,
  isStaff: users.isStaff,
  isAdmin: users.isAdmin,
  name: users.name,
  username: users.username,
  imageId: users.imageId,
  email: users.email,
  memberTier: users.memberTier,
  memberAccessUntil: users.memberAccessUntil,
};

/** The signed-in reader behind a session cookie, with what the page shell shows of them. */
export interface SessionViewer {
  id: string;
  isStaff: boolean;
  isAdmin: boolean;
  name: string;
  username: string | null;
  imageId: string | null;
  emailObfuscated: string | null;
  /**
   * The reader's membership tier and the end of its access period (users.member_tier,
   * member_access_until): member-only stories are whole for them while a paid tier's period
   * runs (posts/policies.ts hasMemberAccess, decided per request, so a kept session lapses on time).
   */
  memberTier: 'FREE' | 'MEMBER' | 'FRIEND';
  memberAccessUntil: Date | null;
  xsrf: string;
  /** When this session began: a recent sign-in counts as re-authentication. */
  signedInAt: Date;
}

/**
 * The session lookup, a named statement read without the query builder (namedSelect): it
 * runs on every signed-in request, so neither the builder nor PostgreSQL's planner should
 * see it again each time.
 */
const sessionLookup = namedSelect<Omit<SessionViewer, 'emailObfuscated'> & { email: string | null; lastSeenAt: Date; expiresAt: Date }, [tokenHash: string, now: Date]>(
  'viewer_for_session',
  { ...VIEWER_USER_COLUMNS, xsrf: sessions.xsrf, signedInAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt },
  'from sessions join users on users.id = sessions.user_id where sessions.token_hash = $1 and sessions.expires_at > $2',
);

/**
 * The session and its user, or null for an unknown or expired token: one query, or none
 * while `cache` keeps the session (session-cache.ts).
 */
export async function viewerForSessionToken(db: Db, token: string, now: Date = new Date(), cache: SessionCache | null = null): Promise<SessionViewer | null> {
  const tokenHash = hashToken(token);
  const kept = cache?.get(tokenHash, now.getTime());
  if (kept) return kept;
  const [row] = await sessionLookup(db, tokenHash, now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { email, lastSeenAt: _seen, expiresAt, ...fields } = row;
  const viewer = { ...fields, emailObfuscated: email ? obfuscateEmail(email) : null };
  cache?.set(tokenHash, viewer, expiresAt, now.getTime());
  return viewer;
}
