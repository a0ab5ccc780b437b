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

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PageToSend, cache: CacheStatus, opts: PageResponseOptions): FastifyReply {
  reply.code(page.status).type('text/html; charset=utf-8').header('x-cache', cache);
  applyPagePolicy(reply, page.nonce, page.embeddable, opts.security);
  if (!page.shared) return reply.header('cache-control', PRIVATE_NO_CACHE).send(page.body);
  cachePublicly(reply, opts.sharedCache, SURROGATE_KEYS.pages);
  const validators = page.kept ? { etag: page.kept.etag, lastModified: page.kept.renderedAt } : { etag: etagOf(page.body) };
  if (answeredNotModified(request, reply, validators)) return reply;
  return page.kept ? sendEncoded(request, reply, page.body, page.kept.encoded) : reply.send(page.body);
}
