import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/index.js';
import type { GiftCodeStatus } from '../../shared/membership.js';
import { users } from '../accounts/tables.js';
import { memberships } from '../membership/tables.js';
import { normalizeGiftCode } from './codes.js';
import { grantGift, type GrantedGift } from './grant.js';
import { giftCodes, giftPurchases } from './tables.js';

/** What the redeem page says for each status (spec §4 gift code statuses). */
export const GIFT_CODE_MESSAGES: Record<GiftCodeStatus, string> = {
  VALID: 'This gift code is valid: redeem it for a year of membership.',
  ALREADY_USED: 'This gift code has already been redeemed.',
  EXPIRED: 'This gift code has expired. Gift codes can be redeemed for one year after they are sent.',
  NOT_FOUND: "We couldn't find that gift code. Check it for typos and try again.",
  NOT_REDEEMABLE_BY_PAST_MEMBERS: 'Group gift codes are for readers who have not been members before, so this code cannot be redeemed on your account.',
};

type Reader = Db | DbTransaction;

/**
 * Whether the reader is or ever was a member: a membership of theirs, paid or a gift, running or
 * ended (a first payment still waiting for 3-D Secure does not count). Group gifts are meant to
 * bring new readers in, so they are not for them.
 */
async function hasBeenMember(db: Reader, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      member: sql<boolean>`${users.memberTier} <> 'FREE' or exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.state <> 'PENDING_ACTION')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.member);
}

interface CodeState {
  code: string;
  kind: 'gift' | 'group-gift';
  months: number;
  purchaseId: string;
  redeemedAt: Date | null;
  expiresAt: Date;
}

/**
 * The status of a code for a reader (null: signed out, so eligibility is not known yet), checked in
 * the spec's order: a code that is used and expired is ALREADY_USED; one that exists but has not
 * been delivered yet (a gift dated for later) is NOT_FOUND, as its recipient has not been sent it.
 */
export async function statusOf(db: Reader, row: CodeState | null, viewerId: string | null, now: Date): Promise<GiftCodeStatus> {
  if (!row) return 'NOT_FOUND';
  if (row.redeemedAt) return 'ALREADY_USED';
  if (row.expiresAt <= now) return 'EXPIRED';
  if (row.kind === 'group-gift' && viewerId && (await hasBeenMember(db, viewerId))) return 'NOT_REDEEMABLE_BY_PAST_MEMBERS';
  return 'VALID';
}

async function findCode(db: Reader, code: string, lock: boolean): Promise<CodeState | null> {
  const query = db
    .select({
      code: giftCodes.code,
      kind: giftCodes.kind,
      months: giftCodes.months,
      purchaseId: giftCodes.purchaseId,
      redeemedAt: giftCodes.redeemedAt,
      expiresAt: giftCodes.expiresAt,
    })
    .from(giftCodes)
    .innerJoin(giftPurchases, eq(giftPurchases.id, giftCodes.purchaseId))
    .where(and(eq(giftCodes.code, code), eq(giftPurchases.status, 'paid'), isNotNull(giftPurchases.deliveredAt)));
  const [row] = lock ? await query.for('update', { of: giftCodes }) : await query;
  return row ?? null;
}

/** giftCodeStatus(code): what the redeem page shows before the reader redeems. */
export async function giftCodeStatus(db: Db, input: string, viewerId: string | null, clock: Clock): Promise<GiftCodeStatus> {
  const code = normalizeGiftCode(input);
  if (!code) return 'NOT_FOUND';
  return statusOf(db, await findCode(db, code, false), viewerId, clock.now());
}

export type RedeemOutcome = { status: 'VALID'; grant: GrantedGift } | { status: Exclude<GiftCodeStatus, 'VALID'> };

/**
 * Redeems a code for the signed-in reader in one transaction. The code's row is locked first, so of
 * two redeems of one code the second waits, then sees it used: a code grants membership once.
 */
export async function redeemGiftCode(db: Db, userId: string, input: string, clock: Clock): Promise<RedeemOutcome> {
  const code = normalizeGiftCode(input);
  if (!code) return { status: 'NOT_FOUND' };
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await findCode(tx, code, true);
    const status = await statusOf(tx, row, userId, now);
    if (status !== 'VALID' || !row) return { status: status as Exclude<GiftCodeStatus, 'VALID'> };
    await tx.update(giftCodes).set({ redeemedBy: userId, redeemedAt: now }).where(eq(giftCodes.code, code));
    const grant = await grantGift(tx, { userId, code, months: row.months }, now);
    return { status: 'VALID', grant };
  });
}
