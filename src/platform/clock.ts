/**
 * The time as the product sees it. Code that decides by the date (the trash purge, retention
 * windows) takes a Clock instead of calling Date.now(), so tests can move time forward
 * instead of waiting it out.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  /** Moves the time forward (or back, with a negative amount). */
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that stands still until told to move (tests). */
export function manualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
