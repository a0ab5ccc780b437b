import type { Redis } from 'ioredis';
import { DAY_MS, IP_LOCKOUT_ACCOUNTS, IP_LOCKOUT_DAYS, type IpLockouts } from './ip-lockout.js';

/**
 * The accounts a network failed against within a day (a sorted set scored by time) and
 * its lockout (a key holding the time it ends, expiring then). One script per failure,
 * so two processes recording failures at once cannot both miss the threshold.
 */
const RECORD_SCRIPT = `
local now = tonumber(ARGV[1])
local day = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - day))
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], day)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[5]), 'PX', tonumber(ARGV[5]))
  redis.call('DEL', KEYS[1])
end
return 1`;

export function createRedisIpLockouts(redis: Redis, prefix = 'inkwell:ipl:'): IpLockouts {
  const lockMs = IP_LOCKOUT_DAYS * DAY_MS;
  return {
    async check(ip, now = Date.now()) {
      const until = Number(await redis.get(`${prefix}lock:${ip}`));
      return until > now ? Math.ceil((until - now) / DAY_MS) : null;
    },
    async recordFailure(ip, account, now = Date.now()) {
      await redis.eval(RECORD_SCRIPT, 2, `${prefix}fail:${ip}`, `${prefix}lock:${ip}`, String(now), account, String(DAY_MS), String(IP_LOCKOUT_ACCOUNTS), String(lockMs));
    },
  };
}
