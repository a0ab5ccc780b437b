import { Kind, parse } from 'graphql';

/**
 * Content types a browser may send cross-site without a CORS preflight ("simple"
 * requests). A mutation in such a request could be forged by another site's form.
 */
const SIMPLE_CONTENT_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

export const CSRF_MUTATION_MESSAGE =
  'Mutations must be sent as POST with Content-Type: application/json; this request could have been forged by another site.';

export function isSimpleContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return SIMPLE_CONTENT_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** True when any operation in the (possibly batched) request is a mutation. */
export function containsMutation(body: unknown): boolean {
  const ops = Array.isArray(body) ? body : [body];
  for (const op of ops) {
    const query = op && typeof op === 'object' ? (op as { query?: unknown }).query : undefined;
    if (typeof query !== 'string') continue;
    try {
      const doc = parse(query, { noLocation: true });
      const name = (op as { operationName?: string }).operationName;
      for (const def of doc.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        if (name && def.name?.value !== name) continue;
        if (def.operation === 'mutation') return true;
      }
    } catch {
      // A syntax error is reported by the GraphQL endpoint itself.
    }
  }
  return false;
}
