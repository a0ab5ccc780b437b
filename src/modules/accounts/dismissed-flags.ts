/**
 * Spec §7 DismissFlag and §3 User.dismissableFlags: flags a reader sets by dismissing a banner
 * the server decides on. Only the payment-method banners' flags exist so far (spec §4: their
 * dismissal "sets a server flag"); each lasts the payment threshold (one week, spec §9), after
 * which the banner may show again. Other dismissals are kept in the browser (spec §9).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { BadRequestError } from '../../platform/errors/index.js';
import { DISMISSAL_MS } from '../../shared/membership.js';
import { PAYMENT_BANNER_FLAGS } from '../../shared/upsell-banner.js';
import { userDismissedFlags } from './tables.js';

/** Every flag a reader may dismiss, with how long the dismissal holds (ms). */
export const DISMISSABLE_FLAG_LIFETIMES: Readonly<Record<string, number>> = {
  [PAYMENT_BANNER_FLAGS.expired]: DISMISSAL_MS.paymentThreshold,
  [PAYMENT_BANNER_FLAGS.willExpire]: DISMISSAL_MS.paymentThreshold,
};

export const unknownFlagMessage = (flag: string) => `There is no flag named "${flag}" to dismiss.`;

/** Dismisses `flag` for the reader now (again, if it was: the dismissal starts over). */
export async function dismissFlag(db: Db, userId: string, flag: string, now: Date = new Date()): Promise<void> {
  if (!Object.hasOwn(DISMISSABLE_FLAG_LIFETIMES, flag)) throw new BadRequestError(unknownFlagMessage(flag));
  await db
    .insert(userDismissedFlags)
    .values({ userId, flag, dismissedAt: now })
    .onConflictDoUpdate({ target: [userDismissedFlags.userId, userDismissedFlags.flag], set: { dismissedAt: now } });
}

/** The reader's flags whose dismissal still holds at `now`, by name. */
export async function dismissedFlagsOf(db: Db, userId: string, now: Date = new Date()): Promise<string[]> {
  // Every known flag has the same lifetime today; the filter is per row so that another lifetime can join.
  const rows = await db
    .select({ flag: userDismissedFlags.flag, dismissedAt: userDismissedFlags.dismissedAt })
    .from(userDismissedFlags)
    .where(and(eq(userDismissedFlags.userId, userId), gt(userDismissedFlags.dismissedAt, sql`${new Date(now.getTime() - maxLifetime())}`)))
    .orderBy(userDismissedFlags.flag);
  return rows.filter((r) => holds(r.flag, r.dismissedAt, now)).map((r) => r.flag);
}

const maxLifetime = () => Math.max(...Object.values(DISMISSABLE_FLAG_LIFETIMES));
function holds(flag: string, dismissedAt: Date, now: Date): boolean {
  const lifetime = DISMISSABLE_FLAG_LIFETIMES[flag];
  return lifetime !== undefined && now.getTime() - dismissedAt.getTime() < lifetime;
}
