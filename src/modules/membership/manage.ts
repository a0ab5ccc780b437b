/**
 * What a member does with their membership once bought (spec §4, §7): cancel at the period end
 * with a reason and a retention offer, take the offer, reactivate (UncancelMembership), switch
 * plan, update the card; and a staff deactivation. Each checks who asks, asks the provider, then
 * records the provider's answer through the same snapshot code as its events.
 */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { newId } from '../../platform/ids.js';
import { MEMBERSHIP_PLANS, type CancellationDiscount, type CancellationReason, type MembershipPlan, type Money } from '../../shared/membership.js';
import { setMembershipAccess } from '../accounts/membership-access.js';
import { syncCharge } from '../payments/index.js';
import type { PaymentFailure, SubscriptionSnapshot } from '../payments/provider.js';
import { applySnapshotInTransaction, lockMembershipUser, type MembershipRow } from './apply-snapshot.js';
import { offerDiscount, retentionOfferFor, switchTiming } from './plans.js';
import { liveMembership, withPaymentLock, type MembershipDeps } from './purchase.js';
import { badRequest, COMMENT_MAX, failureResult, MEMBERSHIP_MESSAGES, toProviderMethod, type MembershipResult, type PaymentMethodFields } from './results.js';
import { canReactivate, canSwitchPlan, MANAGED_PROVIDERS, type RuleInput } from './state.js';
import { memberships, membershipCancellations } from './tables.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export const ruleInput = (m: MembershipRow): RuleInput => ({
  provider: m.provider,
  state: m.state,
  isCancelled: m.isCancelled,
  hasPaymentMethod: m.cardLastFour !== null,
  paymentFailedAt: m.paymentFailedAt,
});

const notFound: MembershipResult = { kind: 'not-found', message: MEMBERSHIP_MESSAGES.notFound };
const tryAgain: MembershipResult = { kind: 'payment-error', message: MEMBERSHIP_MESSAGES.tryAgain };

/** The reader's own membership by id; another reader's is 'not found', as if it did not exist. */
async function ownMembership(deps: MembershipDeps, userId: string, membershipId: string): Promise<MembershipRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.userId, userId)));
  return row;
}

/** A paid membership this site's provider manages (a membership from an earlier provider is left as it is). */
const managedHere = (deps: MembershipDeps, m: MembershipRow): m is MembershipRow & { subscriptionRef: string } =>
  MANAGED_PROVIDERS.includes(m.provider) && m.provider === deps.provider.id && m.subscriptionRef !== null;

/** Asks the provider; a provider failure (network, its error) becomes the spec §8 try-again answer. */
async function ask(work: () => Promise<SubscriptionSnapshot>): Promise<SubscriptionSnapshot | null> {
  try {
    return await work();
  } catch {
    return null;
  }
}

async function record(deps: MembershipDeps, snapshot: SubscriptionSnapshot, before?: (tx: Parameters<Parameters<MembershipDeps['db']['transaction']>[0]>[0]) => Promise<void>): Promise<MembershipRow> {
  const row = await deps.db.transaction(async (tx) => {
    await before?.(tx);
    return applySnapshotInTransaction(tx, deps.provider, snapshot, deps.env);
  });
  if (!row) throw new Error(`membership: subscription ${snapshot.ref} names no reader`);
  return row;
}

/**
 * Spec §3 cancellation: at the period end (access lasts until then), with a reason and an
 * optional comment; the answer carries the retention offer that reason meets.
 */
export async function cancelMembership(deps: MembershipDeps, userId: string, input: { membershipId: string; reason: CancellationReason; comment?: string | null }): Promise<MembershipResult> {
  const comment = input.comment?.trim() || null;
  if (comment && comment.length > COMMENT_MAX) return badRequest(MEMBERSHIP_MESSAGES.commentTooLong);
  const m = await ownMembership(deps, userId, input.membershipId);
  if (!m) return notFound;
  if (m.state !== 'ACTIVE' || !managedHere(deps, m)) return badRequest(MEMBERSHIP_MESSAGES.notCancellable);
  if (m.isCancelled) return badRequest(MEMBERSHIP_MESSAGES.alreadyCancelled);
  const snapshot = await ask(() => deps.provider.setCancelAtPeriodEnd(m.subscriptionRef, true));
  if (!snapshot) return tryAgain;
  const now = deps.env.clock.now();
  const row = await record(deps, snapshot, async (tx) => {
    const [recent] = await tx
      .select({ id: membershipCancellations.id })
      .from(membershipCancellations)
      .where(and(eq(membershipCancellations.userId, userId), eq(membershipCancellations.offerAccepted, true), gt(membershipCancellations.answeredAt, new Date(now.getTime() - YEAR_MS))))
      .limit(1);
    const discountRunning = m.discountEndsAt !== null && m.discountEndsAt > now;
    await tx.insert(membershipCancellations).values({
      id: newId(),
      membershipId: m.id,
      userId,
      reason: input.reason,
      comment,
      offer: retentionOfferFor(input.reason, Boolean(recent) || discountRunning),
      periodEndAt: snapshot.currentPeriodEnd,
      createdAt: now,
    });
  });
  return { kind: 'membership', membership: row };
}

