import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../server/config.js';
import { powSolves } from '../../shared/pow.js';
import { createMemoryRateLimiter, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit/index.js';

/**
 * The sign-up check (spec §4 captcha) behind one interface:
 * - pow (default): a self-hosted proof of work; no third party sees the reader. The
 *   challenge is signed (HMAC) and expires, so the server keeps nothing but the
 *   challenges already spent, counted as rate limits are (one use each), so every process
 *   of a site knows them (a cluster's primary, or Redis).
 * - recaptcha: Google's check, verified with its siteverify API.
 * - none: off (tests, closed communities).
 */
export interface CaptchaChallenge {
  provider: 'pow' | 'recaptcha' | 'none';
  challenge: string | null;
  difficulty: number | null;
  siteKey: string | null;
}

export interface Captcha {
  challenge(now?: number): CaptchaChallenge;
  /** `value` is `${challenge}:${nonce}` for pow, the widget's token for reCAPTCHA. */
  verify(value: string | null | undefined, ip: string | null, now?: number): Promise<boolean>;
}

export const CAPTCHA_FAILED_MESSAGE = { pow: 'The sign-up check did not pass. Please try again.', recaptcha: 'reCAPTCHA verification failed.' } as const;

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** A solved challenge pays for one sign-up: its first use is allowed, any other refused until it has expired. */
const SPENT_CHALLENGE: RateLimitRule = { name: 'captcha-spent', limit: 1, windowMs: CHALLENGE_TTL_MS };

export function createCaptcha(config: Config, rateLimiter: RateLimiter = createMemoryRateLimiter()): Captcha {
  if (config.CAPTCHA_PROVIDER === 'none') {
    return { challenge: () => ({ provider: 'none', challenge: null, difficulty: null, siteKey: null }), verify: async () => true };
  }
  if (config.CAPTCHA_PROVIDER === 'recaptcha') return recaptcha(config.RECAPTCHA_SITE_KEY!, config.RECAPTCHA_SECRET_KEY!);
  return proofOfWork(config.SECRET_KEY ?? randomBytes(32).toString('hex'), config.CAPTCHA_POW_DIFFICULTY, rateLimiter);
}

function proofOfWork(secret: string, difficulty: number, rateLimiter: RateLimiter): Captcha {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  return {
    challenge(now = Date.now()) {
      const body = `${now + CHALLENGE_TTL_MS}.${difficulty}.${randomBytes(12).toString('base64url')}`;
      return { provider: 'pow', challenge: `${body}.${sign(body)}`, difficulty, siteKey: null };
    },
    async verify(value, _ip, now = Date.now()) {
      if (!value) return false;
      const cut = value.lastIndexOf(':');
      const challenge = value.slice(0, cut);
      const nonce = value.slice(cut + 1);
      const [expires, bits, random, mac] = challenge.split('.');
      if (cut < 0 || !expires || !bits || !random || !mac || !/^\d{1,12}$/.test(nonce)) return false;
      const expected = Buffer.from(sign(`${expires}.${bits}.${random}`));
      if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return false;
      if (Number(expires) < now || Number(bits) < difficulty) return false;
      if (!powSolves(challenge, nonce, Number(bits))) return false;
      // Spent only once solved: a wrong nonce does not use a reader's challenge up.
      return (await rateLimiter.hit(SPENT_CHALLENGE, challenge, now)).allowed;
    },
  };
}

function recaptcha(siteKey: string, secret: string): Captcha {
  return {
    challenge: () => ({ provider: 'recaptcha', challenge: null, difficulty: null, siteKey }),
    async verify(token, ip) {
      if (!token) return false;
      const body = new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) });
      try {
        const res = await fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        return res.ok && ((await res.json()) as { success?: boolean }).success === true;
      } catch {
        return false;
      }
    },
  };
}
