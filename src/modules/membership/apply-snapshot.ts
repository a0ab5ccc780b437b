/**
 * The one place a paid membership follows its provider: the purchase's own answer, a plan
 * switch, a cancellation and every provider event (renewal, failed payment, end) all land here
 * with the subscription as the provider has it now, so answers that arrive twice or out of
 * order converge on the same row.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { newId } from '../../platform/ids.js';
import { tierOfPlan, type MembershipTier } from '../../shared/membership.js';
import { setMembershipAccess, type MembershipAccess } from '../accounts/membership-access.js';
import { users } from '../accounts/tables.js';
import type { PaymentProvider, SubscriptionSnapshot } from '../payments/provider.js';
import { sendDunningEmail } from './dunning.js';
import type { MembershipEnv } from './env.js';
import { startCreditedGift } from './gifts.js';
import { accessUntilOf, deriveState } from './state.js';
import { memberships, membershipCancellations } from './tables.js';

export type MembershipRow = typeof memberships.$inferSelect;

type UserLock = { id: string; email: string | null; name: string; isSuspended: boolean; memberTier: MembershipTier; memberSince: Date | null; friendSince: Date | null };

/** Locks the reader's row: every change to one reader's memberships and access goes one at a time. */
export async function lockMembershipUser(tx: DbTransaction, userId: string): Promise<UserLock | undefined> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, name: users.name, isSuspended: users.isSuspended, memberTier: users.memberTier, memberSince: users.memberSince, friendSince: users.friendSince })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

/**
 * Records `snapshot` on its membership (creating it for a subscription first seen here, from
 * the userId the site attached) and sets the reader's access in the same transaction. Returns
 * the row, or null for a subscription that names no reader of this site.
 */
export async function applySubscriptionSnapshot(db: Db, provider: Pick<PaymentProvider, 'id'>, snapshot: SubscriptionSnapshot, env: MembershipEnv): Promise<MembershipRow | null> {
  return db.transaction((tx) => applySnapshotInTransaction(tx, provider, snapshot, env));
}

export async function applySnapshotInTransaction(tx: DbTransaction, provider: Pick<PaymentProvider, 'id'>, snapshot: SubscriptionSnapshot, env: MembershipEnv): Promise<MembershipRow | null> {
  const now = env.clock.now();
  const byRef = and(eq(memberships.provider, provider.id), eq(memberships.subscriptionRef, snapshot.ref));
  const [known] = await tx.select({ userId: memberships.userId }).from(memberships).where(byRef);
  const userId = known?.userId ?? snapshot.metadata.userId;
  if (!userId) return null;
  const user = await lockMembershipUser(tx, userId);
  if (!user) return null;
  const [existing] = await tx.select().from(memberships).where(byRef);

  const derived = deriveState({
    status: snapshot.status,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    failedPaymentCount: snapshot.failedPaymentCount,
    paymentFailedAt: snapshot.paymentFailedAt,
    userSuspended: user.isSuspended,
    recordedSource: existing?.deactivationSource ?? null,
    wasCancelled: existing?.isCancelled ?? false,
  });
  // An ended membership stays ended: a late event for it changes nothing. A subscription first
  // seen already ended (a first payment that failed, one replaced before it was paid) never
  // made a membership.
  if (existing?.state === 'INACTIVE') return existing;
  if (!existing && derived.state === 'INACTIVE') return null;

  const discountRunning = snapshot.discountEndsAt !== null && snapshot.discountEndsAt > now;
  const card = snapshot.defaultPaymentMethod?.card ?? null;
  const fields = {
    customerRef: snapshot.customerRef,
    plan: snapshot.plan,
    tier: tierOfPlan(snapshot.plan),
    state: derived.state,
    deactivationSource: derived.state === 'INACTIVE' ? derived.deactivationSource : (existing?.deactivationSource ?? null),
    currency: snapshot.price.currency,
    // The provider's price is what the next period costs, after a running discount.
    amount: snapshot.price.amount,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    isCancelled: snapshot.cancelAtPeriodEnd,
    cancelledAt: snapshot.cancelAtPeriodEnd ? (existing?.cancelledAt ?? now) : null,
    discountEndsAt: discountRunning ? snapshot.discountEndsAt : null,
    discountPercentOff: discountRunning ? snapshot.discountPercentOff : null,
    scheduledPlan: snapshot.scheduledPlan?.plan ?? null,
    scheduledPlanStartAt: snapshot.scheduledPlan?.startAt ?? null,
    paymentFailedAt: snapshot.paymentFailedAt,
    failedPaymentCount: snapshot.failedPaymentCount,
    cardBrand: card ? card.brand : null,
    cardLastFour: card ? card.lastFour : null,
    cardExpMonth: card ? card.expMonth : null,
    cardExpYear: card ? card.expYear : null,
    pendingActionUrl: derived.state === 'PENDING_ACTION' ? (snapshot.pendingAction?.url ?? null) : null,
    endedAt: derived.state === 'INACTIVE' ? now : null,
    updatedAt: now,
  };

  let row: MembershipRow;
  if (existing) {
    [row] = (await tx.update(memberships).set(fields).where(eq(memberships.id, existing.id)).returning()) as [MembershipRow];
  } else {
    if (derived.state !== 'INACTIVE') await supersedeLiveMemberships(tx, userId, now);
    [row] = (await tx
      .insert(memberships)
      .values({ id: newId(), userId, provider: provider.id, subscriptionRef: snapshot.ref, startedAt: snapshot.currentPeriodStart, createdAt: now, ...fields })
      .returning()) as [MembershipRow];
  }

  await resolveCancellations(tx, row, snapshot, now);
  // Dunning is for renewals of a running membership (a first payment's failure is shown at once).
  if (existing?.state === 'ACTIVE' && snapshot.failedPaymentCount > existing.failedPaymentCount && user.email) {
    await sendDunningEmail(tx, { to: user.email, membership: row, now, env });
  }
  await updateAccess(tx, user, row, accessUntilOf(derived.state, snapshot), now);
  return row;
}

