import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { z } from 'zod';
import { createRequestContext } from '../../server/graphql/context.js';
import { QUOTE_MESSAGES } from './commands.js';
import { createQuoteAsViewer, presentQuote } from './graphql.js';

export const QUOTE_HTTP_MESSAGES = {
  badXsrf: BAD_XSRF_MESSAGE,
  badBody: 'Send JSON: { "paragraphName": string, "startOffset": integer, "endOffset": integer }.',
} as const;

const Body = z.object({ paragraphName: z.string().min(1).max(64), startOffset: z.number().int(), endOffset: z.number().int() });

/**
 * Spec §7 `/_/p/{id}/quotes/create`: the same highlight as the createQuote mutation, as a
 * JSON POST. The session cookie alone proves nothing (another site can make a browser
 * post with it), so the session's xsrf token must come in the X-XSRF-Token header.
 */
export function registerQuoteRoutes(app: FastifyInstance) {
  app.post('/_/p/:postId/quotes/create', async (request: FastifyRequest<{ Params: { postId: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer || !request.session) return reply.code(401).send({ message: QUOTE_MESSAGES.signIn });
    if (!xsrfHeaderMatches(request)) return reply.code(403).send({ message: QUOTE_HTTP_MESSAGES.badXsrf });
    const body = Body.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: QUOTE_HTTP_MESSAGES.badBody });
    const ctx = createRequestContext({
      db: app.db,
      config: app.config,
      log: request.log,
      viewer: request.viewer,
      sessionTokenHash: null,
      visitorId: request.visitorId,
      country: request.country,
    });
    const outcome = await createQuoteAsViewer(ctx, { postId: request.params.postId, ...body.data });
    if (outcome.kind === 'not-found') return reply.code(404).send({ message: QUOTE_MESSAGES.notFound });
    if (outcome.kind === 'bad-request') return reply.code(400).send({ message: outcome.message });
    const { __typename: _t, ...quote } = presentQuote(outcome.quote);
    return reply.code(200).send(quote);
  });
}
