/**
 * IpAuthLockout (spec §8): a network that fails sign-in against many different accounts
 * is guessing, not forgetting: after wrong passwords or codes for IP_LOCKOUT_ACCOUNTS
 * distinct accounts within a day, that address cannot sign in with a password or code
 * for IP_LOCKOUT_DAYS. Magic links still work (they need the mailbox). In-process, like
 * the rate limits; in Redis (ip-lockout-redis.ts) when REDIS_URL is set, so every process
 * of a site sees the same lockouts.
 */
export const IP_LOCKOUT_ACCOUNTS = 10;
export const IP_LOCKOUT_DAYS = 1;
export const DAY_MS = 24 * 3600 * 1000;

export const ipLockoutMessage = (days: number) => `For security reasons, you cannot sign in from this network for ${days} days.`;

export interface IpLockouts {
  /** Days left of a lockout on this address (rounded up), or null. */
  check(ip: string, now?: number): Promise<number | null>;
  /** A failed sign-in from `ip` against `account` (an address or user id). */
  recordFailure(ip: string, account: string, now?: number): Promise<void>;
}

export function createIpLockouts(maxAddresses = 50_000): IpLockouts {
  const byIp = new Map<string, { failures: Map<string, number>; lockedUntil: number }>();
  return {
    async check(ip, now = Date.now()) {
      const entry = byIp.get(ip);
      if (!entry || entry.lockedUntil <= now) return null;
      return Math.ceil((entry.lockedUntil - now) / DAY_MS);
    },
    async recordFailure(ip, account, now = Date.now()) {
      let entry = byIp.get(ip);
      if (!entry) {
        if (byIp.size >= maxAddresses) byIp.delete(byIp.keys().next().value!);
        byIp.set(ip, (entry = { failures: new Map(), lockedUntil: 0 }));
      }
      for (const [key, at] of entry.failures) if (now - at > DAY_MS) entry.failures.delete(key);
      entry.failures.set(account, now);
      if (entry.failures.size >= IP_LOCKOUT_ACCOUNTS) {
        entry.lockedUntil = now + IP_LOCKOUT_DAYS * DAY_MS;
        entry.failures.clear();
      }
    },
  };
}
