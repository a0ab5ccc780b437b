import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ATTEMPT_COOKIE } from './auth-graphql.js';
import { AUTH_RATE_LIMITS, RATE_LIMITED_MESSAGE, scaled } from './auth-limits.js';
import { completeEmailSignIn } from './email-auth.js';
import { reactivateAccount } from './account-lifecycle.js';
import { credentialSummary } from './credentials.js';
import { confirmEmail } from './email-change.js';
import { createTwoFactorChallenge } from './password.js';
import { createSession, endSession } from './sessions.js';
import { MESSAGES } from './validation.js';

/** Spec: __Host- prefixed over https (bound to this host, Secure, path /); a plain name on http://localhost. */
export function sessionCookieName(protocol: string): string {
  return protocol === 'https' ? '__Host-sid' : 'sid';
}

export function sessionCookieOptions(protocol: string) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: protocol === 'https', maxAge: 30 * 24 * 3600 };
}

/**
 * Signs the browser in as `userId`: a new session (the token rotates at every sign-in;
 * a session from before is ended) in an HttpOnly cookie.
 */
export async function openSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const protocol = app.config.PUBLIC_PROTOCOL;
  const cookie = sessionCookieName(protocol);
  await reactivateAccount(app.db, userId); // signing in brings a deactivated account back
  const session = await createSession(app.db, userId, { userAgent: request.headers['user-agent'], ip: request.ip });
  const previous = request.cookies[cookie];
  if (previous) await endSession(app.db, previous);
  reply.setCookie(cookie, session.token, sessionCookieOptions(protocol));
}

/**
 * The browser side of sign-in and sign-out: the magic link (or the token a correct
 * code earned) opens a session and goes where the reader was; sign-out needs the
 * session's xsrf token in the path, so no other site can sign a reader out.
 */
export function registerAuthRoutes(app: FastifyInstance) {
  const protocol = app.config.PUBLIC_PROTOCOL;
  const cookie = sessionCookieName(protocol);

  app.get('/m/callback/email', async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const limited = await app.rateLimiter.hit(scaled(AUTH_RATE_LIMITS.callbackPerIp, app.config.AUTH_RATE_LIMIT_FACTOR), request.ip);
    if (!limited.allowed) return reply.code(429).header('retry-after', String(limited.retryAfterSeconds)).type('text/plain; charset=utf-8').send(RATE_LIMITED_MESSAGE);
    const token = request.query.token;
    const result = token ? await completeEmailSignIn(app.db, { token }) : null;
    if (!result || result.kind === 'invalid') {
      return reply.redirect(`/m/signin?error=${encodeURIComponent(result?.message ?? MESSAGES.expiredLink)}`, 302);
    }
    reply.clearCookie(AUTH_ATTEMPT_COOKIE, { path: '/' });
    // With two-factor on, the link proves the address, not the reader: the code comes next.
    if ((await credentialSummary(app.db, result.userId)).twoFactorEnabled) {
      const challenge = await createTwoFactorChallenge(app.db, result.userId, result.redirect, new Date());
      return reply.redirect(`/m/signin?twoFactorChallenge=${encodeURIComponent(challenge)}`, 302);
    }
    await openSession(app, request, reply, result.userId);
    return reply.redirect(result.redirect, 302);
  });

  // A changed address is confirmed from its inbox, in whatever browser opens the link.
  app.get('/m/account/confirm/:key', async (request: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const result = await confirmEmail(app.db, request.params.key);
    const query = result.kind === 'confirmed' ? 'emailConfirmed=1' : `emailConfirmError=${encodeURIComponent(result.message)}`;
    return reply.redirect(`/me/settings/account?${query}#email`, 302);
  });

  const signOut = async (request: FastifyRequest<{ Params: { xsrf?: string } }>, reply: FastifyReply) => {
    const xsrf = request.params.xsrf;
    if (!xsrf) {
      request.log.warn(MESSAGES.noXsrfToken);
      return reply.redirect('/', 302);
    }
    const token = request.cookies[cookie];
    if (token && request.session && request.session.xsrf === xsrf) {
      await endSession(app.db, token);
      reply.clearCookie(cookie, { path: '/', secure: protocol === 'https' });
    }
    return reply.redirect('/', 302);
  };
  app.get('/m/signout', signOut);
  app.get('/m/signout/:xsrf', signOut);
}
