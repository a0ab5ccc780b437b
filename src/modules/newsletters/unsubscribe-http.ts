import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unsubscribePath } from './links.js';
import { NEWSLETTER_MESSAGES } from './model.js';
import { resubscribeByToken, UNSUBSCRIBE_MESSAGES, unsubscribeByToken, type UnsubscribeOrigin } from './unsubscribe-commands.js';

/** The footer page's forms say so; a mailbox provider's one-click POST does not. */
export const FROM_PAGE_FIELD = 'from-page';
export const resubscribePath = (token: string): string => `/_/newsletters/resubscribe/${token}`;

type Req = FastifyRequest<{ Params: { token: string } }>;
const fromPage = (request: Req) => typeof request.body === 'object' && request.body !== null && FROM_PAGE_FIELD in request.body;
const origin = (request: Req, source: string): UnsubscribeOrigin => ({ source, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * RFC 8058 one-click unsubscribe at the List-Unsubscribe URL: mailbox providers POST
 * `List-Unsubscribe=One-Click` without cookies, so no session and no X-XSRF-Token: the signed
 * token is the whole authority (another site cannot forge it, and nothing here reads a cookie).
 * The answer is the result itself, never a redirect. GET of the same URL is the footer page
 * (global-unsubscribe-newsletters), which only asks; its form posts here with `from-page` and
 * is sent back to the page (303), which shows what happened. Resubscribe works the same way.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance) {
  void app.register(async (scope) => {
    // Form bodies are parsed in this scope only (everywhere else they get 415, a CSRF defence).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // RFC 8058 allows multipart/form-data too; its content is not needed.
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));

    scope.post('/_/newsletters/unsubscribe/:token', async (request: Req, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.params;
      const page = fromPage(request);
      const outcome = await unsubscribeByToken(app.db, token, origin(request, page ? 'email-link' : 'list-unsubscribe'));
      if (page && outcome.kind !== 'invalid') return reply.redirect(unsubscribePath(token), 303);
      if (outcome.kind === 'invalid') return reply.code(400).type('text/plain; charset=utf-8').send(UNSUBSCRIBE_MESSAGES.invalidLink);
      if (outcome.kind === 'expired') return reply.code(410).type('text/plain; charset=utf-8').send(UNSUBSCRIBE_MESSAGES.expiredLink);
      return reply.code(200).type('text/plain; charset=utf-8').send(NEWSLETTER_MESSAGES.unsubscribed(outcome.newsletter.name));
    });

    scope.post('/_/newsletters/resubscribe/:token', async (request: Req, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const outcome = await resubscribeByToken(app.db, request.params.token, origin(request, 'email-link'));
      if (outcome.kind === 'invalid') return reply.code(400).type('text/plain; charset=utf-8').send(UNSUBSCRIBE_MESSAGES.invalidLink);
      // The page at the new token (the old one no longer unsubscribes), or at the old one to say it expired.
      return reply.redirect(unsubscribePath(outcome.kind === 'ok' && outcome.token ? outcome.token : request.params.token), 303);
    });
  });
}
