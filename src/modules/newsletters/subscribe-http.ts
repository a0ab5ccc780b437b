import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/mail/render.js';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { normalizeRedirect } from '../../shared/redirect.js';
import { ensureWriterNewsletter, subscribeReader, unsubscribeReader } from './commands.js';
import { confirmSubscription } from './email-subscribe-commands.js';
import { SUBSCRIBERS_ARE_THE_WRITERS } from './subscribe-graphql.js';
import { activeSubscribers } from './subscribers-queries.js';
import { csvField } from '../catalogs/export.js';
import { NEWSLETTER_MESSAGES, type NewsletterRow, type SubscriberState } from './model.js';
import { createViewerSubscriptionLoader, newsletterById, writerNewsletter } from './queries.js';

const STATUS = { 'not-found': 404, 'bad-request': 400, forbidden: 403 } as const;

/** The lazily-enable call is the writer's own. */
const ONLY_YOURS = 'You can only turn on your own newsletter.';

type IdRequest = FastifyRequest<{ Params: { id: string }; Body: unknown }>;

/** Signed in, with the session's xsrf token in X-XSRF-Token (the cookie alone proves nothing): the viewer's id, else the reply is sent. */
function viewerOf(request: FastifyRequest, reply: FastifyReply): string | null {
  reply.header('cache-control', 'no-store');
  if (!request.viewer || !request.session) {
    void reply.code(401).send({ message: NEWSLETTER_MESSAGES.signIn });
    return null;
  }
  if (!xsrfHeaderMatches(request)) {
    void reply.code(403).send({ message: BAD_XSRF_MESSAGE });
    return null;
  }
  return request.viewer.id;
}

