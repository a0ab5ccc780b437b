import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBadgeCount,
  formatCount,
  formatCountOf,
  formatFollowers,
  formatDate,
  formatDuration,
  formatMonthYear,
  formatReadingTime,
  obscureEmail,
} from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.2K'],
    [1250, '1.3K'],
    [9_960, '10K'],
    [15_300, '15K'],
    [120_400, '120K'],
    [999_499, '999K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
    [12_345_678, '12M'],
    [-1234, '-1.2K'],
  ])('%d → %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });

  it('treats non-finite values as zero', () => {
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatFollowers / formatCountOf', () => {
  it.each([
    [0, '0 Followers'],
    [1, '1 Follower'],
    [2, '2 Followers'],
    [1000, '1K Followers'],
    [1234, '1.2K Followers'],
    [1_250_000, '1.3M Followers'],
  ])('%d → %s', (n, expected) => {
    expect(formatFollowers(n)).toBe(expected);
  });

  it('is the singular for exactly one and the plural otherwise, after the count as formatCount writes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (n) => {
        expect(formatCountOf(n, 'Clap', 'Claps')).toBe(`${formatCount(n)} ${n === 1 ? 'Clap' : 'Claps'}`);
      }),
    );
  });
});

describe('formatBadgeCount', () => {
  it('caps above 99', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12_000)).toBe('99+');
  });
});

describe('formatReadingTime', () => {
  it('rounds up with a minimum of one minute', () => {
    expect(formatReadingTime(0)).toBe('1 min read');
    expect(formatReadingTime(0.2)).toBe('1 min read');
    expect(formatReadingTime(3)).toBe('3 min read');
    expect(formatReadingTime(3.1)).toBe('4 min read');
    expect(formatReadingTime(Number.NaN)).toBe('1 min read');
  });
});

describe('formatDuration', () => {
  it('uses hours, minutes and seconds', () => {
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(200)).toBe('3 min 20 sec');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(3900)).toBe('1 hr 5 min');
    expect(formatDuration(7200)).toBe('2 hr');
  });
});

describe('formatDate', () => {
  const date = new Date(Date.UTC(2026, 10, 21, 12));
  it('formats like Nov 21, 2026', () => {
    expect(formatDate(date)).toBe('Nov 21, 2026');
    expect(formatDate(date.toISOString())).toBe('Nov 21, 2026');
    expect(formatDate(date.getTime())).toBe('Nov 21, 2026');
  });
  it('omits the current year on request', () => {
    expect(formatDate(date, { omitCurrentYear: true, now: Date.UTC(2026, 0, 1) })).toBe('Nov 21');
    expect(formatDate(date, { omitCurrentYear: true, now: Date.UTC(2027, 0, 1) })).toBe('Nov 21, 2026');
  });
  it('returns an empty string for invalid dates', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatMonthYear', () => {
  it('gives the long month and year', () => {
    expect(formatMonthYear(Date.UTC(2024, 10, 3))).toBe('November 2024');
  });
});

describe('obscureEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(obscureEmail('alice@example.com')).toBe('a••••@example.com');
    expect(obscureEmail('nope')).toBe('nope');
  });
});
