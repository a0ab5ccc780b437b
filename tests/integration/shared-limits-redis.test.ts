import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/modules/accounts/auth-limits.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

// Two web processes of one site, sharing the machine's Redis (CI starts one).
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const one = await createTestApp({ REDIS_URL });
const two = await createTestApp({ REDIS_URL });
// Addresses of this run only: the counters outlive the test in Redis.
const address = () => `2001:db8:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
const used: string[] = [];
afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = (await Promise.all(used.map((ip) => redis.keys(`inkwell:*${ip}*`)))).flat();
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const post = (t: TestApp, query: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/_/graphql', remoteAddress, headers: { host: TEST_HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });

describe('sign-in limits with REDIS_URL', () => {
  it('count the attempts a network makes on every process together', async () => {
    const ip = address();
    used.push(ip);
    const limit = AUTH_RATE_LIMITS.codePerIp.limit;
    const kinds: string[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await post(i % 2 ? one : two, 'mutation { verifyLoginCode(loginCode: "123456") { __typename } }', ip);
      kinds.push((res.json() as { data: { verifyLoginCode: { __typename: string } } }).data.verifyLoginCode.__typename);
    }
    expect(kinds.slice(0, limit).every((k) => k === 'NotFound')).toBe(true);
    expect(kinds[limit]).toBe('RateLimited');
  });

  it('bar a network on every process once it failed against 10 accounts on any of them', async () => {
    const ip = address();
    used.push(ip);
    const login = (t: TestApp, email: string) =>
      post(t, `mutation { loginWithPassword(email: "${email}", password: "some wrong password") { __typename ... on IpAuthLockout { days } } }`, ip);
    for (let i = 0; i < 10; i++) await login(i % 2 ? one : two, `victim${i}@example.com`);
    for (const t of [one, two]) {
      const barred = (await login(t, 'victim0@example.com')).json() as { data: { loginWithPassword: unknown } };
      expect(barred.data.loginWithPassword).toEqual({ __typename: 'IpAuthLockout', days: 1 });
    }
  });
});
