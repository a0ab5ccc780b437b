import { describe, expect, it } from 'vitest';
import { createIpLockouts, IP_LOCKOUT_ACCOUNTS, ipLockoutMessage } from './ip-lockout.js';

describe('ip lockouts', () => {
  it('locks a network for a day after failures against 10 different accounts within a day', () => {
    const l = createIpLockouts();
    for (let i = 0; i < IP_LOCKOUT_ACCOUNTS - 1; i++) l.recordFailure('1.2.3.4', `user${i}`, 1000);
    l.recordFailure('1.2.3.4', 'user0', 1000); // the same account again does not count twice
    expect(l.check('1.2.3.4', 1000)).toBeNull();
    l.recordFailure('1.2.3.4', 'user-last', 2000);
    expect(l.check('1.2.3.4', 2000)).toBe(1);
    expect(l.check('5.6.7.8', 2000)).toBeNull();
    expect(l.check('1.2.3.4', 2000 + 24 * 3600_000)).toBeNull();
    expect(ipLockoutMessage(1)).toBe('For security reasons, you cannot sign in from this network for 1 days.');
  });

  it('forgets failures older than a day', () => {
    const l = createIpLockouts();
    for (let i = 0; i < IP_LOCKOUT_ACCOUNTS - 1; i++) l.recordFailure('9.9.9.9', `user${i}`, 0);
    l.recordFailure('9.9.9.9', 'late', 25 * 3600_000);
    expect(l.check('9.9.9.9', 25 * 3600_000)).toBeNull();
  });
});
