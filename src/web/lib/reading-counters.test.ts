import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJsonStore, type StorageLike } from './local-storage';
import { fakeStorage } from './test-storage';
import { createReadingCounters, readCountNote, READING_COUNTERS_KEY, weekKey } from './reading-counters';

/** A clock the test moves; dates are local time, like the counters. */
function fakeClock(start: Date) {
  let now = start;
  return { now: () => now, set: (d: Date) => (now = d) };
}

/** A store over one working fake storage. */
function memoryStore() {
  const storage = fakeStorage();
  return createJsonStore(() => storage);
}

afterEach(() => vi.restoreAllMocks());

describe('reading counters (spec §9)', () => {
  // Wednesday 12 March 2025, 10:00 local time.
  const wednesday = new Date(2025, 2, 12, 10, 0);

  it('counts each story once per day, week and month', () => {
    const clock = fakeClock(wednesday);
    const counters = createReadingCounters(memoryStore(), clock.now);
    expect(counters.recordView('a', { isMemberOnly: false })).toEqual({ today: 1, thisWeek: 1, thisMonth: 1, nonMemberOnlyThisMonth: 1 });
    expect(counters.recordView('a', { isMemberOnly: false })).toEqual({ today: 1, thisWeek: 1, thisMonth: 1, nonMemberOnlyThisMonth: 1 });
    expect(counters.recordView('b', { isMemberOnly: true })).toEqual({ today: 2, thisWeek: 2, thisMonth: 2, nonMemberOnlyThisMonth: 1 });
    expect(counters.read()).toEqual({ today: 2, thisWeek: 2, thisMonth: 2, nonMemberOnlyThisMonth: 1 });
  });

  it('starts a new day at midnight and a new week on Sunday', () => {
    const clock = fakeClock(wednesday);
    const counters = createReadingCounters(memoryStore(), clock.now);
    counters.recordView('a', { isMemberOnly: false });
    clock.set(new Date(2025, 2, 12, 23, 59));
    counters.recordView('b', { isMemberOnly: false });
    clock.set(new Date(2025, 2, 13, 0, 1)); // Thursday
    expect(counters.recordView('c', { isMemberOnly: false })).toMatchObject({ today: 1, thisWeek: 3, thisMonth: 3 });
    clock.set(new Date(2025, 2, 15, 23, 0)); // Saturday: same week
    expect(counters.read()).toMatchObject({ today: 0, thisWeek: 3 });
    clock.set(new Date(2025, 2, 16, 8, 0)); // Sunday: a new week
    expect(counters.recordView('a', { isMemberOnly: false })).toEqual({ today: 1, thisWeek: 1, thisMonth: 3, nonMemberOnlyThisMonth: 3 });
  });

  it('starts a new month on the 1st, even mid-week', () => {
    const clock = fakeClock(new Date(2025, 3, 30, 12)); // Wednesday 30 April
    const counters = createReadingCounters(memoryStore(), clock.now);
    counters.recordView('a', { isMemberOnly: false });
    counters.recordView('b', { isMemberOnly: true });
    clock.set(new Date(2025, 4, 1, 9)); // Thursday 1 May
    expect(counters.recordView('c', { isMemberOnly: false })).toEqual({ today: 1, thisWeek: 3, thisMonth: 1, nonMemberOnlyThisMonth: 1 });
  });

  it('keys weeks by their Sunday', () => {
    expect(weekKey(new Date(2025, 2, 16, 0, 0))).toBe('2025-03-16');
    expect(weekKey(new Date(2025, 2, 22, 23, 59))).toBe('2025-03-16');
    expect(weekKey(new Date(2025, 0, 1, 12))).toBe('2024-12-29');
  });

  it('persists in local storage between page loads', () => {
    const storage = fakeStorage();
    const clock = fakeClock(wednesday);
    createReadingCounters(createJsonStore(() => storage), clock.now).recordView('a', { isMemberOnly: false });
    expect(JSON.parse(storage.data.get(READING_COUNTERS_KEY)!)).toMatchObject({ day: '2025-03-12', week: '2025-03-09', month: '2025-03', today: ['a'] });
    expect(createReadingCounters(createJsonStore(() => storage), clock.now).read().thisMonth).toBe(1);
  });

  it('counts in memory when local storage is unavailable (spec §8)', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    const clock = fakeClock(wednesday);
    const counters = createReadingCounters(createJsonStore(() => broken), clock.now);
    counters.recordView('a', { isMemberOnly: false });
    expect(counters.recordView('b', { isMemberOnly: false })).toMatchObject({ today: 2, thisMonth: 2 });
    // Storage that throws on access at all.
    const none = createReadingCounters(
      createJsonStore(() => {
        throw new Error('localStorage is not available');
      }),
      clock.now,
    );
    expect(none.recordView('a', { isMemberOnly: true })).toEqual({ today: 1, thisWeek: 1, thisMonth: 1, nonMemberOnlyThisMonth: 0 });
  });

  it('warns about unparsable or malformed stored counters and starts afresh (spec §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = fakeStorage();
    storage.data.set(READING_COUNTERS_KEY, '{"day":"2025-03-12", broken');
    const clock = fakeClock(wednesday);
    const counters = createReadingCounters(createJsonStore(() => storage), clock.now);
    expect(counters.recordView('a', { isMemberOnly: false })).toMatchObject({ today: 1, thisMonth: 1 });
    expect(warn).toHaveBeenCalled();
    // Valid JSON of the wrong shape is dropped field by field.
    storage.data.set(READING_COUNTERS_KEY, JSON.stringify({ day: '2025-03-12', today: 'a', thisMonth: [1, 'x'], month: '2025-03' }));
    expect(counters.read()).toEqual({ today: 0, thisWeek: 0, thisMonth: 1, nonMemberOnlyThisMonth: 0 });
  });

  it('words the note: a generic prompt under 3 stories, the count from 3 (spec §5)', () => {
    expect(readCountNote(0)).toBeNull();
    expect(readCountNote(2)).toBeNull();
    expect(readCountNote(3)).toBe("You've read 3 stories this month");
    expect(readCountNote(12)).toBe("You've read 12 stories this month");
  });
});