const origin = (request: FastifyRequest) => {
  const page = request.headers['inkwell-path'];
  return { source: typeof page === 'string' ? page.slice(0, 300) : request.url.split('?')[0]!.slice(0, 300), ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
};

/** What these calls answer about a newsletter and the viewer's subscription. */
const answer = (n: NewsletterRow, state: SubscriberState | null) => ({
  newsletterV3Id: n.id,
  type: n.type,
  subscriberCount: n.subscriberCount,
  subscriptionState: state,
  isSubscribed: state === 'ACTIVE',
});

async function viewerState(app: FastifyInstance, viewerId: string, newsletterId: string): Promise<SubscriberState | null> {
  return createViewerSubscriptionLoader(app.db, viewerId).load(newsletterId);
}

/** Where a confirmed subscriber lands: the writer's promotion page, or the publication newsletter's page. */
async function newsletterPage(app: FastifyInstance, n: NewsletterRow): Promise<string> {
  if (n.collectionId) {
    const { rows } = await app.db.execute<{ slug: string }>(sql`select slug from publications where id = ${n.collectionId}`);
    return rows[0] ? `/${rows[0].slug}/newsletters/${encodeURIComponent(n.slug)}` : '/';
  }
  const { rows } = await app.db.execute<{ username: string | null }>(sql`select username from users where id = ${n.userId}`);
  return rows[0]?.username ? `/@${encodeURIComponent(rows[0].username)}/subscribe` : '/';
}

/** A plain page for a confirmation link that cannot be used (no application page stands behind /_/). */
function linkErrorPage(siteName: string, message: string): string {
  const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Subscription not confirmed – ${escapeHtml(siteName)}</title>
<style>body{margin:0;font-family:${font};color:#242424;background:#fff}header{padding:16px 24px;border-bottom:1px solid #f2f2f2}header a{font-family:Georgia,Cambria,'Times New Roman',serif;font-size:26px;font-weight:700;color:#191919;text-decoration:none;letter-spacing:-0.5px}main{max-width:560px;margin:0 auto;padding:64px 24px;text-align:center}h1{font-size:28px;line-height:1.25;margin:0 0 16px;color:#191919}p{font-size:16px;line-height:1.5;color:#6b6b6b;margin:0 0 24px}main a{display:inline-block;background:#1a8917;color:#fff;text-decoration:none;padding:10px 20px;border-radius:99px;font-size:14px}</style></head>
<body><header><a href="/">${escapeHtml(siteName)}</a></header><main><h1>Subscription not confirmed</h1><p>${escapeHtml(message)}</p><a href="/">Go to ${escapeHtml(siteName)}</a></main></body></html>`;
}

/**
 * Spec §7 HTTP calls of writers' newsletters, and the double opt-in confirmation link:
 * - POST /_/subscribe/user/{id}: subscribe to that writer's newsletter (made on first use);
 *   DELETE unsubscribes. Body: { shouldRecordConsent?: boolean }.
 * - GET /_/api/subscriptions/newsletters/{id}: the viewer's subscription to that newsletter.
 * - POST /_/api/users/{id}/lazily-enable-writer-subscription: the writer turns their own newsletter on.
 * - GET /_/newsletters/confirm/{token}[?redirect=path]: the link of the confirmation email.
 */
export function registerSubscribeRoutes(app: FastifyInstance) {
  app.post('/_/subscribe/user/:id', async (request: IdRequest, reply) => {
    const viewerId = viewerOf(request, reply);
    if (!viewerId) return reply;
    const writer = await app.db.execute<{ id: string }>(sql`select id from users where id = ${request.params.id}`);
    if (!writer.rows[0]) return reply.code(404).send({ message: NEWSLETTER_MESSAGES.notFound });
    if (writer.rows[0].id === viewerId) return reply.code(403).send({ message: NEWSLETTER_MESSAGES.ownNewsletter });
    const made = await ensureWriterNewsletter(app.db, writer.rows[0].id);
    if (!made) return reply.code(404).send({ message: NEWSLETTER_MESSAGES.notFound });
    const recordConsent = (request.body as { shouldRecordConsent?: unknown } | undefined)?.shouldRecordConsent === true;
    const outcome = await subscribeReader(app.db, { newsletterId: made.id, readerId: viewerId, recordConsent, ...origin(request) });
    if (outcome.kind !== 'ok') return reply.code(STATUS[outcome.kind]).send({ message: outcome.message });
    return reply.send(answer(outcome.value, 'ACTIVE'));
  });

  app.delete('/_/subscribe/user/:id', async (request: IdRequest, reply) => {
    const viewerId = viewerOf(request, reply);
    if (!viewerId) return reply;
    const { rows } = await app.db.execute<{ id: string }>(sql`select id from newsletters where type = 'USER' and user_id = ${request.params.id}`);
    if (!rows[0]) return reply.code(404).send({ message: NEWSLETTER_MESSAGES.notFound });
    const outcome = await unsubscribeReader(app.db, { newsletterId: rows[0].id, readerId: viewerId, ...origin(request) });
    if (outcome.kind !== 'ok') return reply.code(STATUS[outcome.kind]).send({ message: outcome.message });
    return reply.send(answer(outcome.value, await viewerState(app, viewerId, outcome.value.id)));
  });

  app.get('/_/api/subscriptions/newsletters/:id', async (request: IdRequest, reply) => {
    const viewerId = viewerOf(request, reply);
    if (!viewerId) return reply;
    const n = await newsletterById(app.db, request.params.id);
    if (!n) return reply.code(404).send({ message: NEWSLETTER_MESSAGES.notFound });
    return reply.send(answer(n, await viewerState(app, viewerId, n.id)));
  });

  app.post('/_/api/users/:id/lazily-enable-writer-subscription', async (request: IdRequest, reply) => {
    const viewerId = viewerOf(request, reply);
    if (!viewerId) return reply;
    if (request.params.id !== viewerId) return reply.code(403).send({ message: ONLY_YOURS });
    const n = await ensureWriterNewsletter(app.db, viewerId);
    if (!n) return reply.code(404).send({ message: NEWSLETTER_MESSAGES.notFound });
    return reply.send(answer(n, null));
  });

  // ShowUserAudienceExport: the writer's ACTIVE subscribers as CSV (addresses only where shared).
  app.get('/@:username/audience/stats/export', async (request: FastifyRequest<{ Params: { username: string } }>, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer) return reply.code(401).type('text/plain; charset=utf-8').send(NEWSLETTER_MESSAGES.signIn);
    const { rows } = await app.db.execute<{ id: string }>(sql`select id from users where lower(username) = lower(${request.params.username})`);
    if (!rows[0]) return reply.code(404).type('text/plain; charset=utf-8').send(NEWSLETTER_MESSAGES.notFound);
    if (rows[0].id !== request.viewer.id) return reply.code(403).type('text/plain; charset=utf-8').send(SUBSCRIBERS_ARE_THE_WRITERS);
    const n = await writerNewsletter(app.db, rows[0].id);
    const lines = ['email,name,username,source,subscribed_at'];
    for (let before: { at: Date; id: string } | null = null; n; ) {
      const page = await activeSubscribers(app.db, n.id, { limit: 1000, before });
      for (const s of page) lines.push([s.email ?? '', s.name ?? '', s.username ?? '', s.source, s.subscribedAt.toISOString()].map(csvField).join(','));
      if (page.length < 1000) break;
      before = { at: page[page.length - 1]!.subscribedAt, id: page[page.length - 1]!.id };
    }
    reply.header('content-disposition', 'attachment; filename="subscribers.csv"');
    return reply.type('text/csv; charset=utf-8').send(`${lines.join('\r\n')}\r\n`);
  });

  app.get('/_/newsletters/confirm/:token', async (request: FastifyRequest<{ Params: { token: string }; Querystring: { redirect?: string } }>, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const outcome = await confirmSubscription(app.db, { token: request.params.token, ...origin(request), source: 'confirmation link' });
    if (outcome.kind !== 'ok') {
      return reply.code(outcome.kind === 'not-found' ? 404 : 410).type('text/html; charset=utf-8').send(linkErrorPage(app.config.SITE_NAME, outcome.message));
    }
    const target = request.query.redirect ? normalizeRedirect(request.query.redirect) : await newsletterPage(app, outcome.value);
    return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}subscribed=1`, 303);
  });
}
