import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET (RFC 9110 §13) for generated documents (feeds, sitemaps): the validators
 * are a weak ETag of the body and Last-Modified from the data's newest time, and a request
 * holding a current validator is answered 304 with no body. If-None-Match, when sent, decides
 * alone; If-Modified-Since is read only without it (§13.2.2).
 */
export function sendConditional(request: FastifyRequest, reply: FastifyReply, body: string, lastModified: Date | null): FastifyReply {
  // Weak: the same document compressed or not is the same representation to a cache.
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag);
  // HTTP dates have whole seconds: the header is what a client will send back.
  const modified = lastModified ? new Date(Math.floor(lastModified.getTime() / 1000) * 1000) : null;
  if (modified) reply.header('last-modified', modified.toUTCString());
  if (isNotModified(request.headers['if-none-match'], request.headers['if-modified-since'], etag, modified)) return reply.code(304).send();
  return reply.send(body);
}

/** Whether the request's validators match the current ones (exported for its table test). */
export function isNotModified(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string, modified: Date | null): boolean {
  if (ifNoneMatch !== undefined) {
    // Weak comparison: W/"x" and "x" match (§8.8.3.2).
    const opaque = etag.replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t.replace(/^W\//, '') === opaque;
    });
  }
  if (ifModifiedSince === undefined || !modified) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && modified.getTime() <= since;
}
