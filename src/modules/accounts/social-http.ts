import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authConnectErrorMessage, CONNECTIONS_PATH, type AuthConnectError, type SocialOperation } from '../../shared/auth-providers.js';
import { openSession } from './auth-http.js';
import { AUTH_RATE_LIMITS, RATE_LIMITED_MESSAGE } from './auth-limits.js';
import { resolveSocialSignIn } from './connected-accounts.js';
import { credentialSummary } from './credentials.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { createTwoFactorChallenge } from './password.js';
import type { VerifiedIdentity } from './social-oidc.js';
import { completeProviderAuthorization, providerAuthorizationUrl } from './social-flow.js';
import { appleUserName } from './social-apple.js';
import { configuredProviders, type FixedProvider, type SocialProvider } from './social-providers.js';
import { MASTODON_SERVER_REQUIRED, mastodonConnectionError, mastodonProvider, parseMastodonServer } from './social-mastodon.js';

/** The Mastodon server of a flow in progress (its origin), beside the flow cookie. */
const MASTODON_COOKIE = 'oauth_mastodon';
import { afterSignUpRedirect } from '../topics/onboarding.js';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_MAX_AGE_S, readFlow, startFlow, type FlowState } from './social-state.js';

/** A callback without the cookie of the browser that started it, or with a state it did not make. */
export const STALE_FLOW_MESSAGE = 'This sign-in was started in another browser or has expired. Please try again.';

type Query = Record<string, string | undefined>;

/**
 * Social sign-in over HTTP, for each configured provider: /m/connect/{provider} sends
 * the reader to the provider with a fresh flow (operation login, register, or connect
 * for the signed-in reader); /m/callback/{provider} checks the flow and the provider's
 * answer, then signs in, creates the account, or links the identity.
 */
