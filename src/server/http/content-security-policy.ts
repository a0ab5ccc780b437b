import { randomBytes } from 'node:crypto';
import { IFRAME_HOST_ALLOW_LIST } from '../../shared/embeds.js';

/**
 * The Content-Security-Policy of the site's HTML. Scripts run only from this origin or with
 * the render's nonce (the inline state script, Vite's refresh preamble in development); no
 * 'unsafe-inline' for scripts, so markup a reader wrote can never run. Styles allow inline
 * because React renders `style` attributes and the editor sets its own.
 */
export interface PolicyOptions {
  /** The render's nonce; null for HTML that has no inline script (error pages, the dev mailbox). */
  nonce: string | null;
  /** True only for pages that opted in (PageDef.embeddable) and readers who are signed out. */
  embeddable: boolean;
  /** NODE_ENV=development: Vite's HMR socket is on a port of its own. */
  development: boolean;
  /** CAPTCHA_PROVIDER=recaptcha: Google's script and frame on sign-up. */
  recaptcha: boolean;
  /** PAYMENT_PROVIDER=stripe: Stripe.js, its card frames, 3-D Secure frames and API calls. */
  stripe?: boolean;
}

/** 128 random bits, base64: a fresh one per render (docs/adr/0015). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
/** Stripe's own list for Stripe.js (its security guide): the script, its frames and 3-D Secure's, its API. */
const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com', 'https://js.stripe.com'];
/** The story page's embeds (shared/embeds.ts), https only. */
const EMBED_FRAMES = IFRAME_HOST_ALLOW_LIST.map((host) => `https://${host}`);

export function contentSecurityPolicy(opts: PolicyOptions): string {
  const scripts = ["'self'", ...(opts.nonce ? [`'nonce-${opts.nonce}'`] : []), ...(opts.recaptcha ? RECAPTCHA_SCRIPTS : []), ...(opts.stripe ? STRIPE_SCRIPTS : [])];
  const frames = [...EMBED_FRAMES, ...(opts.recaptcha ? RECAPTCHA_FRAMES : []), ...(opts.stripe ? STRIPE_FRAMES : [])];
  const connect = ["'self'", ...(opts.development ? ['ws:', 'wss:'] : []), ...(opts.recaptcha ? ['https://www.google.com/recaptcha/'] : []), ...(opts.stripe ? STRIPE_CONNECT : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    // /media is this origin; data: and blob: are the editor's previews of an image being uploaded.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${opts.embeddable ? '*' : "'none'"}`,
  ].join('; ');
}
