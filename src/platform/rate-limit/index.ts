/**
 * Fixed-window counters: at most `limit` hits per `windowMs` for a key. In-process by
 * default; the interface lets a shared store (Redis) stand in when several processes
 * serve one site.
 */
export interface RateLimitRule {
  /** Names the counter family, e.g. 'login-code:ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(rule: RateLimitRule, key: string, now?: number): Promise<RateLimitVerdict>;
}

/**
 * Counts one call against each rule with its key (all of them, so no counter is skipped;
 * a rule without a key is not counted) and returns the first refusal, if any.
 */
export async function hitAll(limiter: RateLimiter, checks: readonly (readonly [RateLimitRule, string | null | undefined])[]): Promise<RateLimitVerdict> {
  let verdict: RateLimitVerdict = { allowed: true };
  for (const [rule, key] of checks) {
    if (!key) continue;
    const v = await limiter.hit(rule, key);
    if (verdict.allowed && !v.allowed) verdict = v;
  }
  return verdict;
}

export function createMemoryRateLimiter(maxKeys = 100_000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(rule, key, now = Date.now()) {
      const id = `${rule.name}\u0000${key}`;
      let w = windows.get(id);
      if (!w || now - w.start >= rule.windowMs) {
        if (!w && windows.size >= maxKeys) {
          // Forget the oldest window rather than grow without bound under a flood of keys.
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        w = { start: now, count: 0 };
        windows.delete(id);
        windows.set(id, w);
      }
      w.count++;
      if (w.count <= rule.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + rule.windowMs - now) / 1000)) };
    },
  };
}
