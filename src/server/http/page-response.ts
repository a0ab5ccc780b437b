/**
 * How a server-rendered page goes out: its Content-Security-Policy with the render's nonce,
 * caching headers by who may share it, validators and 304s for public pages, and the
 * encoding the reader asks for (a kept page's made once, any other compressed by the hook).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheStatus } from '../page-cache.js';
import { cachePublicly, PRIVATE_NO_CACHE, SURROGATE_KEYS, type SharedCacheTimes } from '../../platform/http/cache-control.js';
import { answeredNotModified, etagOf } from '../../platform/http/conditional-get.js';
import { sendEncoded, type Encoded } from './compression.js';
import { applyPagePolicy, type SecurityHeaderOptions } from './security-headers.js';

export interface PageResponseOptions {
  security: SecurityHeaderOptions;
  sharedCache: SharedCacheTimes;
}

export interface PageToSend {
  status: number;
  body: Buffer;
  nonce: string;
  embeddable: boolean;
  /** The same for every signed-out reader (a public page's 200): shared caches may keep it. */
  shared: boolean;
  /** What the page cache keeps beside it: encodings, ETag and when it was rendered. */
  kept?: { encoded: Encoded; etag: string; renderedAt: Date };
}

/**
 * A page's ETag leaves its nonce out, so a new render of the same page still answers 304;
 * the 304 then carries no Content-Security-Policy, and the reader's copy keeps the policy
 * it came with, which names that copy's nonce (security-headers.ts sends none on a 304).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageToSend, cache: CacheStatus, opts: PageResponseOptions): FastifyReply {
  reply.code(page.status).type('text/html; charset=utf-8').header('x-cache', cache);
  reply.embeddable = page.embeddable;
  if (!page.shared) {
    applyPagePolicy(reply, page.nonce, page.embeddable, opts.security);
    return reply.header('cache-control', PRIVATE_NO_CACHE).send(page.body);
  }
  cachePublicly(reply, opts.sharedCache, SURROGATE_KEYS.pages);
  const validators = page.kept ? { etag: page.kept.etag, lastModified: page.kept.renderedAt } : { etag: etagOf(page.body, page.nonce) };
  if (answeredNotModified(request, reply, validators)) return reply;
  applyPagePolicy(reply, page.nonce, page.embeddable, opts.security);
  return page.kept ? sendEncoded(request, reply, page.body, page.kept.encoded) : reply.send(page.body);
}
