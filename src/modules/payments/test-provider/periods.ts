import { isYearly, type MembershipPlan } from '../../../shared/membership.js';

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of a period that started at `start`: a monthly plan's next calendar month on the
 * anchor day (the first period's day of the month), clamped to the month's end (Jan 31 →
 * Feb 28 → Mar 31); a yearly plan's same day a year on (Feb 29 → Feb 28). Time of day kept.
 */
export function periodEnd(start: Date, plan: MembershipPlan, anchorDay: number): Date {
  const months = isYearly(plan) ? 12 : 1;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

/** The end of the `n`th period after the one ending at `end` (n = 0: `end` itself). */
export function periodEndAfter(end: Date, plan: MembershipPlan, anchorDay: number, n: number): Date {
  let at = end;
  for (let i = 0; i < n; i += 1) at = periodEnd(at, plan, anchorDay);
  return at;
}

/**
 * What switching plans at `now` costs today, in cents (never below zero: a downgrade now
 * credits nothing; the site schedules downgrades for the period end instead). Same billing
 * interval: the unused fraction of the period × the price difference, as Stripe prorates.
 * Another interval starts a new period now: the new price less the unused part of the old.
 */
export function prorationAmount(input: { from: MembershipPlan; to: MembershipPlan; oldPrice: number; newPrice: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  const unused = length > 0 ? left / length : 0;
  const amount = isYearly(input.from) === isYearly(input.to) ? unused * (input.newPrice - input.oldPrice) : input.newPrice - unused * input.oldPrice;
  return Math.max(0, Math.round(amount));
}

/** A price with `percentOff` taken off, in whole cents. */
export const discounted = (amount: number, percentOff: number | null): number => (percentOff ? Math.round((amount * (100 - percentOff)) / 100) : amount);
