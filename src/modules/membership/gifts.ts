/**
 * Membership from gifts (the gifts module sells and redeems them; this grants the time).
 *
 * A gift never shortens a running membership:
 * - no membership: a GIFT membership (Member tier) starts now for the gift's months;
 * - a gift membership running: its end moves out by the months;
 * - a paid membership running: the months are kept as a credit and begin when the paid
 *   membership ends (cancelled, lapsed), so time already paid for is neither lost nor
 *   overlapped; the reader who wants the gift to take over next cancels the renewal.
 * Every gift is recorded once by its id (membership_gift_credits), so a redeem retried grants once.
 */
import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import { systemClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { setMembershipAccess } from '../accounts/membership-access.js';
import type { MembershipTier } from '../../shared/membership.js';
import { users } from '../accounts/tables.js';
import { memberships, membershipGiftCredits } from './tables.js';
import { supersedeLiveMemberships } from './apply-snapshot.js';

/** `months` calendar months after `from`, on the same day or the month's last (Jan 31 + 1 = Feb 28/29). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export interface GiftGrant {
  /** 'started': a gift membership now; 'extended': the running gift membership lasts longer; 'credited': after the paid one. */
  kind: 'started' | 'extended' | 'credited' | 'already-granted';
  membershipId: string | null;
}

type UserSummary = { id: string; memberTier: MembershipTier; memberSince: Date | null; friendSince: Date | null };

async function lockUser(tx: DbTransaction, userId: string): Promise<UserSummary | undefined> {
  const [u] = await tx.select({ id: users.id, memberTier: users.memberTier, memberSince: users.memberSince, friendSince: users.friendSince }).from(users).where(eq(users.id, userId)).for('update');
  return u;
}

/** Grants a redeemed gift's months to a reader (see the module comment for how it adds to a running membership). */
export async function grantGiftMembership(db: Db, input: { userId: string; giftId: string; months: number }, opts: { clock?: Clock } = {}): Promise<GiftGrant> {
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 120) throw new Error(`grantGiftMembership: months must be 1-120, got ${input.months}`);
  const now = (opts.clock ?? systemClock).now();
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user) throw new Error(`grantGiftMembership: no user ${input.userId}`);
    const inserted = await tx.insert(membershipGiftCredits).values({ giftId: input.giftId, userId: input.userId, months: input.months, createdAt: now }).onConflictDoNothing().returning();
    if (inserted.length === 0) return { kind: 'already-granted', membershipId: null };
    const [live] = await tx.select().from(memberships).where(and(eq(memberships.userId, user.id), ne(memberships.state, 'INACTIVE')));
    if (live?.provider === 'GIFT' && live.state === 'ACTIVE') {
      const end = addMonths(live.currentPeriodEnd, input.months);
      await tx.update(memberships).set({ currentPeriodEnd: end, updatedAt: now }).where(eq(memberships.id, live.id));
      await markApplied(tx, [input.giftId], now);
      await setMembershipAccess(tx, user.id, { tier: user.memberTier === 'FREE' ? 'MEMBER' : user.memberTier, memberSince: user.memberSince ?? now, friendSince: user.friendSince, accessUntil: end });
      return { kind: 'extended', membershipId: live.id };
    }
    if (live && live.state !== 'PENDING_ACTION') return { kind: 'credited', membershipId: live.id };
    // A first payment still waiting for 3-D Secure gives way to the gift.
    if (live) await supersedeLiveMemberships(tx, user.id, now);
    const id = await startGift(tx, user, input.months, input.giftId, now);
    await markApplied(tx, [input.giftId], now);
    return { kind: 'started', membershipId: id };
  });
}

async function markApplied(tx: DbTransaction, giftIds: string[], now: Date): Promise<void> {
  for (const giftId of giftIds) await tx.update(membershipGiftCredits).set({ appliedAt: now }).where(eq(membershipGiftCredits.giftId, giftId));
}

async function startGift(tx: DbTransaction, user: UserSummary, months: number, giftId: string, now: Date): Promise<string> {
  const id = newId();
  const end = addMonths(now, months);
  await tx.insert(memberships).values({
    id,
    userId: user.id,
    provider: 'GIFT',
    giftId,
    plan: months % 12 === 0 ? 'YEARLY' : 'MONTHLY',
    tier: 'MEMBER',
    state: 'ACTIVE',
    currency: 'USD',
    amount: 0,
    startedAt: now,
    currentPeriodStart: now,
    currentPeriodEnd: end,
    // A gift does not renew: it ends at its period end, as a cancelled membership does.
    isCancelled: true,
    cancelledAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const running = user.memberTier !== 'FREE' && user.memberSince;
  await setMembershipAccess(tx, user.id, { tier: 'MEMBER', memberSince: running ? user.memberSince : now, friendSince: null, accessUntil: end });
  return id;
}

/**
 * When a membership has just ended: the gifts credited while it ran begin now, together.
 * Returns whether one began (the caller then leaves the access as set here).
 */
export async function startCreditedGift(tx: DbTransaction, user: UserSummary, now: Date): Promise<boolean> {
  const credits = await tx
    .select({ giftId: membershipGiftCredits.giftId, months: membershipGiftCredits.months })
    .from(membershipGiftCredits)
    .where(and(eq(membershipGiftCredits.userId, user.id), isNull(membershipGiftCredits.appliedAt)))
    .orderBy(asc(membershipGiftCredits.createdAt));
  if (credits.length === 0) return false;
  const months = credits.reduce((sum, c) => sum + c.months, 0);
  await startGift(tx, user, months, credits[0]!.giftId, now);
  await markApplied(
    tx,
    credits.map((c) => c.giftId),
    now,
  );
  return true;
}

/**
 * Ends gift memberships whose time is up (a paid one ends by its provider's event). Claims the
 * readers' rows first (SKIP LOCKED), in the same order as every other membership change, so
 * sweepers in several processes and a concurrent purchase never deadlock.
 */
export async function expireGiftMembershipsBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ id: string; user_id: string }>(sql`
      select m.id, m.user_id from memberships m join users u on u.id = m.user_id
      where m.provider = 'GIFT' and m.state <> 'INACTIVE' and m.current_period_end <= ${now}
      order by m.current_period_end limit ${batchSize}
      for update of u skip locked`);
    for (const row of due.rows) {
      const user = await lockUser(tx, row.user_id);
      if (!user) continue;
      await tx
        .update(memberships)
        .set({ state: 'INACTIVE', endedAt: now, updatedAt: now })
        .where(and(eq(memberships.id, row.id), ne(memberships.state, 'INACTIVE'), lte(memberships.currentPeriodEnd, now)));
      if (!(await startCreditedGift(tx, user, now))) await setMembershipAccess(tx, user.id, { tier: 'FREE', memberSince: null, friendSince: null, accessUntil: null });
    }
    return due.rows.length;
  });
}

export function giftExpirySweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'membership-gift-expiry', runBatch: (n) => expireGiftMembershipsBatch(opts.db, opts.clock, n) };
}
