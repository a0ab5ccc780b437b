import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newVisitorId } from '../platform/ids.js';
import { sessionCookieName } from '../modules/accounts/auth-http.js';
import { viewerForSessionToken, type SessionViewer } from '../modules/accounts/viewer.js';
import type { Db } from '../platform/db/client.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from the session cookie; null when logged out. */
    viewer: SessionViewer | null;
    /** The session's anti-forgery token, when signed in. */
    session: { xsrf: string } | null;
    visitorId: string;
    country: string | null;
  }
}

/** Cookie holding the logged-out reader's id (spec §3: lo_ prefix). */
export const VISITOR_COOKIE = 'uid';
const VISITOR_ID = /^lo_[0-9a-f]{16}$/;
const ONE_YEAR_S = 365 * 24 * 3600;

/** Who is asking: the viewer (sessions, later), the visitor id and the edge's country. */
export function registerRequestIdentity(app: FastifyInstance, opts: { trustProxy: boolean; db: Db; protocol: string }) {
  const sessionCookie = sessionCookieName(opts.protocol);
  app.decorateRequest('viewer', null);
  app.decorateRequest('session', null);
  app.decorateRequest('visitorId', '');
  app.decorateRequest('country', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Static files need no identity (and no database round trip).
    if (request.url.startsWith('/static/')) return;
    const token = request.cookies[sessionCookie];
    if (token) {
      request.viewer = await viewerForSessionToken(opts.db, token);
      request.session = request.viewer ? { xsrf: request.viewer.xsrf } : null;
    }
    const fromCookie = request.cookies[VISITOR_COOKIE];
    if (fromCookie && VISITOR_ID.test(fromCookie)) {
      request.visitorId = fromCookie;
    } else {
      request.visitorId = newVisitorId();
      reply.setCookie(VISITOR_COOKIE, request.visitorId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: ONE_YEAR_S, secure: request.protocol === 'https' });
    }
    if (opts.trustProxy) {
      const header = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
      const country = Array.isArray(header) ? header[0] : header;
      request.country = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
    }
  });
}
