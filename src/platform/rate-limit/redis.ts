import type { Redis } from 'ioredis';
import type { RateLimiter } from './index.js';

/**
 * The same fixed window as the in-process counter, shared by every process through
 * Redis: the window starts at its first hit and lasts `windowMs`. One script call per
 * hit, so the increment and the expiry cannot be separated by a crash or a race.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export function createRedisRateLimiter(redis: Redis, prefix = 'inkwell:rl:'): RateLimiter {
  return {
    // `now` is the in-process counter's (tests move it); Redis keeps time itself.
    async hit(rule, key) {
      const [count, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${rule.name}:${key}`, String(rule.windowMs))) as [number, number];
      if (count <= rule.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
  };
}