/** The retention offer still open on a membership's latest cancellation, or NONE. */
export async function openRetentionOffer(deps: Pick<MembershipDeps, 'db'>, membershipId: string): Promise<{ id: string; offer: CancellationDiscount } | null> {
  const [c] = await deps.db
    .select({ id: membershipCancellations.id, offer: membershipCancellations.offer })
    .from(membershipCancellations)
    .where(and(eq(membershipCancellations.membershipId, membershipId), isNull(membershipCancellations.resolvedAt), isNull(membershipCancellations.offerAccepted)))
    .orderBy(desc(membershipCancellations.createdAt))
    .limit(1);
  return c ?? null;
}

/** Taking the offer keeps the membership (the cancellation is undone) with the discount for a year. */
export async function acceptRetentionOffer(deps: MembershipDeps, userId: string, input: { membershipId: string; discount: CancellationDiscount }): Promise<MembershipResult> {
  const m = await ownMembership(deps, userId, input.membershipId);
  if (!m) return notFound;
  const open = await openRetentionOffer(deps, m.id);
  if (!open || open.offer === 'NONE' || open.offer !== input.discount || !m.isCancelled || m.state !== 'ACTIVE' || !managedHere(deps, m)) return badRequest(MEMBERSHIP_MESSAGES.noOffer);
  const offer = open.offer;
  // The discount first (keyed by the cancellation, so a retry applies it once), then the
  // cancellation undone: a failure in between leaves the offer open to take again.
  const withDiscount = await ask(() => deps.provider.applyDiscount(m.subscriptionRef, offerDiscount(offer, m.plan), `retention:${open.id}`));
  if (!withDiscount) return tryAgain;
  const kept = await ask(() => deps.provider.setCancelAtPeriodEnd(m.subscriptionRef, false));
  if (!kept) {
    await record(deps, withDiscount);
    return tryAgain;
  }
  const now = deps.env.clock.now();
  const row = await record(deps, kept, async (tx) => {
    await tx.update(membershipCancellations).set({ offerAccepted: true, answeredAt: now }).where(eq(membershipCancellations.id, open.id));
  });
  return { kind: 'membership', membership: row };
}

/** Spec §7 UncancelMembership, allowed per spec §4 (canReactivate); a failure gives the §8 text. */
export async function uncancelMembership(deps: MembershipDeps, userId: string, membershipId: string): Promise<MembershipResult> {
  const m = await ownMembership(deps, userId, membershipId);
  if (!m) return notFound;
  if (!canReactivate(ruleInput(m)) || !managedHere(deps, m)) return badRequest(MEMBERSHIP_MESSAGES.cannotReactivate);
  const snapshot = await ask(() => deps.provider.setCancelAtPeriodEnd(m.subscriptionRef, false));
  if (!snapshot || snapshot.cancelAtPeriodEnd) return tryAgain;
  await record(deps, snapshot);
  return { kind: 'success' };
}

/** What switching to `plan` now would charge today; null when the switch is not allowed or waits for the period end. */
export async function planChangePreview(deps: MembershipDeps, userId: string, plan: MembershipPlan): Promise<Money | null> {
  const m = await liveMembership(deps.db, userId);
  if (!m || !canSwitchPlan(ruleInput(m)) || !managedHere(deps, m)) return null;
  if ((m.scheduledPlan ?? m.plan) === plan || switchTiming(m.plan, plan) !== 'now') return null;
  try {
    return await deps.provider.previewPlanChange(m.subscriptionRef, plan);
  } catch {
    return null;
  }
}

/**
 * Spec §4 plan switch: Member → Friend (and monthly → yearly) now, the proration charged today;
 * Friend → Member (and yearly → monthly) at the period end, as switchPlanSchedule.
 */
