import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { followPublication, unfollowPublication } from './follow-commands.js';
import { PUBLICATION_MESSAGES } from './model.js';

const STATUS = { 'not-found': 404, 'bad-request': 400, forbidden: 403, unauthorized: 401, 'already-exists': 409 } as const;

/**
 * Spec §7 `/_/subscribe/collection/{id}`: POST follows the publication, DELETE unfollows it (as
 * `/_/bookmark/p/{id}` does for the Reading list). The session cookie alone proves nothing, so
 * the session's xsrf token must come in the X-XSRF-Token header.
 */
export function registerPublicationFollowRoutes(app: FastifyInstance) {
  const handle = (command: typeof followPublication) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer || !request.session) return reply.code(401).send({ message: PUBLICATION_MESSAGES.signIn });
    if (!xsrfHeaderMatches(request)) return reply.code(403).send({ message: BAD_XSRF_MESSAGE });
    const outcome = await command(app.db, request.viewer.id, request.params.id);
    if (outcome.kind !== 'ok') return reply.code(STATUS[outcome.kind]).send({ message: outcome.message });
    const { publication, changed } = outcome.value;
    return reply.send({ collectionId: publication.id, isFollowing: command === followPublication, subscriberCount: publication.followersCount, changed });
  };
  app.post('/_/subscribe/collection/:id', handle(followPublication));
  app.delete('/_/subscribe/collection/:id', handle(unfollowPublication));
}
