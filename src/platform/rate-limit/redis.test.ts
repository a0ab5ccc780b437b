import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './redis.js';

// The machine's Redis (CI starts one); REDIS_URL points elsewhere.
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
afterAll(() => redis.quit());
const prefix = `test:rl:${Math.random().toString(36).slice(2)}:`;

describe('Redis rate limiter', () => {
  it('allows `limit` hits per window across limiter instances, then says when to retry', async () => {
    const a = createRedisRateLimiter(redis, prefix);
    const b = createRedisRateLimiter(redis, prefix); // a second process
    const rule = { name: 'shared', limit: 3, windowMs: 60_000 };
    const verdicts = [await a.hit(rule, 'ip1'), await b.hit(rule, 'ip1'), await a.hit(rule, 'ip1'), await b.hit(rule, 'ip1')];
    expect(verdicts.slice(0, 3).every((v) => v.allowed)).toBe(true);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await a.hit(rule, 'ip2')).allowed).toBe(true); // another key has its own window
  });

  it('starts a new window once the old one expires', async () => {
    const limiter = createRedisRateLimiter(redis, prefix);
    const rule = { name: 'short', limit: 1, windowMs: 150 };
    expect((await limiter.hit(rule, 'k')).allowed).toBe(true);
    expect((await limiter.hit(rule, 'k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect((await limiter.hit(rule, 'k')).allowed).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRedisRateLimiter(redis, prefix);
    const rule = { name: 'burst', limit: 10, windowMs: 60_000 };
    const verdicts = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(rule, 'k')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
  });
});
