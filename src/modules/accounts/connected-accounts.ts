import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { PROFILE_LIMITS } from '../../shared/profile-rules.js';
import type { AuthConnectError, SocialOperation } from '../../shared/auth-providers.js';
import { connectedAccounts } from './connected-account-tables.js';
import { createAccount } from './email-auth.js';
import type { VerifiedIdentity } from './social-oidc.js';
import { users } from './tables.js';

export type SocialOutcome =
  | { kind: 'signed-in'; userId: string; created: boolean }
  | { kind: 'connected'; userId: string }
  /** Spec §8: signing in with an identity no account has; the reader may sign up with it. */
  | { kind: 'unrecognized' }
  | { kind: 'error'; error: AuthConnectError };

export interface SocialSignIn {
  provider: string;
  identity: VerifiedIdentity;
  operation: SocialOperation;
  /** The signed-in reader, for connect. */
  viewerId: string | null;
  now?: Date;
}

/**
 * What a verified identity means for this site. Accounts are found by the identity's
 * issuer and subject only: an address, even verified, is never enough to sign in to an
 * account (whoever controls an address at some provider would otherwise take over the
 * account here). So a sign-up whose verified address already has an account is
 * 'account taken': that reader signs in by email and connects the provider in Settings.
 */
export async function resolveSocialSignIn(db: Db, input: SocialSignIn): Promise<SocialOutcome> {
  const { identity, provider } = input;
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      // One callback per identity at a time: a double-submitted sign-up creates one account.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`social:${identity.issuer}|${identity.subject}`}))`);
      const byIdentity = and(eq(connectedAccounts.issuer, identity.issuer), eq(connectedAccounts.subject, identity.subject));
      const [link] = await tx.select({ userId: connectedAccounts.userId }).from(connectedAccounts).where(byIdentity);

      if (input.operation === 'connect') {
        const viewerId = input.viewerId;
        if (!viewerId) return { kind: 'error', error: 'unknown' };
        if (link && link.userId !== viewerId) return { kind: 'error', error: 'already connected' };
        if (link) {
          await tx.update(connectedAccounts).set({ email: identity.email }).where(byIdentity);
          return { kind: 'connected', userId: viewerId };
        }
        // Another identity at the same provider is replaced: one per provider.
        await tx.delete(connectedAccounts).where(and(eq(connectedAccounts.userId, viewerId), eq(connectedAccounts.provider, provider)));
        await tx.insert(connectedAccounts).values({ userId: viewerId, provider, ...identityColumns(identity), createdAt: now });
        return { kind: 'connected', userId: viewerId };
      }

      if (link) {
        await tx.update(connectedAccounts).set({ email: identity.email }).where(byIdentity);
        return { kind: 'signed-in', userId: link.userId, created: false };
      }
      const email = identity.emailVerified ? identity.email : null;
      if (email) {
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (owner) return { kind: 'error', error: 'account taken' };
      }
      if (input.operation === 'login') return { kind: 'unrecognized' };
      const name = identity.name ? [...identity.name].slice(0, PROFILE_LIMITS.nameMaxLength).join('').trim() : null;
      const userId = await createAccount(tx, email, name, now);
      await tx.insert(connectedAccounts).values({ userId, provider, ...identityColumns(identity), createdAt: now });
      return { kind: 'signed-in', userId, created: true };
    });
  } catch (err) {
    // The address was taken between the check and the insert (an email sign-up at the same moment).
    if (isUniqueViolation(err, 'users_email_idx')) return { kind: 'error', error: 'account taken' };
    throw err;
  }
}

const identityColumns = (identity: VerifiedIdentity) => ({ issuer: identity.issuer, subject: identity.subject, email: identity.email });

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}

export interface ConnectedAccountRow {
  provider: string;
  email: string | null;
  createdAt: Date;
}

/** The reader's linked identities, oldest first. */
export const listConnectedAccounts = (db: Db, userId: string): Promise<ConnectedAccountRow[]> =>
  db
    .select({ provider: connectedAccounts.provider, email: connectedAccounts.email, createdAt: connectedAccounts.createdAt })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.userId, userId))
    .orderBy(asc(connectedAccounts.createdAt));

export type DisconnectResult = 'disconnected' | 'not-connected' | 'only-sign-in';

/**
 * Unlinks the reader's identity at a provider. Signing in by email works for every
 * account with an address; an account made from an identity without a verified
 * address has no other way in, so its last link stays.
 */
export async function disconnectAccount(db: Db, userId: string, provider: string): Promise<DisconnectResult> {
  return db.transaction(async (tx) => {
    const links = await tx.select({ provider: connectedAccounts.provider }).from(connectedAccounts).where(eq(connectedAccounts.userId, userId)).for('update');
    if (!links.some((l) => l.provider === provider)) return 'not-connected';
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user?.email && links.length === 1) return 'only-sign-in';
    await tx.delete(connectedAccounts).where(and(eq(connectedAccounts.userId, userId), eq(connectedAccounts.provider, provider)));
    return 'disconnected';
  });
}
