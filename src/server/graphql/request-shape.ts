import { LIMITS } from '../../shared/constants.js';

/** One operation as a client sends it (GraphQL over HTTP, POST body or GET parameters). */
export interface GraphqlOperationRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown>;
}

export type ShapeVerdict = { ok: true; operations: GraphqlOperationRequest[] } | { ok: false; message: string };

export const BATCH_TOO_LARGE_MESSAGE = `A batch may hold at most ${LIMITS.graphqlBatchMax} operations.`;
export const EMPTY_BATCH_MESSAGE = 'A batch must hold at least one operation.';
export const BODY_SHAPE_MESSAGE =
  'The request body must be {"query": string, "variables"?: object|null, "operationName"?: string|null, "extensions"?: object}, or a non-empty array of those.';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why one operation is not of the documented shape, or null when it is. */
function operationShapeError(op: unknown): string | null {
  if (!isPlainObject(op)) return 'an operation must be a JSON object';
  for (const key of Object.keys(op)) {
    const value = op[key];
    if (key === 'query') {
      if (typeof value !== 'string') return '"query" must be a string';
      if (value.trim() === '') return '"query" must not be empty';
    } else if (key === 'variables') {
      if (value !== null && !isPlainObject(value)) return '"variables" must be an object or null';
    } else if (key === 'operationName') {
      if (value !== null && typeof value !== 'string') return '"operationName" must be a string or null';
    } else if (key === 'extensions') {
      if (!isPlainObject(value)) return '"extensions" must be an object';
    } else {
      return `"${key.slice(0, 40)}" is not a field of a GraphQL request`;
    }
  }
  if (!('query' in op)) return '"query" is missing';
  return null;
}

/**
 * The operations of a POST body, or why it is refused. Only the documented shapes pass:
 * anything else (a non-string query, an unknown field, a nested array) could be coerced into
 * something executable later, past the checks that read the shape first.
 */
export function readOperations(body: unknown): ShapeVerdict {
  const batched = Array.isArray(body);
  const ops: unknown[] = batched ? body : [body];
  if (batched && ops.length === 0) return { ok: false, message: EMPTY_BATCH_MESSAGE };
  if (ops.length > LIMITS.graphqlBatchMax) return { ok: false, message: `${BATCH_TOO_LARGE_MESSAGE} This one holds ${ops.length}.` };
  for (const [i, op] of ops.entries()) {
    const error = operationShapeError(op);
    if (error) return { ok: false, message: `${BODY_SHAPE_MESSAGE} ${batched ? `Operation ${i}: ` : ''}${error}.` };
  }
  return { ok: true, operations: ops as GraphqlOperationRequest[] };
}

/**
 * The operation of a GET request's parameters (variables and extensions as JSON text), or why
 * it is refused. A parameter given twice arrives as an array: refused like any other shape.
 */
export function readGetOperation(params: unknown): ShapeVerdict {
  if (!isPlainObject(params)) return { ok: false, message: BODY_SHAPE_MESSAGE };
  const { query, variables, operationName, extensions, ...rest } = params;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { ok: false, message: `"${unknown.slice(0, 40)}" is not a parameter of a GraphQL request.` };
  if (typeof query !== 'string') return { ok: false, message: 'The "query" parameter must be given once.' };
  if (query.trim() === '') return { ok: false, message: 'The "query" parameter must not be empty.' };
  if (operationName !== undefined && typeof operationName !== 'string') return { ok: false, message: 'The "operationName" parameter must be given at most once.' };
  const op: GraphqlOperationRequest = { query, operationName: operationName ?? null };
  for (const [name, text] of [['variables', variables], ['extensions', extensions]] as const) {
    if (text === undefined) continue;
    let value: unknown;
    try {
      value = typeof text === 'string' ? JSON.parse(text) : undefined;
    } catch {
      return { ok: false, message: `The "${name}" parameter is not valid JSON.` };
    }
    if (name === 'variables' ? value !== null && !isPlainObject(value) : !isPlainObject(value)) {
      return { ok: false, message: `The "${name}" parameter must be a JSON object.` };
    }
    if (name === 'variables') op.variables = value as Record<string, unknown> | null;
    else op.extensions = value as Record<string, unknown>;
  }
  return { ok: true, operations: [op] };
}
