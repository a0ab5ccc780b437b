/**
 * Conditional GET (RFC 9110 §13): public pages and feeds carry an ETag (and, when known, a
 * Last-Modified), and a request that names what it has gets 304 Not Modified without a
 * body. Anything that serves the same bytes to everyone can use it: the pages
 * (server/http/page-response.ts), feeds and sitemaps (modules/feeds): sendWithValidators.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Validators {
  /** A weak entity tag (W/"…"): the same for every encoding of the same bytes. */
  etag: string;
  /** When the content last changed, as far as the server knows; to the second. */
  lastModified?: Date;
}

/**
 * A weak ETag of the body's bytes (compression changes the bytes, not the content). `except`:
 * a part that changes on every render without changing the content (a page's CSP nonce),
 * left out, so two renders of the same page have the same tag.
 */
export function etagOf(body: Buffer | string, except?: string): string {
  const hash = createHash('sha256');
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  let from = 0;
  if (except) {
    for (let at = bytes.indexOf(except, 0, 'latin1'); at !== -1; at = bytes.indexOf(except, from, 'latin1')) {
      hash.update(bytes.subarray(from, at));
      from = at + except.length;
    }
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** The opaque part of an entity tag, for weak comparison. */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * True when the request's validators match: If-None-Match by weak comparison (`*` matches
 * anything), else If-Modified-Since against Last-Modified (ignored when If-None-Match is sent).
 */
export function isNotModified(headers: FastifyRequest['headers'], validators: Validators): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') {
    const ours = opaque(validators.etag);
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (typeof ifModifiedSince === 'string' && validators.lastModified) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && Math.floor(validators.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * Puts the validators on the reply and, when the request already has this version, answers
 * 304 and returns true: the caller sends nothing more. Only for GET and HEAD of a 200.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, validators: Validators): boolean {
  reply.header('etag', validators.etag);
  if (validators.lastModified) reply.header('last-modified', validators.lastModified.toUTCString());
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isNotModified(request.headers, validators)) return false;
  reply.code(304).send();
  return true;
}

/**
 * Sends `body` with its ETag (and `lastModified`), or 304 when the request already has it.
 * Set the content type and Cache-Control first (cachePublicly); the compression hook
 * encodes the body when the reader asks.
 */
export function sendWithValidators(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, lastModified?: Date): FastifyReply {
  if (answeredNotModified(request, reply, { etag: etagOf(body), lastModified })) return reply;
  return reply.send(body);
}
