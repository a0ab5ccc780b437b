import fc from 'fast-check';
import { buildRoute } from '../../src/shared/routing/index.js';
import { ROUTE_TABLES } from '../../src/shared/routing/tables.js';
import type { FuzzOperation } from './fuzz-graphql.js';

/**
 * Random HTTP requests at the app: any method, known and made-up paths (page routes from
 * the route table, the JSON endpoints, auth and media paths), content types, bodies
 * (GraphQL requests, other JSON, broken JSON, bytes that are not UTF-8, oversized), and
 * headers (cookies, the client's custom header, tokens, search credentials).
 */

export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The GraphQL operations it carries, when it is one (for the state checks). */
  operations: FuzzOperation[];
  /** Whether the request carries the signed-in reader's session cookie. */
  signedIn: boolean;
}

const pageRoutes = ROUTE_TABLES.default.routes;

// Not the notification stream: it stays open by design, and inject waits for an answer to end.
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', 'application/xml', 'text/html', '', 'application/json; charset=latin1', '*/*'];
const JSON_PATHS = ['/_/graphql', '/_/batch', '/1/indexes/*/queries', '/1/indexes/posts/query', '/1/indexes/nope/query', '/1/events', '/_/p/000000000000/quotes/create', '/_/media/upload'];
const OTHER_PATHS = ['/_/health', '/m/signout', '/m/signout/x', '/m/callback/email?token=abc', '/m/account/confirm/abc', '/m/connect/google', '/m/callback/google?code=x&state=y', '/feed/@nobody', '/media/abc', '/static/nope.js', '/favicon.ico', '/_/dev/mailbox', '/robots.txt', '/%', '/%00', '/a%2Fb', '/@%ZZ', '/..%2f..%2fetc', '/p/%FF', '/tag/%C0%80'];
const SEGMENTS = ['x', 'ab_12', '%00', '%', '%E2%82', '..', '@', 'a'.repeat(300), '😀', 'null', '-1', '000000000000'];

const bodyArb = (ops: fc.Arbitrary<FuzzOperation>): fc.Arbitrary<{ payload?: string | Buffer; operations: FuzzOperation[] }> =>
  fc.oneof(
    { weight: 6, arbitrary: ops.map((op) => ({ payload: JSON.stringify({ query: op.query, variables: op.variables, operationName: op.operationName }), operations: [op] })) },
    { weight: 2, arbitrary: fc.array(ops, { minLength: 1, maxLength: 3 }).map((list) => ({ payload: JSON.stringify(list.map((op) => ({ query: op.query, variables: op.variables }))), operations: list })) },
    { weight: 1, arbitrary: ops.map((op) => ({ payload: JSON.stringify({ query: [op.query], variables: op.variables }), operations: [op] })) },
    { weight: 1, arbitrary: ops.map((op) => ({ payload: op.query, operations: [op] })) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }).map((payload) => ({ payload, operations: [] })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }).map((payload) => ({ payload, operations: [] })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ payload: Buffer.concat([Buffer.from('{"query":"'), Buffer.from(bytes), Buffer.from('"}')]), operations: [] })) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[', 'null', '[]', '{}', '"x"', '[[{}]]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}').map((payload) => ({ payload, operations: [] })) },
    { weight: 1, arbitrary: fc.constant({ payload: `{"query":"${'a'.repeat(1024 * 1024)}"}`, operations: [] as FuzzOperation[] }) },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, operations: [] as FuzzOperation[] }) },
  );

const pathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JSON_PATHS) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_PATHS) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...pageRoutes), fc.constantFrom(...SEGMENTS)).map(([route, value]) => {
      try {
        return buildRoute(route.def.name, Object.fromEntries(route.paramNames.map((p) => [p, decodeURIComponentSafe(value)])));
      } catch {
        return '/';
      }
    }),
  },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`) },
);

/**
 * One path of every page route, for a warm-up before measuring: a page's first render loads its
 * modules (a cost paid once per process), and a HEAD request's empty body cannot say which page
 * it rendered, so the measurement cannot tell that first render from a slow one.
 */
export function pathOfEveryRoute(): string[] {
  return pageRoutes.map((route) => {
    try {
      return buildRoute(route.def.name, Object.fromEntries(route.paramNames.map((p) => [p, 'ab_12'])));
    } catch {
      return '/';
    }
  });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const queryStringArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?q=ink', '?query=%7BisLoggedIn%7D', '?query=a&query=b', '?redirect=%2F%2Fevil.example', '?source=%00', '?x[y]=1', '?variables=%7Bbad', '?query=mutation%7B_%7D') },
);

export function requestArbitrary(ops: fc.Arbitrary<FuzzOperation>, credentials: { cookie(): string; searchHeaders: Record<string, string> }): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD' as const),
      path: pathArb,
      queryString: queryStringArb,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      body: bodyArb(ops),
      signedIn: fc.boolean(),
      junkCookie: fc.boolean(),
      customHeader: fc.boolean(),
      bearer: fc.constantFrom(null, 'Bearer ', 'Bearer nope', 'Basic Zm9vOmJhcg=='),
      search: fc.boolean(),
      extra: fc.dictionary(fc.constantFrom('x-forwarded-for', 'accept', 'accept-encoding', 'origin', 'referer', 'x-xsrf-token', 'if-none-match', 'range'), fc.constantFrom('1.2.3.4', '*/*', 'gzip', 'https://evil.example', 'x', 'bytes=0-1', '"etag"')),
    })
    .map((r) => {
      const headers: Record<string, string> = { ...r.extra };
      if (r.contentType) headers['content-type'] = r.contentType;
      const cookies = [r.signedIn ? credentials.cookie() : '', r.junkCookie ? 'sid=junk; uid=lo_zz' : ''].filter(Boolean);
      if (cookies.length) headers.cookie = cookies.join('; ');
      if (r.customHeader) headers['graphql-operation'] = 'Fuzz';
      if (r.bearer) headers.authorization = r.bearer;
      if (r.search) Object.assign(headers, credentials.searchHeaders);
      const hasBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body.payload !== undefined;
      return {
        method: r.method,
        url: r.path + (r.path.includes('?') ? r.queryString.replace('?', '&') : r.queryString),
        headers,
        payload: hasBody ? r.body.payload : undefined,
        operations: hasBody && r.path === '/_/graphql' ? r.body.operations : [],
        signedIn: r.signedIn,
      } satisfies FuzzRequest;
    });
}