/**
 * A new subscription replaces whatever else was live for the reader: one live membership per
 * reader. A first payment abandoned at 3-D Secure was never a membership and goes; anything
 * else ends (it stays in the reader's history).
 */
export async function supersedeLiveMemberships(tx: DbTransaction, userId: string, now: Date): Promise<void> {
  await tx.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.state, 'PENDING_ACTION')));
  await tx
    .update(memberships)
    .set({ state: 'INACTIVE', deactivationSource: 'user', endedAt: now, updatedAt: now })
    .where(and(eq(memberships.userId, userId), ne(memberships.state, 'INACTIVE')));
}

/**
 * Settles the cancellations a snapshot answers: the membership ended (the reader left; an
 * offer never taken counts as declined), or it was reactivated, or a period after the one
 * the cancellation was for has begun (the reader stayed).
 */
async function resolveCancellations(tx: DbTransaction, row: MembershipRow, snapshot: SubscriptionSnapshot, now: Date): Promise<void> {
  const open = and(eq(membershipCancellations.membershipId, row.id), isNull(membershipCancellations.resolvedAt));
  if (row.state === 'INACTIVE') {
    await tx
      .update(membershipCancellations)
      .set({ keptMember: false, offerAccepted: sql`coalesce(${membershipCancellations.offerAccepted}, false)`, resolvedAt: now })
      .where(open);
    return;
  }
  if (snapshot.cancelAtPeriodEnd) return;
  // Not cancelled (any more): an unanswered offer was not what kept them.
  await tx
    .update(membershipCancellations)
    .set({ offerAccepted: false, answeredAt: now })
    .where(and(open, isNull(membershipCancellations.offerAccepted)));
  await tx
    .update(membershipCancellations)
    .set({ keptMember: true, resolvedAt: now })
    .where(and(open, sql`${membershipCancellations.periodEndAt} <= ${snapshot.currentPeriodStart}`));
}

/**
 * The reader's access from their live membership (spec: memberSince is the start of the current
 * run of paid membership, kept across renewals and switches; friendSince since they became a
 * Friend). An ended membership hands over to months of a gift credited while it ran.
 */
async function updateAccess(tx: DbTransaction, user: UserLock, row: MembershipRow, accessUntil: Date | null, now: Date): Promise<void> {
  if (!accessUntil) {
    if (row.state === 'INACTIVE' && (await startCreditedGift(tx, user, now))) return;
    await setMembershipAccess(tx, user.id, { tier: 'FREE', memberSince: null, friendSince: null, accessUntil: null });
    return;
  }
  await setMembershipAccess(tx, user.id, accessFor(user, row.tier, accessUntil, now));
}

/** Access for `tier` until `accessUntil`, keeping the reader's memberSince / friendSince when they run on. */
export function accessFor(user: Pick<UserLock, 'memberTier' | 'memberSince' | 'friendSince'>, tier: 'MEMBER' | 'FRIEND', accessUntil: Date, now: Date): MembershipAccess {
  const running = user.memberTier !== 'FREE';
  return {
    tier,
    memberSince: running && user.memberSince ? user.memberSince : now,
    friendSince: tier === 'FRIEND' ? (user.memberTier === 'FRIEND' && user.friendSince ? user.friendSince : now) : null,
    accessUntil,
  };
}
