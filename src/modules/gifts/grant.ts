import { eq } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import { setMembershipAccess } from '../accounts/membership-access.js';
import type { DbTransaction } from '../../platform/mail/index.js';

export interface GiftGrant {
  userId: string;
  giftId: string;
  months: number;
}

/** Adds calendar months in UTC, clamped to the month's end (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The one place a redeemed gift becomes membership, in the redeem's transaction. It grants
 * Member access for `months`, starting when the reader's current access ends if it is still
 * running, so a gift never shortens a membership (a Friend stays a Friend). Returns the new end
 * of access.
 */
export async function grantGift(tx: DbTransaction, grant: GiftGrant, now: Date): Promise<Date> {
  const [user] = await tx
    .select({ tier: users.memberTier, memberSince: users.memberSince, friendSince: users.friendSince, accessUntil: users.memberAccessUntil })
    .from(users)
    .where(eq(users.id, grant.userId))
    .for('update');
  if (!user) throw new Error(`grantGift: no user ${grant.userId}`);
  const running = user.tier !== 'FREE' && user.accessUntil !== null && user.accessUntil > now;
  const accessUntil = addMonths(running ? user.accessUntil! : now, grant.months);
  await setMembershipAccess(tx, grant.userId, {
    tier: running ? user.tier : 'MEMBER',
    memberSince: running ? (user.memberSince ?? now) : now,
    friendSince: running ? user.friendSince : null,
    accessUntil,
  });
  return accessUntil;
}
