import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createIpLockouts, IP_LOCKOUT_ACCOUNTS, ipLockoutMessage, type IpLockouts } from './ip-lockout.js';
import { createRedisIpLockouts } from './ip-lockout-redis.js';

// The machine's Redis (CI starts one); REDIS_URL points elsewhere.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
afterAll(() => redis.quit());
const redisPrefix = () => `test:ipl:${Math.random().toString(36).slice(2)}:`;

const stores: [string, () => IpLockouts][] = [
  ['in-process', () => createIpLockouts()],
  ['Redis', () => createRedisIpLockouts(redis, redisPrefix())],
];

describe.each(stores)('ip lockouts (%s)', (_name, create) => {
  it('locks a network for a day after failures against 10 different accounts within a day', async () => {
    const l = create();
    for (let i = 0; i < IP_LOCKOUT_ACCOUNTS - 1; i++) await l.recordFailure('1.2.3.4', `user${i}`, 1000);
    await l.recordFailure('1.2.3.4', 'user0', 1000); // the same account again does not count twice
    expect(await l.check('1.2.3.4', 1000)).toBeNull();
    await l.recordFailure('1.2.3.4', 'user-last', 2000);
    expect(await l.check('1.2.3.4', 2000)).toBe(1);
    expect(await l.check('5.6.7.8', 2000)).toBeNull();
    expect(await l.check('1.2.3.4', 2000 + 24 * 3600_000)).toBeNull();
    expect(ipLockoutMessage(1)).toBe('For security reasons, you cannot sign in from this network for 1 days.');
  });

  it('forgets failures older than a day', async () => {
    const l = create();
    for (let i = 0; i < IP_LOCKOUT_ACCOUNTS - 1; i++) await l.recordFailure('9.9.9.9', `user${i}`, 0);
    await l.recordFailure('9.9.9.9', 'late', 25 * 3600_000);
    expect(await l.check('9.9.9.9', 25 * 3600_000)).toBeNull();
  });
});

describe('ip lockouts in Redis', () => {
  it('are shared by every process of the site', async () => {
    const prefix = redisPrefix();
    const one = createRedisIpLockouts(redis, prefix);
    const two = createRedisIpLockouts(redis, prefix);
    const now = Date.now();
    await Promise.all(Array.from({ length: IP_LOCKOUT_ACCOUNTS }, (_, i) => (i % 2 ? one : two).recordFailure('7.7.7.7', `user${i}`, now)));
    expect(await one.check('7.7.7.7', now)).toBe(1);
    expect(await two.check('7.7.7.7', now)).toBe(1);
  });
});
