/**
 * Spec §9 local storage counters: stories viewed today, this week (weeks start on Sunday),
 * this month, and stories that are not member-only this month. Kept in the
 * reader's local time, so "today" is the reader's day. A story counts once per period
 * however often it is opened. Storage follows spec §8 (src/web/lib/local-storage.ts):
 * without local storage the counts live in memory for the page; an unparsable stored value
 * logs a warning and starts afresh.
 */
import { localStore, type JsonStore } from './local-storage.js';

export const READING_COUNTERS_KEY = 'postsViewed';

/** Ids kept per period: enough for any reader, bounded for storage. */
const MAX_IDS = 500;

export interface ReadingCounts {
  today: number;
  thisWeek: number;
  thisMonth: number;
  /** Stories that are not member-only, this month (what a metered paywall would count). */
  nonMemberOnlyThisMonth: number;
}

interface Stored {
  /** Period keys in local time: '2025-03-09', the Sunday starting the week, '2025-03'. */
  day: string;
  week: string;
  month: string;
  today: string[];
  thisWeek: string[];
  thisMonth: string[];
  nonMemberOnlyThisMonth: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const monthKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
/** The Sunday that starts `d`'s week (local time). */
export function weekKey(d: Date): string {
  const sunday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - d.getDay());
  return dayKey(sunday);
}

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The stored counters as of `now`: a period that has ended starts empty. Anything malformed is dropped. */
function current(raw: unknown, now: Date): Stored {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof Stored, unknown>>;
  const day = dayKey(now);
  const week = weekKey(now);
  const month = monthKey(now);
  const sameMonth = s.month === month;
  return {
    day,
    week,
    month,
    today: s.day === day ? ids(s.today) : [],
    thisWeek: s.week === week ? ids(s.thisWeek) : [],
    thisMonth: sameMonth ? ids(s.thisMonth) : [],
    nonMemberOnlyThisMonth: sameMonth ? ids(s.nonMemberOnlyThisMonth) : [],
  };
}

const counts = (s: Stored): ReadingCounts => ({
  today: s.today.length,
  thisWeek: s.thisWeek.length,
  thisMonth: s.thisMonth.length,
  nonMemberOnlyThisMonth: s.nonMemberOnlyThisMonth.length,
});

const add = (list: string[], id: string) => (list.includes(id) ? list : [...list, id].slice(-MAX_IDS));

export interface ReadingCounters {
  /** Counts a story as viewed now and returns the counts including it. */
  recordView(postId: string, opts: { isMemberOnly: boolean }): ReadingCounts;
  /** The counts as of now, without counting anything. */
  read(): ReadingCounts;
}

export function createReadingCounters(store: JsonStore = localStore, now: () => Date = () => new Date()): ReadingCounters {
  return {
    recordView(postId, { isMemberOnly }) {
      const s = current(store.get<unknown>(READING_COUNTERS_KEY, null), now());
      const next: Stored = {
        ...s,
        today: add(s.today, postId),
        thisWeek: add(s.thisWeek, postId),
        thisMonth: add(s.thisMonth, postId),
        nonMemberOnlyThisMonth: isMemberOnly ? s.nonMemberOnlyThisMonth : add(s.nonMemberOnlyThisMonth, postId),
      };
      store.set(READING_COUNTERS_KEY, next);
      return counts(next);
    },
    read: () => counts(current(store.get<unknown>(READING_COUNTERS_KEY, null), now())),
  };
}

/** Spec §5's wording of the counts lives with the shared upsell texts. */
export { READ_COUNT_NOTE_FROM, readCountNote } from '../../shared/reading-count.js';
