import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newVisitorId } from '../platform/ids.js';
import type { Viewer } from './graphql/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; null until the accounts module resolves a session. */
    viewer: Viewer | null;
    visitorId: string;
    country: string | null;
  }
}

/** Cookie holding the logged-out reader's id (spec §3: lo_ prefix). */
export const VISITOR_COOKIE = 'uid';
const VISITOR_ID = /^lo_[0-9a-f]{16}$/;
const ONE_YEAR_S = 365 * 24 * 3600;

/** Who is asking: the viewer (sessions, later), the visitor id and the edge's country. */
export function registerRequestIdentity(app: FastifyInstance, opts: { trustProxy: boolean }) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('visitorId', '');
  app.decorateRequest('country', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
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
