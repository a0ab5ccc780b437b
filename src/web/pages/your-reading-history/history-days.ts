import { formatDate } from '../../../shared/format.js';

export type Zone = 'utc' | 'local';

function dayNumber(ms: number, zone: Zone): number {
  const d = new Date(ms);
  const [y, m, day] = zone === 'utc' ? [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()] : [d.getFullYear(), d.getMonth(), d.getDate()];
  return Date.UTC(y, m, day) / 86_400_000;
}

/** 'Today', 'Yesterday', or the date ('Nov 21', with the year when not this year). */
export function dayLabel(ms: number, now: number, zone: Zone): string {
  const ago = dayNumber(now, zone) - dayNumber(ms, zone);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  return formatDate(ms, { omitCurrentYear: true, now, timeZone: zone });
}

/** Entries (newest first) in runs of the same day, each run with its label. */
export function groupByDay<T extends { lastReadAt: number }>(entries: readonly T[], now: number, zone: Zone): { label: string; entries: T[] }[] {
  const groups: { label: string; entries: T[] }[] = [];
  for (const e of entries) {
    const label = dayLabel(e.lastReadAt, now, zone);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.entries.push(e);
    else groups.push({ label, entries: [e] });
  }
  return groups;
}
