import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/index.js';
import { users } from '../accounts/tables.js';
import { addMonths, grantGiftMembership, type GiftGrant as MembershipGiftGrant } from '../membership/gifts.js';

export { addMonths };

export interface GiftGrant {
  userId: string;
  /** The redeemed code: one grant per code (a group gift's codes share their purchase). */
  code: string;
  months: number;
}

export interface GrantedGift {
  /** 'credited': a paid membership is running and the gift's year begins when it ends. */
  kind: MembershipGiftGrant['kind'];
  /** The reader's member access now ends then. */
  accessUntil: Date | null;
}

/**
 * The one place a redeemed gift becomes membership: the membership module's grantGiftMembership,
 * in the redeem's transaction (a savepoint), so the code is used if and only if the months were
 * granted. A gift never shortens a membership: it starts now, extends a gift membership, or waits
 * for a paid one to end.
 */
export async function grantGift(tx: DbTransaction, grant: GiftGrant, now: Date): Promise<GrantedGift> {
  const result = await grantGiftMembership(tx as unknown as Db, { userId: grant.userId, giftId: `code:${grant.code}`, months: grant.months }, { clock: { now: () => now } });
  const [user] = await tx.select({ accessUntil: users.memberAccessUntil }).from(users).where(eq(users.id, grant.userId));
  return { kind: result.kind, accessUntil: user?.accessUntil ?? null };
}
