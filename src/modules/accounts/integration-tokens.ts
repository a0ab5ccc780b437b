import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { charCount } from '../../shared/profile-rules.js';
import { INTEGRATION_TOKEN_LIMITS } from '../../shared/integration-tokens.js';
import { hashToken } from './sessions.js';
import { users } from './tables.js';
import { integrationTokens } from './token-tables.js';
import { obfuscateEmail } from './validation.js';
import { TOUCH_EVERY_MS, VIEWER_USER_COLUMNS, type SessionViewer } from './viewer.js';

/**
 * Integration tokens: secrets a reader gives a script so it can call the GraphQL API as
 * them (`Authorization: Bearer ink_…`). The secret is returned once, at creation; only its
 * SHA-256 is stored. What a token may not do is decided by the resolvers
 * (viewer-guards.ts): managing how the account signs in needs a real session.
 */

/** Recognisable in logs and by secret scanners; 32 random bytes follow. */
export const TOKEN_PREFIX = 'ink_';
const SECRET_PATTERN = /^ink_[A-Za-z0-9_-]{43}$/;

export const TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name.',
  nameTooLong: `A token name can be at most ${INTEGRATION_TOKEN_LIMITS.nameMaxLength} characters.`,
  tooMany: `You can have at most ${INTEGRATION_TOKEN_LIMITS.perUser} integration tokens. Revoke one you no longer use first.`,
  invalidToken: 'Invalid token.',
} as const;

export interface IntegrationTokenInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A reader acting through a token: no browser session, so no xsrf and no recent sign-in. */
export type TokenViewer = SessionViewer & { viaToken: true };

export const newTokenSecret = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A name is one line, like a reader's name: runs of whitespace become one space. */
const oneLine = (s: string) => s.replace(/\s+/gu, ' ').replace(/\p{Cc}/gu, '').trim();

const columns = { id: integrationTokens.id, name: integrationTokens.name, createdAt: integrationTokens.createdAt, lastUsedAt: integrationTokens.lastUsedAt };

export type CreateTokenResult = { kind: 'created'; token: IntegrationTokenInfo; secret: string } | { kind: 'bad-request'; message: string };

export async function createIntegrationToken(db: Db, userId: string, rawName: string, now: Date = new Date()): Promise<CreateTokenResult> {
  const name = oneLine(rawName);
  if (name === '') return { kind: 'bad-request', message: TOKEN_MESSAGES.nameRequired };
  if (charCount(name) > INTEGRATION_TOKEN_LIMITS.nameMaxLength) return { kind: 'bad-request', message: TOKEN_MESSAGES.nameTooLong };
  return db.transaction(async (tx) => {
    // The user row is the lock: two creations at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(integrationTokens)
      .where(and(eq(integrationTokens.userId, userId), isNull(integrationTokens.revokedAt)));
    if ((live?.n ?? 0) >= INTEGRATION_TOKEN_LIMITS.perUser) return { kind: 'bad-request', message: TOKEN_MESSAGES.tooMany } as const;
    const secret = newTokenSecret();
    const [token] = await tx
      .insert(integrationTokens)
      .values({ id: newId(), userId, name, tokenHash: hashToken(secret), createdAt: now })
      .returning(columns);
    return { kind: 'created', token: token!, secret } as const;
  });
}

/** The reader's live tokens, newest first. */
export async function listIntegrationTokens(db: Db, userId: string): Promise<IntegrationTokenInfo[]> {
  return db
    .select(columns)
    .from(integrationTokens)
    .where(and(eq(integrationTokens.userId, userId), isNull(integrationTokens.revokedAt)))
    .orderBy(desc(integrationTokens.createdAt), desc(integrationTokens.id));
}

/** True when a live token of the reader's was revoked; false for an unknown, revoked or someone else's id. */
export async function revokeIntegrationToken(db: Db, userId: string, id: string, now: Date = new Date()): Promise<boolean> {
  const revoked = await db
    .update(integrationTokens)
    .set({ revokedAt: now })
    .where(and(eq(integrationTokens.id, id), eq(integrationTokens.userId, userId), isNull(integrationTokens.revokedAt)))
    .returning({ id: integrationTokens.id });
  return revoked.length > 0;
}

/**
 * One query per request: the live token and its user, or null for a malformed, unknown or
 * revoked secret. A deactivated account's tokens pause with it (deactivating signs out
 * everywhere) and work again once the reader signs back in.
 */
export async function viewerForIntegrationToken(db: Db, secret: string, now: Date = new Date()): Promise<TokenViewer | null> {
  if (!SECRET_PATTERN.test(secret)) return null;
  const [row] = await db
    .select({
      tokenId: integrationTokens.id,
      lastUsedAt: integrationTokens.lastUsedAt,
      ...VIEWER_USER_COLUMNS,
    })
    .from(integrationTokens)
    .innerJoin(users, eq(users.id, integrationTokens.userId))
    .where(and(eq(integrationTokens.tokenHash, hashToken(secret)), isNull(integrationTokens.revokedAt), isNull(users.deactivatedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(integrationTokens).set({ lastUsedAt: now }).where(eq(integrationTokens.id, row.tokenId));
  }
  const { tokenId: _id, lastUsedAt: _used, email, ...user } = row;
  // The epoch: a token is never a recent sign-in, whatever asks.
  return { ...user, emailObfuscated: email ? obfuscateEmail(email) : null, xsrf: '', signedInAt: new Date(0), viaToken: true };
}
