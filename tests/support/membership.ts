import type { Db } from '../../src/platform/db/client.js';
import { setMembershipAccess } from '../../src/modules/accounts/membership-access.js';

const DAY_MS = 86_400_000;

/**
 * Gives a reader member access as the membership module records it (setMembershipAccess, in a
 * transaction): a tier, since when, and until when (30 days from now unless told).
 */
export async function grantMembership(
  db: Db,
  userId: string,
  opts: { tier?: 'MEMBER' | 'FRIEND'; since?: Date; until?: Date } = {},
): Promise<{ since: Date; until: Date }> {
  const since = opts.since ?? new Date();
  const until = opts.until ?? new Date(Date.now() + 30 * DAY_MS);
  const tier = opts.tier ?? 'MEMBER';
  await db.transaction((tx) => setMembershipAccess(tx, userId, { tier, memberSince: since, friendSince: tier === 'FRIEND' ? since : null, accessUntil: until }));
  return { since, until };
}

/** A membership that ended (its tier left as it was, the period over): what a lapse leaves on the row. */
export async function endMembership(db: Db, userId: string, endedAt: Date = new Date(Date.now() - 1000)): Promise<void> {
  await db.transaction((tx) => setMembershipAccess(tx, userId, { tier: 'FREE', memberSince: null, friendSince: null, accessUntil: endedAt }));
}
