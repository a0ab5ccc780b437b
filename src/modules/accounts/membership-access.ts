import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { MembershipTier } from '../../shared/membership.js';
import { users } from './tables.js';

/** A reader's access from their membership, as the membership module decides it. */
export interface MembershipAccess {
  tier: MembershipTier;
  /** Spec §3 membership.memberSince: the start of the current run of paid membership. */
  memberSince: Date | null;
  /** Spec §3 membership.friendSince: since when on the Friend tier. */
  friendSince: Date | null;
  /** Member-only stories are whole for them until then (the paid period's end); null: no access. */
  accessUntil: Date | null;
}

/**
 * Records a reader's membership access on their user row, in the caller's transaction. Only
 * the membership module calls this; the viewer lookup reads the columns with the session, so
 * reading a member-only story needs no statement of its own.
 */
export async function setMembershipAccess(db: Pick<Db, 'update'>, userId: string, access: MembershipAccess): Promise<void> {
  await db
    .update(users)
    .set({ memberTier: access.tier, memberSince: access.memberSince, friendSince: access.friendSince, memberAccessUntil: access.accessUntil })
    .where(eq(users.id, userId));
}

/** What decides whether a reader pays: the columns setMembershipAccess keeps on their user row. */
export interface MemberAccessFields {
  /** users.member_tier: FREE, MEMBER or FRIEND. */
  memberTier?: string | null;
  /** users.member_access_until: the end of the paid (or gifted) period. */
  memberAccessUntil?: Date | null;
}

/**
 * Whether a reader's membership lets them read member-only stories whole: a paid tier whose
 * access period has not ended. Decided at request time from the viewer's row, so a membership
 * that runs out needs no write to stop (and a kept session cannot outlive it).
 */
export function hasMemberAccess(viewer: MemberAccessFields | null | undefined, now: number = Date.now()): boolean {
  return !!viewer && !!viewer.memberTier && viewer.memberTier !== 'FREE' && !!viewer.memberAccessUntil && viewer.memberAccessUntil.getTime() > now;
}
