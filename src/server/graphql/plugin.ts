import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { friendLinkKeyOfRequest } from '../../modules/metering/friend-links.js';
import mercurius from 'mercurius';
import type { Config } from '../config.js';
import type { Db } from '../../platform/db/client.js';
import { createRequestContext, type RequestContext } from './context.js';
import { admitGraphqlRequest } from './admission.js';
import { createErrorFormatter } from './errors.js';
import { queryLimitsRule } from './limits.js';
import { mergeResolvers, resolvers, typeDefs } from './schema.js';
import { sessionCookieName } from '../../modules/accounts/auth-http.js';
import { hashToken } from '../../modules/accounts/sessions.js';

export const GRAPHQL_PATH = '/_/graphql';

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
    friendLinkKey: friendLinkKeyOfRequest(request.url, request.headers['inkwell-path']),
    prefetch: request.headers['inkwell-purpose'] === 'prefetch',
  });
}

export async function registerGraphql(app: FastifyInstance, deps: { config: Config; db: Db }) {
  const { config } = deps;
  // The gate (admission.ts) runs before mercurius validates the body; the hook is added
  // before mercurius so it applies to its routes.
  const documentLimits = { maxChars: config.GRAPHQL_MAX_DOCUMENT_CHARS, maxTokens: config.GRAPHQL_MAX_TOKENS };
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== GRAPHQL_PATH || (request.method !== 'GET' && request.method !== 'POST')) return;
    const verdict = admitGraphqlRequest(request, documentLimits);
    if ('refusal' in verdict) {
      const { status, code, message, headers, locations } = verdict.refusal;
      return reply.code(status).headers(headers ?? {}).send({ data: null, errors: [{ message, ...(locations ? { locations } : {}), extensions: { code } }] });
    }
    if (request.method === 'POST') request.body = verdict.body;
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
