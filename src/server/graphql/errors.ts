import { GraphQLError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { PublicError } from '../../platform/errors/index.js';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * A client's mistake caught before GraphQL: Fastify's body errors (400 malformed JSON,
 * 413 too large, 415 other types) and the strict UTF-8 parsers' 400. Answered with their
 * status and message, not masked as an internal failure.
 */
function isTransportError(error: Error): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Internal failures lose their message, stack and extensions; the log keeps them. */
function mask(error: GraphQLError, log: { error(obj: object, msg: string): void }): GraphQLError {
  const original = error.originalError;
  if (!original || original instanceof PublicError || original instanceof GraphQLError || isTransportError(original)) return error;
  // mercurius wraps validation errors in an error holding them under .errors
  if (Array.isArray((original as { errors?: unknown }).errors)) return error;
  log.error({ err: original, path: error.path }, 'resolver failed');
  return new GraphQLError(INTERNAL_ERROR_MESSAGE, {
    path: error.path,
    nodes: error.nodes,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

export function createErrorFormatter(isProduction: boolean) {
  return (execution: Parameters<typeof mercurius.defaultErrorFormatter>[0], context: MercuriusContext) => {
    const log = context.reply ? context.reply.log : context.app.log;
    const errors = isProduction ? execution.errors.map((e) => mask(e, log)) : execution.errors;
    // Errors of a query graphql-jit has compiled (its second run on) may carry no extensions.
    const withCodes = errors.map((e) =>
      e.originalError instanceof PublicError && !e.extensions?.code
        ? new GraphQLError(e.message, { path: e.path, nodes: e.nodes, originalError: e.originalError, extensions: { ...e.extensions, code: e.originalError.code } })
        : e,
    );
    return mercurius.defaultErrorFormatter({ ...execution, errors: withCodes }, context);
  };
}
