import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** What a /_/ endpoint answers (403) when the X-XSRF-Token header is missing or wrong. */
export const BAD_XSRF_MESSAGE = 'This request could not be verified (missing or wrong X-XSRF-Token); reload the page and try again.';

/**
 * True when the request's X-XSRF-Token header is the session's xsrf token. A browser sends the
 * session cookie with any site's request, so the cookie alone proves nothing; the token, which only
 * our own pages know, must come in a header (another site cannot add one without a preflight).
 * False without a session. Compared in constant time.
 */
export function xsrfHeaderMatches(request: FastifyRequest): boolean {
  const header = request.headers['x-xsrf-token'];
  const given = Buffer.from(typeof header === 'string' ? header : '');
  const expected = Buffer.from(request.session?.xsrf ?? '');
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}