export async function updateMembershipPlan(deps: MembershipDeps, userId: string, input: { membershipId: string; plan: MembershipPlan }): Promise<MembershipResult> {
  if (!MEMBERSHIP_PLANS.includes(input.plan)) return badRequest('Unavailable membership price');
  const m = await ownMembership(deps, userId, input.membershipId);
  if (!m) return notFound;
  if (!canSwitchPlan(ruleInput(m)) || !managedHere(deps, m)) return badRequest(MEMBERSHIP_MESSAGES.cannotSwitch);
  if ((m.scheduledPlan ?? m.plan) === input.plan) return badRequest(MEMBERSHIP_MESSAGES.samePlan);
  if (m.scheduledPlan) return badRequest(MEMBERSHIP_MESSAGES.switchScheduled);
  const timing = switchTiming(m.plan, input.plan);
  return withPaymentLock(deps.db, userId, async () => {
    let outcome;
    try {
      outcome = await deps.provider.changePlan(m.subscriptionRef, input.plan, timing, `switch:${m.id}:${input.plan}:${newId()}`);
    } catch {
      return tryAgain;
    }
    if (!outcome.ok) return failureResult(outcome.failure);
    const snapshot = outcome.value;
    if (timing === 'now' && snapshot.latestChargeRef && snapshot.latestChargeRef !== null) await syncCharge(deps.db, deps.provider, snapshot.latestChargeRef);
    return { kind: 'membership', membership: await record(deps, snapshot) };
  });
}

/**
 * A new card for the membership: attached as the default for its renewals. A renewal that
 * failed (past_due) is paid with it at once; if the new card is refused too, the answer says
 * so and the provider's retries go on as they were.
 */
export async function updatePaymentMethod(deps: MembershipDeps, userId: string, input: PaymentMethodFields): Promise<MembershipResult> {
  const method = toProviderMethod(input);
  if (!method) return badRequest(MEMBERSHIP_MESSAGES.cardDetails);
  const m = await liveMembership(deps.db, userId);
  if (!m || !managedHere(deps, m) || !m.customerRef) return badRequest(MEMBERSHIP_MESSAGES.noMembership);
  const customerRef = m.customerRef;
  return withPaymentLock(deps.db, userId, async () => {
    const attached = await deps.provider.attachPaymentMethod(customerRef, method, `attach:${userId}:${newId()}`);
    if (!attached.ok) return failureResult(attached.failure);
    const read = () => ask(async () => (await deps.provider.getSubscription(m.subscriptionRef))!);
    let snapshot = await read();
    if (!snapshot) return tryAgain;
    let refused: PaymentFailure | null = null;
    if (snapshot.status === 'past_due') {
      const paid = await deps.provider.payPastDueRenewal(m.subscriptionRef, `pay-past-due:${userId}:${attached.value.ref}`);
      if (paid.ok) snapshot = paid.value;
      else [refused, snapshot] = [paid.failure, (await read()) ?? snapshot];
    }
    if (snapshot.latestChargeRef) await syncCharge(deps.db, deps.provider, snapshot.latestChargeRef);
    const membership = await record(deps, snapshot);
    return refused ? failureResult(refused) : { kind: 'membership', membership };
  });
}

/** Staff end a reader's membership now (deactivation source admin); access ends with it. */
export async function deactivateMembership(deps: MembershipDeps, staff: { id: string; isStaff: boolean }, userId: string): Promise<MembershipResult> {
  if (!staff.isStaff) return { kind: 'unauthorized', message: MEMBERSHIP_MESSAGES.staffOnly };
  const m = await liveMembership(deps.db, userId);
  if (!m) return notFound;
  const now = deps.env.clock.now();
  if (!managedHere(deps, m)) {
    // A gift (or a membership of a provider no longer configured) ends here and now.
    await deps.db.transaction(async (tx) => {
      await lockMembershipUser(tx, userId);
      await tx.update(memberships).set({ state: 'INACTIVE', deactivationSource: 'admin', endedAt: now, updatedAt: now }).where(and(eq(memberships.id, m.id), ne(memberships.state, 'INACTIVE')));
      await setMembershipAccess(tx, userId, { tier: 'FREE', memberSince: null, friendSince: null, accessUntil: null });
    });
    return { kind: 'success' };
  }
  // Written first, so the provider's 'ended' event, whenever it is applied, reads as admin.
  await deps.db.update(memberships).set({ deactivationSource: 'admin', updatedAt: now }).where(eq(memberships.id, m.id));
  const snapshot = await ask(() => deps.provider.cancelNow(m.subscriptionRef));
  if (!snapshot) {
    await deps.db.update(memberships).set({ deactivationSource: null }).where(and(eq(memberships.id, m.id), ne(memberships.state, 'INACTIVE')));
    return tryAgain;
  }
  await record(deps, snapshot);
  return { kind: 'success' };
}

/**
 * Re-reads the reader's paid membership from its provider and records it: for a change on the
 * site's side the provider sends no event for (an account suspended or restored: SUSPENDED while
 * suspended, with no access). The accounts module's suspension calls this after its commit.
 */
export async function refreshMembership(deps: MembershipDeps, userId: string): Promise<MembershipRow | null> {
  const m = await liveMembership(deps.db, userId);
  if (!m || !managedHere(deps, m)) return m ?? null;
  const snapshot = await deps.provider.getSubscription(m.subscriptionRef);
  return snapshot ? record(deps, snapshot) : m;
}
