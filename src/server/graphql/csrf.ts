import { Kind, type DocumentNode } from 'graphql';

/**
 * Content types a browser may send cross-site without a CORS preflight ("simple"
 * requests). A mutation in such a request could be forged by another site's form or
 * a no-cors fetch, with the reader's cookie attached.
 */
const SIMPLE_CONTENT_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The header naming the operations, which the client sends on every request (spec §7,
 * src/web/apollo/client.ts). A page on another site can only add a custom header after a
 * preflight this server never grants, so its presence proves the request is our own.
 */
export const CSRF_HEADER = 'graphql-operation';

export const CSRF_MUTATION_MESSAGE =
  'Mutations must be sent as POST with Content-Type: application/json; this request could have been forged by another site.';

export function isSimpleContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return SIMPLE_CONTENT_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** True when another site could have sent this request from a reader's browser. */
export function mayBeForged(headers: Record<string, string | string[] | undefined>): boolean {
  const contentType = headers['content-type'];
  return isSimpleContentType(Array.isArray(contentType) ? contentType[0] : contentType) && headers[CSRF_HEADER] === undefined;
}

/**
 * True when the document defines a mutation, whichever operation the request names: a
 * document is refused as a whole rather than trusting operationName to pick the harmless one.
 */
export function definesMutation(document: DocumentNode): boolean {
  return document.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION && def.operation === 'mutation');
}
