import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { LIMITS } from '../../shared/constants.js';
import type { Config } from '../config.js';
import type { Db } from '../../platform/db/client.js';
import { createRequestContext, type RequestContext } from './context.js';
import { CSRF_MUTATION_MESSAGE, containsMutation, isSimpleContentType } from './csrf.js';
import { createErrorFormatter } from './errors.js';
import { queryLimitsRule } from './limits.js';
import { mergeResolvers, resolvers, typeDefs } from './schema.js';
import { sessionCookieName } from '../../modules/accounts/auth-http.js';
import { hashToken } from '../../modules/accounts/sessions.js';

export const GRAPHQL_PATH = '/_/graphql';

export const BATCH_TOO_LARGE_MESSAGE = `A batch may hold at most ${LIMITS.graphqlBatchMax} operations.`;

/**
 * Only for a request the cookie signed in: a cookie that signed nobody in names no session
 * of the viewer, and one sent alongside an integration token was not what signed it in.
 */
function currentSessionTokenHash(request: FastifyRequest, protocol: string): string | null {
  const token = request.viewer && !request.viewer.viaToken ? request.cookies[sessionCookieName(protocol)] : undefined;
  return token ? hashToken(token) : null;
}

/** What each request contributes to the GraphQL context: filled by the request hooks. */
export function contextForRequest(app: FastifyInstance, request: FastifyRequest): RequestContext {
  return createRequestContext({
    db: app.db,
    config: app.config,
    log: request.log,
    viewer: request.viewer,
    sessionTokenHash: currentSessionTokenHash(request, app.config.PUBLIC_PROTOCOL),
    visitorId: request.visitorId,
    country: request.country,
  });
}

export async function registerGraphql(app: FastifyInstance, deps: { config: Config; db: Db }) {
  const { config } = deps;
  // Batch size and CSRF checks run before mercurius validates the body; the hook is
  // added before mercurius so it applies to its routes.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== GRAPHQL_PATH) return;
    if (request.method === 'GET') {
      const query = (request.query as { query?: string; operationName?: string }) ?? {};
      if (containsMutation(query)) return reply.code(405).header('allow', 'POST').send({ errors: [{ message: CSRF_MUTATION_MESSAGE }] });
      return;
    }
    if (request.method !== 'POST') return;
    let body: unknown = request.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return reply.code(400).send({ errors: [{ message: 'The request body is not valid JSON.' }] });
      }
      request.body = body;
    }
    if (Array.isArray(body) && body.length > LIMITS.graphqlBatchMax) {
      return reply.code(400).send({ errors: [{ message: `${BATCH_TOO_LARGE_MESSAGE} This one holds ${body.length}.` }] });
    }
    if (Array.isArray(body) && body.length === 0) {
      return reply.code(400).send({ errors: [{ message: 'A batch must hold at least one operation.' }] });
    }
    if (isSimpleContentType(request.headers['content-type']) && containsMutation(body)) {
      return reply.code(400).send({ errors: [{ message: CSRF_MUTATION_MESSAGE }] });
    }
  });

  await app.register(mercurius, {
    schema: typeDefs,
    resolvers: mergeResolvers(resolvers),
    path: GRAPHQL_PATH,
    graphiql: !config.isProduction,
    jit: 1,
    allowBatchedQueries: true,
    cache: 2048,
    validationRules: [queryLimitsRule({ maxDepth: config.GRAPHQL_MAX_DEPTH, maxAliases: config.GRAPHQL_MAX_ALIASES, maxCost: config.GRAPHQL_MAX_COST })],
    errorFormatter: createErrorFormatter(config.isProduction),
    context: (request: FastifyRequest) => contextForRequest(app, request),
  });
}
