import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { hitAll, type RateLimitRule, type RateLimitVerdict } from '../../platform/rate-limit/index.js';

/**
 * Limits on every sign-in call, per network address and, where there is one, per email
 * address. They are checked in each resolver call, so aliases and batches in one
 * request count as many calls as they contain.
 */
export const AUTH_RATE_LIMITS = {
  emailPerIp: { name: 'auth-email:ip', limit: 30, windowMs: 3600_000 },
  emailPerAddress: { name: 'auth-email:address', limit: 6, windowMs: 3600_000 },
  codePerIp: { name: 'auth-code:ip', limit: 60, windowMs: 600_000 },
  passwordPerIp: { name: 'auth-password:ip', limit: 60, windowMs: 600_000 },
  twoFactorPerIp: { name: 'auth-2fa:ip', limit: 60, windowMs: 600_000 },
  callbackPerIp: { name: 'auth-callback:ip', limit: 60, windowMs: 600_000 },
  availabilityPerIp: { name: 'auth-availability:ip', limit: 30, windowMs: 3600_000 },
} satisfies Record<string, RateLimitRule>;

/** A rule with its limit multiplied by AUTH_RATE_LIMIT_FACTOR. */
export const scaled = (rule: RateLimitRule, factor: number): RateLimitRule => (factor === 1 ? rule : { ...rule, limit: Math.max(1, Math.round(rule.limit * factor)) });

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please try again later.';

/** Counts one call against each rule (all of them, so no counter is skipped); the first refusal wins. */
export function limitAuthCall(ctx: MercuriusContext, checks: [RateLimitRule, string | null | undefined][]): Promise<RateLimitVerdict> {
  const app = ctx.app as unknown as FastifyInstance;
  return hitAll(app.rateLimiter, checks.map(([rule, key]) => [scaled(rule, ctx.config.AUTH_RATE_LIMIT_FACTOR), key] as const));
}

export const requestIp = (ctx: MercuriusContext) => ctx.reply?.request.ip ?? null;

/** The network's IpAuthLockout, if any: days left. */
export async function ipLockoutDays(ctx: MercuriusContext): Promise<number | null> {
  const ip = requestIp(ctx);
  return ip ? (ctx.app as unknown as FastifyInstance).ipLockouts.check(ip) : null;
}

/** Counts a failed sign-in from this network against `account`. */
export async function recordSignInFailure(ctx: MercuriusContext, account: string): Promise<void> {
  const ip = requestIp(ctx);
  if (ip) await (ctx.app as unknown as FastifyInstance).ipLockouts.recordFailure(ip, account);
}
