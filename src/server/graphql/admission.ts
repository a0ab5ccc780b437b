import { GraphQLError, Kind, parse, type DocumentNode } from 'graphql';
import { CSRF_MUTATION_MESSAGE, definesMutation, mayBeForged } from './csrf.js';
import { BODY_SHAPE_MESSAGE, readGetOperation, readOperations, type GraphqlOperationRequest } from './request-shape.js';
import { findUnstorableValue, unstorableMessage } from '../../platform/db/storable-text.js';
import { findUnstorableLiteral, UNSTORABLE_INPUT_CODE } from './storable-input.js';

/** Bounds on a document, checked before it is parsed (and while parsing, for tokens). */
export interface DocumentLimits {
  maxChars: number;
  maxTokens: number;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
  /** Where in the document (syntax errors). */
  locations?: readonly { line: number; column: number }[];
}

/** What the gate needs to know of a request to /_/graphql. */
export interface GraphqlHttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body (POST): an object, or a string for text/plain. */
  body: unknown;
  /** The query-string parameters (GET). */
  query: unknown;
}

export const ONE_OPERATION_MESSAGE = 'A document may hold one operation; send others as their own requests or batch entries.';

const refuse = (code: string, message: string, status = 400): Refusal => ({ status, code, message });

/** The body as JSON: text/plain bodies arrive as text (simple requests cannot say application/json). */
function decodeBody(request: GraphqlHttpRequest): { ok: true; body: unknown } | { ok: false; message: string } {
  if (typeof request.body !== 'string') return { ok: true, body: request.body };
  const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // A JSON body that is itself a string is not a GraphQL request; only text/plain is parsed here.
  if (contentType !== 'text/plain') return { ok: false, message: BODY_SHAPE_MESSAGE };
  try {
    return { ok: true, body: JSON.parse(request.body) };
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
}

/**
 * The document of an operation within the limits, or why not. Syntax errors are answered
 * here too: on a syntax error Mercurius would try the text as a JSON-encoded AST, which
 * would then run unseen by every check of this gate.
 */
function parseWithinLimits(query: string, limits: DocumentLimits): { document: DocumentNode } | Refusal {
  if (query.length > limits.maxChars) {
    return refuse('QUERY_TOO_LARGE', `The document is ${query.length} characters long; the maximum is ${limits.maxChars}.`, 413);
  }
  try {
    return { document: parse(query, { maxTokens: limits.maxTokens }) };
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    // graphql 16 words it 'more that N tokens'; later versions may fix the spelling.
    if (/^Syntax Error: Document contains more th\w+ \d+ tokens/.test(err.message)) {
      return refuse('QUERY_TOO_LARGE', `The document holds more than ${limits.maxTokens} tokens, the maximum.`, 413);
    }
    return { ...refuse('GRAPHQL_PARSE_FAILED', err.message), locations: err.locations };
  }
}

function checkOperation(op: GraphqlOperationRequest, index: number | null, forged: boolean, limits: DocumentLimits): Refusal | null {
  const where = index === null ? '' : `Operation ${index}: `;
  const parsed = parseWithinLimits(op.query, limits);
  if ('status' in parsed) return { ...parsed, message: where + parsed.message };
  const unstorableVariable = findUnstorableValue(op.variables ?? null, 'variables');
  if (unstorableVariable) return refuse(UNSTORABLE_INPUT_CODE, where + unstorableMessage(`The value at ${unstorableVariable.path}`, unstorableVariable.what));
  const unstorableLiteral = findUnstorableLiteral(parsed.document);
  if (unstorableLiteral) {
    return refuse(UNSTORABLE_INPUT_CODE, where + unstorableMessage(`A string in the document${unstorableLiteral.line ? ` (line ${unstorableLiteral.line})` : ''}`, unstorableLiteral.what));
  }
  // Mercurius keeps one compiled plan per document text, compiled for the first operationName
  // it met: a second operation in the same document would run the first one's plan.
  if (parsed.document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length > 1) return refuse('BAD_REQUEST', where + ONE_OPERATION_MESSAGE);
  if (forged && definesMutation(parsed.document)) return refuse('CSRF_REFUSED', CSRF_MUTATION_MESSAGE);
  return null;
}

/**
 * Whether a request to /_/graphql may be executed, decided before anything runs: the body
 * or parameters have exactly the documented shape, documents are within the size limits,
 * no argument holds text the database cannot store, and a mutation comes only from a
 * request another site could not have sent (or, over GET, never). Returns the refusal, or
 * the decoded body to execute.
 */
export function admitGraphqlRequest(request: GraphqlHttpRequest, limits: DocumentLimits): { refusal: Refusal } | { body: unknown } {
  const isGet = request.method === 'GET';
  let body: unknown = undefined;
  let verdict;
  if (isGet) {
    verdict = readGetOperation(request.query);
  } else {
    const decoded = decodeBody(request);
    if (!decoded.ok) return { refusal: refuse('BAD_REQUEST', decoded.message) };
    body = decoded.body;
    verdict = readOperations(body);
  }
  if (!verdict.ok) return { refusal: refuse('BAD_REQUEST', verdict.message) };
  // Over GET every mutation is refused: a link or an image could send it.
  const forged = isGet || mayBeForged(request.headers);
  const batched = Array.isArray(body);
  for (const [i, op] of verdict.operations.entries()) {
    const refusal = checkOperation(op, batched ? i : null, forged, limits);
    if (refusal) {
      if (isGet && refusal.code === 'CSRF_REFUSED') return { refusal: { ...refusal, status: 405, headers: { allow: 'POST' } } };
      return { refusal };
    }
  }
  return { body };
}
