import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { createMemoryRateLimiter, type RateLimiter } from '../platform/rate-limit/index.js';
import { createRedisRateLimiter } from '../platform/rate-limit/redis.js';
import { createIpLockouts, type IpLockouts } from '../modules/accounts/ip-lockout.js';
import { createRedisIpLockouts } from '../modules/accounts/ip-lockout-redis.js';
import { clusterLimits } from './cluster/limits.js';

/**
 * Rate limits and IP lockouts: in this process by default; in Redis when REDIS_URL is
 * set, so that several web processes of one site count the same attempts; in the primary
 * of this machine's cluster (WEB_PROCESSES > 1) for its workers without Redis.
 */
export async function createSharedLimits(redisUrl: string | undefined): Promise<{ rateLimiter: RateLimiter; ipLockouts: IpLockouts; close(): Promise<void> }> {
  if (!redisUrl && cluster.isWorker) return clusterLimits();
  if (!redisUrl) return { rateLimiter: createMemoryRateLimiter(), ipLockouts: createIpLockouts(), close: async () => {} };
  // Loaded only with Redis configured: the client is ~15 MB of a process's memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  return {
    rateLimiter: createRedisRateLimiter(redis),
    ipLockouts: createRedisIpLockouts(redis),
    close: async () => {
      await redis.quit().catch(() => {});
    },
  };
}

export function decorateSharedLimits(app: FastifyInstance, limits: Awaited<ReturnType<typeof createSharedLimits>>): void {
  app.decorate('rateLimiter', limits.rateLimiter);
  app.decorate('ipLockouts', limits.ipLockouts);
  app.addHook('onClose', limits.close);
}
