/**
 * Display formatting shared by server and client (spec §9: counts abbreviated with K and M,
 * reading time 'N min read'). Dates are formatted in UTC by default so that server-rendered
 * markup and the hydrating client agree whatever their time zones.
 */
import { LIMITS } from './constants';

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTHS_LONG = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** One decimal below ten units ('1.2K'), none above ('15K'); a trailing '.0' is dropped. */
function abbreviate(value: number, suffix: string): string {
  const decimals = value < 10 ? 1 : 0;
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return `${rounded}${suffix}`;
}

/** 999 → '999', 1000 → '1K', 1234 → '1.2K', 15300 → '15K', 1_250_000 → '1.3M'. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(n));
  if (abs < 1000) return `${sign}${abs}`;
  const thousands = abs / 1000;
  // 999_950 would round to '1000K': promote it to millions.
  if (thousands < 999.5) return sign + abbreviate(thousands, 'K');
  return sign + abbreviate(abs / 1_000_000, 'M');
}

/**
 * A count with its noun, singular for exactly one: '1 Follower', '12 Followers', '1.2K Followers'
 * (the count as formatCount writes it).
 */
export function formatCountOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${Math.trunc(n) === 1 ? one : many}`;
}

/** 'N Follower(s)' under a writer's name (story page, profile, person rows, mention cards). */
export const formatFollowers = (n: number): string => formatCountOf(n, 'Follower', 'Followers');

/** Notification badge: the count, or '99+' above the cap. */
export function formatBadgeCount(n: number): string {
  const cap = LIMITS.notificationBadgeCap;
  return n > cap ? `${cap}+` : String(Math.max(0, Math.trunc(n)));
}

/** Reading time in minutes (fractional allowed) → 'N min read', rounded up, at least 1. */
export function formatReadingTime(minutes: number): string {
  const n = Number.isFinite(minutes) ? Math.max(1, Math.ceil(minutes)) : 1;
  return `${n} min read`;
}

/** A duration in seconds as hours, minutes and seconds: '1 hr 5 min', '3 min 20 sec', '45 sec'. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (hours > 0) return minutes > 0 ? `${hours} hr ${minutes} min` : `${hours} hr`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} sec` : `${minutes} min`;
  return `${seconds} sec`;
}

export type DateInput = Date | string | number;

export interface FormatDateOptions {
  /** Drop the year when the date falls in the current year ('Nov 21'). */
  omitCurrentYear?: boolean;
  /** Reference time for omitCurrentYear (tests, SSR consistency). */
  now?: DateInput;
  /** 'utc' (default) or 'local'. */
  timeZone?: 'utc' | 'local';
}

function parts(date: Date, timeZone: 'utc' | 'local') {
  return timeZone === 'utc'
    ? { y: date.getUTCFullYear(), m: date.getUTCMonth(), d: date.getUTCDate() }
    : { y: date.getFullYear(), m: date.getMonth(), d: date.getDate() };
}

/** 'Nov 21, 2026', or 'Nov 21' with omitCurrentYear in the current year. Invalid input → ''. */
export function formatDate(date: DateInput, options: FormatDateOptions = {}): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const tz = options.timeZone ?? 'utc';
  const { y, m, d } = parts(value, tz);
  const label = `${MONTHS_SHORT[m]} ${d}`;
  if (options.omitCurrentYear) {
    const now = parts(new Date(options.now ?? Date.now()), tz);
    if (now.y === y) return label;
  }
  return `${label}, ${y}`;
}

/** 'November 2024' (e.g. the 'Member since' badge). */
export function formatMonthYear(date: DateInput, timeZone: 'utc' | 'local' = 'utc'): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const { y, m } = parts(value, timeZone);
  return `${MONTHS_LONG[m]} ${y}`;
}

/** 'alice@example.com' → 'a••••@example.com' (the menu's obscured sign-out email). */
export function obscureEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email[0]}••••${email.slice(at)}`;
}
