import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { addToPredefinedCatalog, removeFromPredefinedCatalog } from './commands.js';
import { exportViewerLists, toCsv } from './export.js';
import { CATALOG_MESSAGES } from './model.js';

export const BOOKMARK_MESSAGES = {
  badXsrf: BAD_XSRF_MESSAGE,
  signInExport: 'Sign in to export your lists.',
} as const;

/**
 * Spec §7 `/_/bookmark/p/{id}`: POST saves the story to the Reading list, DELETE takes it
 * out. The session cookie alone proves nothing, so the session's xsrf token must come in the
 * X-XSRF-Token header. And the viewer's lists as a file: `/me/lists/export.json` and `.csv`.
 */
export function registerCatalogRoutes(app: FastifyInstance) {
  const guard = (request: FastifyRequest, reply: FastifyReply): string | null => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer || !request.session) {
      void reply.code(401).send({ message: CATALOG_MESSAGES.signIn });
      return null;
    }
    if (!xsrfHeaderMatches(request)) {
      void reply.code(403).send({ message: BOOKMARK_MESSAGES.badXsrf });
      return null;
    }
    return request.viewer.id;
  };

  app.post('/_/bookmark/p/:postId', async (request: FastifyRequest<{ Params: { postId: string } }>, reply: FastifyReply) => {
    const viewerId = guard(request, reply);
    if (!viewerId) return reply;
    const outcome = await addToPredefinedCatalog(app.db, viewerId, 'reading-list', { append: { postId: request.params.postId } });
    if (outcome.kind === 'not-found') return reply.code(404).send({ message: outcome.message });
    if (outcome.kind !== 'ok') return reply.code(400).send({ message: 'message' in outcome ? outcome.message : CATALOG_MESSAGES.notFound });
    return reply.send({ catalogId: outcome.catalog.id, version: outcome.catalog.version, saved: true });
  });

  app.delete('/_/bookmark/p/:postId', async (request: FastifyRequest<{ Params: { postId: string } }>, reply: FastifyReply) => {
    const viewerId = guard(request, reply);
    if (!viewerId) return reply;
    const removed = await removeFromPredefinedCatalog(app.db, viewerId, 'reading-list', request.params.postId);
    return reply.send({ saved: false, removed });
  });

  const exportAs = (format: 'json' | 'csv') => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer) return reply.code(401).send({ message: BOOKMARK_MESSAGES.signInExport });
    const items = await exportViewerLists(app.db, request.viewer.id, `${app.config.PUBLIC_PROTOCOL}://${app.config.mainHost}`);
    reply.header('content-disposition', `attachment; filename="lists.${format}"`);
    if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify({ items }));
    return reply.type('text/csv; charset=utf-8').send(toCsv(items));
  };
  app.get('/me/lists/export.json', exportAs('json'));
  app.get('/me/lists/export.csv', exportAs('csv'));
}
