import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/modules/accounts/commands.js';
import { userFollows } from '../../src/modules/social/tables.js';
import { CSRF_HEADER } from '../../src/server/graphql/csrf.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';

/**
 * A mutation runs only when the request has exactly a documented shape and another site
 * could not have sent it: Content-Type application/json (or application/graphql), or the
 * client's custom header. Every other combination of shape × content type × operation
 * kind must leave the database as it was.
 */

const CONTENT_TYPES = {
  'application/json': 'json',
  'application/json; charset=utf-8': 'json',
  'text/plain': 'simple',
  'text/plain;charset=UTF-8': 'simple',
  'application/x-www-form-urlencoded': 'simple',
  'multipart/form-data; boundary=x': 'simple',
  '': 'simple',
} as const;

/** Ways to write the follow mutation; each names the reader's target by the variable $id. */
const MUTATIONS = {
  variable: (id: string) => ({ query: 'mutation F($id: ID!) { followUser(targetUserId: $id) { id } }', variables: { id } }),
  literal: (id: string) => ({ query: `mutation { followUser(targetUserId: "${id}") { id } }` }),
  /** Documents of two operations are refused (one compiled plan per document text would run the wrong one). */
  namedBesideQuery: (id: string) => ({ query: `query A { isLoggedIn } mutation B { followUser(targetUserId: "${id}") { id } }`, operationName: 'B' }),
  hiddenBehindQueryName: (id: string) => ({ query: `query A { isLoggedIn } mutation B { followUser(targetUserId: "${id}") { id } }`, operationName: 'A' }),
};

type Op = Record<string, unknown>;
/** Body shapes: the documented two, then the ones a lenient reader might coerce into a request. */
const SHAPES: Record<string, { documented: boolean; wrap(op: Op): unknown }> = {
  single: { documented: true, wrap: (op) => op },
  batchLast: { documented: true, wrap: (op) => [{ query: '{ isLoggedIn }' }, op] },
  batchFirst: { documented: true, wrap: (op) => [op, { query: '{ viewer { id } }' }] },
  queryAsArray: { documented: false, wrap: (op) => ({ ...op, query: [op.query] }) },
  queryAsArrayInBatch: { documented: false, wrap: (op) => [{ query: '{ isLoggedIn }' }, { ...op, query: [op.query] }] },
  queryAsObject: { documented: false, wrap: (op) => ({ ...op, query: { toString: op.query } }) },
  nestedBatch: { documented: false, wrap: (op) => [[op]] },
  extraField: { documented: false, wrap: (op) => ({ ...op, persisted: false }) },
  variablesAsText: { documented: false, wrap: (op) => ({ ...op, variables: JSON.stringify(op.variables ?? {}) }) },
  operationNameAsArray: { documented: false, wrap: (op) => ({ ...op, operationName: [op.operationName ?? 'B'] }) },
  emptyBatch: { documented: false, wrap: () => [] },
  oversizedBatch: { documented: false, wrap: (op) => [...Array.from({ length: 20 }, () => ({ query: '{ isLoggedIn }' })), op] },
  doubleEncoded: { documented: false, wrap: (op) => JSON.stringify(op) },
  /** The document as a JSON-encoded AST: Mercurius would run that on a syntax error. */
  astAsQuery: { documented: false, wrap: (op) => ({ ...op, query: JSON.stringify(parse(op.query as string, { noLocation: true })) }) },
};

describe('CSRF: which requests may run a mutation', () => {
  let t: TestApp;
  let reader: Reader;
  let targetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await newReader(t);
    targetId = await createUser(t.database.db, { name: 'Target', username: 'csrf_target' });
  });

  const follows = async () =>
    (await t.database.db.select().from(userFollows).where(and(eq(userFollows.followerId, reader.id), eq(userFollows.targetUserId, targetId)))).length;

  it('runs it only from a documented shape sent as JSON or with the custom header, single or batched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(CONTENT_TYPES) as (keyof typeof CONTENT_TYPES)[])),
        fc.boolean(),
        fc.constantFrom(...(Object.keys(SHAPES) as (keyof typeof SHAPES)[])),
        fc.constantFrom(...(Object.keys(MUTATIONS) as (keyof typeof MUTATIONS)[])),
        async (contentType, withHeader, shapeName, mutationName) => {
          await t.database.db.delete(userFollows).where(eq(userFollows.followerId, reader.id));
          const shape = SHAPES[shapeName]!;
          const headers: Record<string, string> = { host: TEST_HOST, cookie: `sid=${reader.browser.jar.get('sid')}` };
          if (contentType) headers['content-type'] = contentType;
          if (withHeader) headers[CSRF_HEADER] = 'F';
          const res = await t.app.inject({ method: 'POST', url: '/_/graphql', headers, payload: JSON.stringify(shape.wrap(MUTATIONS[mutationName](targetId))) });
          const fromOwnPage = CONTENT_TYPES[contentType] === 'json' || withHeader;
          // Bodies the server cannot parse (form encodings, no type) never reach GraphQL at all.
          const parsed = contentType.startsWith('application/json') || contentType.startsWith('text/plain');
          const oneOperation = mutationName === 'variable' || mutationName === 'literal';
          const shouldRun = fromOwnPage && parsed && shape.documented && oneOperation;
          const label = `${contentType || '(none)'} header=${withHeader} ${shapeName} ${mutationName}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          expect(await follows(), label).toBe(shouldRun ? 1 : 0);
          if (!shouldRun) expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
        },
      ),
      { numRuns: 250 },
    );
  });

  it('refuses every mutation over GET, with or without the header', async () => {
    await t.database.db.delete(userFollows).where(eq(userFollows.followerId, reader.id));
    for (const withHeader of [false, true]) {
      const query = encodeURIComponent(`mutation { followUser(targetUserId: "${targetId}") { id } }`);
      const res = await t.app.inject({ method: 'GET', url: `/_/graphql?query=${query}`, headers: { host: TEST_HOST, cookie: `sid=${reader.browser.jar.get('sid')}`, ...(withHeader ? { [CSRF_HEADER]: 'F' } : {}) } });
      expect(res.statusCode).toBe(405);
      expect(await follows()).toBe(0);
    }
  });

  it('runs a mutation sent as application/graphql (a browser must preflight that type)', async () => {
    await t.database.db.delete(userFollows).where(eq(userFollows.followerId, reader.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/_/graphql',
      headers: { host: TEST_HOST, cookie: `sid=${reader.browser.jar.get('sid')}`, 'content-type': 'application/graphql' },
      payload: `mutation { followUser(targetUserId: "${targetId}") { id } }`,
    });
    expect(res.statusCode).toBe(200);
    expect(await follows()).toBe(1);
  });
});