export function registerSocialRoutes(app: FastifyInstance) {
  const origin = `${app.config.PUBLIC_PROTOCOL}://${app.config.mainHost}`;
  const secure = app.config.PUBLIC_PROTOCOL === 'https';
  const providers = configuredProviders(app.config);
  const mastodonDeps = (redirectUri: string) => ({ db: app.db, redirectUri, siteName: app.config.SITE_NAME, allowAddresses: app.config.FETCH_ALLOW_ADDRESSES });
  for (const provider of providers) {
    const redirectUri = `${origin}/m/callback/${provider.name}`;
    app.get(`/m/connect/${provider.name}`, (request, reply) => start(provider, redirectUri, request, reply));
    app.get(`/m/callback/${provider.name}`, (request, reply) => finish(provider, redirectUri, request, reply, request.query as Query));
  }
  // Apple answers with a cross-site form POST (response_mode=form_post). The form parser
  // lives in this scope only: everywhere else a form body still gets 415 (CSRF defence).
  const formPost = providers.filter((p) => p.responseMode === 'form_post');
  if (formPost.length) {
    void app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      for (const provider of formPost) {
        const redirectUri = `${origin}/m/callback/${provider.name}`;
        scope.post(`/m/callback/${provider.name}`, (request, reply) => finish(provider, redirectUri, request, reply, (request.body ?? {}) as Query));
      }
    });
  }

  async function start(provider: SocialProvider, redirectUri: string, request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    // The provider returns to the main host (the auth domain): the flow's cookie must be set there.
    if (request.host.toLowerCase() !== app.config.mainHost.toLowerCase()) return reply.redirect(`${origin}${request.url}`, 302);
    const q = request.query as Query;
    const operation: SocialOperation = q.operation === 'register' || q.operation === 'connect' ? q.operation : 'login';
    if (operation === 'connect' && !request.viewer) return reply.redirect(`/m/signin?operation=login&redirect=${encodeURIComponent(request.url)}`, 302);
    const flow: FlowState = {
      provider: provider.name,
      redirect: q.redirect ? normalizeRedirect(q.redirect, { sameSiteOrigins: [origin] }) : operation === 'connect' ? CONNECTIONS_PATH : '/',
      operation,
      viewerId: operation === 'connect' ? request.viewer!.id : null,
    };
    const started = startFlow(flow);
    let url: URL;
    let fixed: FixedProvider;
    if (provider.kind === 'mastodon') {
      // The reader names their server; the site registers itself there on first use.
      const server = parseMastodonServer(q.instance, app.config.FETCH_ALLOW_ADDRESSES);
      if (!server) return reply.redirect(messageHref(flow, MASTODON_SERVER_REQUIRED), 302);
      try {
        fixed = await mastodonProvider(server, mastodonDeps(redirectUri));
      } catch (err) {
        request.log.warn({ err, instance: server.host }, 'social sign-in: the Mastodon server could not be reached');
        return reply.redirect(messageHref(flow, mastodonConnectionError(server.host)), 302);
      }
      reply.setCookie(MASTODON_COOKIE, server.origin, { path: FLOW_COOKIE_PATH, httpOnly: true, secure, sameSite: 'lax', maxAge: FLOW_MAX_AGE_S });
    } else fixed = provider;
    try {
      url = await providerAuthorizationUrl(fixed, { redirectUri, state: started.state, secrets: started });
    } catch (err) {
      request.log.error({ err, provider: provider.name }, 'social sign-in: the provider could not be reached');
      return reply.redirect(failure(provider, flow, 'unknown'), 302);
    }
    reply.setCookie(FLOW_COOKIE, started.secret, {
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      secure,
      // A form_post callback is a cross-site POST, which Lax cookies do not follow.
      sameSite: provider.responseMode === 'form_post' ? 'none' : 'lax',
      maxAge: FLOW_MAX_AGE_S,
    });
    return reply.redirect(url.href, 302);
  }

  /** `q`: the provider's answer, from the query (GET) or the form (form_post). */
  async function finish(provider: SocialProvider, redirectUri: string, request: FastifyRequest, reply: FastifyReply, q: Query) {
    reply.header('cache-control', 'no-store');
    const limited = await app.rateLimiter.hit(AUTH_RATE_LIMITS.callbackPerIp, request.ip);
    if (!limited.allowed) return reply.code(429).header('retry-after', String(limited.retryAfterSeconds)).type('text/plain; charset=utf-8').send(RATE_LIMITED_MESSAGE);
    // Each flow's cookie works once.
    const secret = request.cookies[FLOW_COOKIE];
    if (secret) reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, secure });
    if (request.cookies[MASTODON_COOKIE]) reply.clearCookie(MASTODON_COOKIE, { path: FLOW_COOKIE_PATH, secure });
    const read = readFlow(q.state, secret);
    if (!read || read.provider !== provider.name) {
      request.log.warn({ provider: provider.name, hasCookie: Boolean(secret) }, 'social sign-in: state does not match this browser');
      return reply.redirect(`/m/signin?error=${encodeURIComponent(STALE_FLOW_MESSAGE)}`, 302);
    }
    // The state is signed, but a flow started before this release was checked by an older rule.
    const flow = { ...read, redirect: normalizeRedirect(read.redirect) };
    // The reader turned the provider down: back to where they were, nothing to report.
    if (q.error === 'access_denied') return reply.redirect(flow.operation === 'connect' ? flow.redirect : signInHref(flow), 302);
    if (flow.operation === 'connect' && request.viewer?.id !== flow.viewerId) return reply.redirect(signInHref({ ...flow, operation: 'login' }), 302);

    let identity: VerifiedIdentity;
    try {
      let fixed: FixedProvider;
      if (provider.kind === 'mastodon') {
        // The server the flow started with (its app was registered then).
        const server = parseMastodonServer(request.cookies[MASTODON_COOKIE], app.config.FETCH_ALLOW_ADDRESSES);
        if (!server) throw new Error('No Mastodon server for this flow.');
        fixed = await mastodonProvider(server, mastodonDeps(redirectUri));
      } else fixed = provider;
      const callbackUrl = new URL(redirectUri);
      for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && k !== 'user') callbackUrl.searchParams.set(k, v);
      identity = await completeProviderAuthorization(fixed, { callbackUrl, state: q.state!, secrets: flow, fallbackName: appleUserName(q.user) });
    } catch (err) {
      request.log.warn({ err, provider: provider.name }, 'social sign-in: the provider’s answer was refused');
      return reply.redirect(failure(provider, flow, 'unknown'), 302);
    }

    const outcome = await resolveSocialSignIn(app.db, { provider: provider.name, identity, operation: flow.operation, viewerId: flow.viewerId });
    switch (outcome.kind) {
      case 'error':
        return reply.redirect(failure(provider, flow, outcome.error), 302);
      case 'unrecognized':
        return reply.redirect(`/unrecognized-account?provider=${provider.name}&redirect=${encodeURIComponent(flow.redirect)}`, 302);
      case 'connected':
        return reply.redirect(flow.redirect, 302);
    }
    // As after a magic link: with two-factor on, the provider proves the identity, the code the reader.
    if ((await credentialSummary(app.db, outcome.userId)).twoFactorEnabled) {
      const challenge = await createTwoFactorChallenge(app.db, outcome.userId, flow.redirect, new Date());
      return reply.redirect(`/m/signin?twoFactorChallenge=${encodeURIComponent(challenge)}`, 302);
    }
    await openSession(app, request, reply, outcome.userId);
    return reply.redirect(outcome.created ? afterSignUpRedirect(flow.redirect) : flow.redirect, 302);
  }
}

const signInHref = (flow: Pick<FlowState, 'operation' | 'redirect'>, error?: string) =>
  `/m/signin?operation=${flow.operation === 'register' ? 'register' : 'login'}&redirect=${encodeURIComponent(flow.redirect)}` +
  (error ? `&error=${encodeURIComponent(error)}` : '');

/** A message for the reader where the flow started: the sign-in page, or Settings when connecting. */
function messageHref(flow: FlowState, message: string): string {
  if (flow.operation === 'connect') return `${CONNECTIONS_PATH}?connectMessage=${encodeURIComponent(message)}#connections`;
  return signInHref(flow, message);
}

/** Sign-in errors show on the sign-in page; connecting errors in Settings, by code (spec §8). */
function failure(provider: SocialProvider, flow: FlowState, error: AuthConnectError): string {
  if (flow.operation === 'connect') return `${CONNECTIONS_PATH}?connectError=${encodeURIComponent(error)}&provider=${provider.name}#connections`;
  return signInHref(flow, authConnectErrorMessage(error, provider.label));
}
