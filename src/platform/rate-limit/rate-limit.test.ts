import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './index.js';

describe('memory rate limiter', () => {
  const rule = { name: 't', limit: 3, windowMs: 60_000 };

  it('allows `limit` hits per window and says when to retry', async () => {
    const rl = createMemoryRateLimiter();
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await rl.hit(rule, 'a', 1_000));
    expect(verdicts.slice(0, 3).every((v) => v.allowed)).toBe(true);
    expect(verdicts[3]).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await rl.hit(rule, 'a', 45_500)).toEqual({ allowed: false, retryAfterSeconds: 16 });
    expect(await rl.hit(rule, 'a', 61_000)).toEqual({ allowed: true });
  });

  it('counts keys and rules apart, and forgets the oldest key when full', async () => {
    const rl = createMemoryRateLimiter(2);
    for (let i = 0; i < 3; i++) await rl.hit(rule, 'a', 0);
    expect((await rl.hit(rule, 'b', 0)).allowed).toBe(true);
    expect((await rl.hit({ ...rule, name: 'other' }, 'a', 0)).allowed).toBe(true);
    // 'a' of rule t was the oldest of two keys and was dropped for the third.
    expect((await rl.hit(rule, 'a', 0)).allowed).toBe(true);
  });
});
