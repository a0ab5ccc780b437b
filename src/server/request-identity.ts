import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newVisitorId } from '../platform/ids.js';
import { sessionCookieName } from '../modules/accounts/auth-http.js';
import { viewerForSessionToken, type SessionViewer } from '../modules/accounts/viewer.js';
import type { SessionCache } from '../modules/accounts/session-cache.js';
import { TOKEN_MESSAGES, viewerForIntegrationToken } from '../modules/accounts/integration-tokens.js';
import type { Db } from '../platform/db/client.js';
import { GRAPHQL_PATH } from './graphql/plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from the session cookie (or, on the GraphQL endpoint, an integration token); null when logged out. */
    viewer: (SessionViewer & { viaToken?: boolean }) | null;
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
/** Other schemes (Basic from a proxy in front of a staging site) are not ours to judge. */
const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

/** The secret of `Authorization: Bearer …` on the GraphQL endpoint; null when there is none. */
function bearerSecret(request: FastifyRequest): string | null {
  if (request.routeOptions.url !== GRAPHQL_PATH) return null;
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match ? (match[1] ?? '') : null;
}

/** Who is asking: the viewer (session cookie or integration token), the visitor id and the edge's country. */
export function registerRequestIdentity(app: FastifyInstance, opts: { trustProxy: boolean; db: Db; protocol: string; sessionCache?: SessionCache | null }) {
  const sessionCookie = sessionCookieName(opts.protocol);
  app.decorateRequest('viewer', null);
  app.decorateRequest('session', null);
  app.decorateRequest('visitorId', '');
  app.decorateRequest('country', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Static files, images and feeds are the same for everyone: no identity (no database
    // round trip), and no visitor cookie that would stop shared caches from keeping them.
    if (request.url.startsWith('/static/') || request.url.startsWith('/media/') || request.url.startsWith('/feed/') || request.url.startsWith('/1/')) return;
    const secret = bearerSecret(request);
    if (secret !== null) {
      // A script's request: the token alone decides, never a cookie sent alongside it. A
      // browser cannot attach this header cross-site without a preflight, so it is no CSRF
      // risk; mutations still need a JSON body like any other (csrf.ts), which keeps one rule.
      request.viewer = await viewerForIntegrationToken(opts.db, secret);
      if (!request.viewer) return reply.code(401).header('www-authenticate', 'Bearer').send({ errors: [{ message: TOKEN_MESSAGES.invalidToken }] });
    }
    const token = secret === null ? request.cookies[sessionCookie] : undefined;
    if (token) {
      request.viewer = await viewerForSessionToken(opts.db, token, new Date(), opts.sessionCache ?? null);
      request.session = request.viewer ? { xsrf: request.viewer.xsrf } : null;
    }
    const fromCookie = request.cookies[VISITOR_COOKIE];
    if (fromCookie && VISITOR_ID.test(fromCookie)) {
      request.visitorId = fromCookie;
    } else {
      request.visitorId = newVisitorId();
      // Spec §3's lo_ id is given by a call no shared cache keeps (the first events POST to
      // /_/batch, a GraphQL request): a GET sets no cookie, so a CDN may keep public pages.
      // Until then the id lasts one request; nothing a GET renders depends on it.
      if (request.method === 'GET' || request.method === 'HEAD') return setCountry(request, opts.trustProxy);
      reply.setCookie(VISITOR_COOKIE, request.visitorId, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: ONE_YEAR_S, secure: request.protocol === 'https' });
    }
    setCountry(request, opts.trustProxy);
  });
}

/** The edge's country header, from a trusted proxy only. */
function setCountry(request: FastifyRequest, trustProxy: boolean): void {
  if (!trustProxy) return;
  const header = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
  const country = Array.isArray(header) ? header[0] : header;
  request.country = country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
}
