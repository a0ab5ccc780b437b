import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from './content-security-policy.js';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Other sites may show this answer in an iframe. Off by default (frame-ancestors 'none'
     * and X-Frame-Options DENY); a page opts in with PageDef.embeddable, and only for readers
     * who are signed out, so a signed-in page never renders inside another site.
     */
    embeddable: boolean;
  }
}

export interface SecurityHeaderOptions {
  /** PUBLIC_PROTOCOL: https sites send HSTS on every answer. */
  publicProtocol: 'http' | 'https';
  development: boolean;
  recaptcha: boolean;
  /** PAYMENT_PROVIDER=stripe: the pages may load Stripe.js (content-security-policy.ts). */
  stripe?: boolean;
}

/** A year, as browsers' preload lists expect; the site's own host only (user subdomains may be served apart). */
export const HSTS = 'max-age=31536000';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** JSON, feeds, images (an SVG too), scripts: nothing in them may load or run anything if opened as a document. */
export const NOT_A_DOCUMENT = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries. An answer whose handler set no Content-Security-Policy
 * (the pages set theirs with the render's nonce: applyPagePolicy) gets one: the pages'
 * without a nonce for the few small HTML answers (error pages, the dev mailbox: no inline
 * script), NOT_A_DOCUMENT for everything else.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions): void {
  app.decorateReply('embeddable', false);
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // A handler may be stricter (the dev mailbox's sign-in links: no-referrer).
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
    if (opts.publicProtocol === 'https' || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!reply.embeddable) reply.header('x-frame-options', 'DENY');
    // A 304 leaves the policy the reader's copy came with, which names that copy's nonce.
    if (!reply.hasHeader('content-security-policy') && reply.statusCode !== 304) {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      reply.header('content-security-policy', html ? contentSecurityPolicy({ nonce: null, embeddable: reply.embeddable, development: opts.development, recaptcha: opts.recaptcha, stripe: opts.stripe }) : NOT_A_DOCUMENT);
    }
    return payload;
  });
}

/** The page's policy: its render's nonce, and framing as the page and reader allow. */
export function applyPagePolicy(reply: FastifyReply, nonce: string, embeddable: boolean, opts: SecurityHeaderOptions): void {
  reply.embeddable = embeddable;
  reply.header('content-security-policy', contentSecurityPolicy({ nonce, embeddable, development: opts.development, recaptcha: opts.recaptcha, stripe: opts.stripe }));
}
