import { describe, expect, it } from 'vitest';
import { checkLockout, EMPTY_LOCKOUT, LOCKOUT_MESSAGES, registerFailure, registerSuccess, type LockoutState } from './lockout.js';

const t0 = new Date('2026-11-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function fail(state: LockoutState, times: number, now: Date) {
  let s = state;
  const outcomes = [];
  for (let i = 0; i < times; i++) {
    const r = registerFailure(s, now);
    s = r.state;
    outcomes.push(r.outcome);
  }
  return { state: s, outcomes };
}

describe('lockout', () => {
  it('counts down 5, 4, 3, 2, 1 attempts, then locks for 1 minute on the 6th failure', () => {
    const { state, outcomes } = fail(EMPTY_LOCKOUT, 6, t0);
    expect(outcomes.slice(0, 5)).toEqual([5, 4, 3, 2, 1].map((n) => ({ kind: 'invalid', attemptsLeft: n })));
    expect(outcomes[5]).toEqual({ kind: 'soft', minutes: 1 });
    expect(checkLockout(state, at(59_999))).toEqual({ kind: 'soft', minutes: 1 });
    expect(checkLockout(state, at(60_000))).toEqual({ kind: 'open' });
  });

  it('rounds the minutes up', () => {
    const state: LockoutState = { ...EMPTY_LOCKOUT, lockedUntil: at(125_000) };
    expect(checkLockout(state, t0)).toEqual({ kind: 'soft', minutes: 3 });
    expect(checkLockout(state, at(65_000))).toEqual({ kind: 'soft', minutes: 1 });
  });

  it('locks permanently at the 3rd soft lockout within 24 hours, not across days', () => {
    let s = fail(EMPTY_LOCKOUT, 6, t0).state;
    s = fail(s, 6, at(2 * 60_000)).state;
    const third = fail(s, 6, at(4 * 60_000));
    expect(third.outcomes[5]).toEqual({ kind: 'permanent' });
    expect(checkLockout(third.state, at(10 * 24 * 3600_000))).toEqual({ kind: 'permanent' });

    let spread = fail(EMPTY_LOCKOUT, 6, t0).state;
    spread = fail(spread, 6, at(2 * 60_000)).state;
    const nextDay = fail(spread, 6, at(25 * 3600_000));
    expect(nextDay.outcomes[5]).toEqual({ kind: 'soft', minutes: 1 });
  });

  it('a success clears the count', () => {
    const s = registerSuccess(fail(EMPTY_LOCKOUT, 5, t0).state);
    expect(registerFailure(s, t0).outcome).toEqual({ kind: 'invalid', attemptsLeft: 5 });
  });

  it('words the spec messages', () => {
    expect(LOCKOUT_MESSAGES.invalidPassword(5)).toBe('That password was incorrect. You have 5 more attempts before your account is locked for 1 minute.');
    expect(LOCKOUT_MESSAGES.passwordSoftLockout(1)).toBe('Due to too many password attempts, your account is locked for 1 minutes.');
    expect(LOCKOUT_MESSAGES.twoFactorSoftLockout(2)).toBe('You reached your maximum number of attempts. Your account will be locked for 2 minutes.');
  });
});
