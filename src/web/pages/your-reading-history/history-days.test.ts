import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './history-days.js';

describe('reading history days', () => {
  const now = Date.UTC(2026, 10, 27, 10);
  it('labels today, yesterday, this year and earlier years', () => {
    expect(dayLabel(Date.UTC(2026, 10, 27, 0, 5), now, 'utc')).toBe('Today');
    expect(dayLabel(Date.UTC(2026, 10, 26, 23, 59), now, 'utc')).toBe('Yesterday');
    expect(dayLabel(Date.UTC(2026, 10, 25, 12), now, 'utc')).toBe('Nov 25');
    expect(dayLabel(Date.UTC(2025, 11, 31, 12), now, 'utc')).toBe('Dec 31, 2025');
  });

  it('groups runs of the same day in order', () => {
    const at = (d: number, h: number) => ({ lastReadAt: Date.UTC(2026, 10, d, h) });
    const groups = groupByDay([at(27, 9), at(27, 1), at(26, 20), at(20, 8), at(20, 7)], now, 'utc');
    expect(groups.map((g) => [g.label, g.entries.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Nov 20', 2],
    ]);
  });
});
