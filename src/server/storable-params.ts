import type { FastifyInstance } from 'fastify';
import { findUnstorableValue, unstorableMessage } from '../platform/db/storable-text.js';

/**
 * Path and query parameters the database could not hold (NUL, a lone surrogate) are
 * refused before a handler looks them up: PostgreSQL would fail the query. Pages are left
 * to their own not-found answer (their data is looked up without asking the database,
 * see app.ts), and GraphQL has its own gate with GraphQL errors (graphql/admission.ts).
 */
export function registerStorableParams(app: FastifyInstance, skip: { pagesRoute: string; graphqlPath: string }): void {
  app.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === skip.pagesRoute || route === skip.graphqlPath || route === undefined) return;
    const found = findUnstorableValue(request.params, 'path') ?? findUnstorableValue(request.query, 'query');
    if (found) return reply.code(400).send({ statusCode: 400, message: unstorableMessage(`The address (${found.path})`, found.what) });
  });
}
