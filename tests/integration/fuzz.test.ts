import fc from 'fast-check';
import { buildSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { typeDefs } from '../../src/server/graphql/schema.js';
import { INTERNAL_ERROR_MESSAGE } from '../../src/server/graphql/errors.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { DbState } from '../support/db-state.js';
import { operationArbitrary, type FuzzOperation, type KnownIds } from '../support/fuzz-graphql.js';
import { pathOfEveryRoute, requestArbitrary, type FuzzRequest } from '../support/fuzz-http.js';
import { loopDelayMonitor, mainThreadCpuMs } from '../support/main-thread-cpu.js';
import { newReader, newStory } from '../support/readers.js';
import { searchHeaders } from './search-fixtures.js';

/**
 * The app as an attacker meets it: 10,000 generated requests (GraphQL operations over the
 * real schema, valid and broken, and HTTP requests of every method, path, type and body),
 * signed in and not, against the production configuration on a real database. For every
 * one: no 5xx, no "Internal server error", nothing logged at error level, the event loop
 * never kept busy 100 ms or more by it (main-thread CPU time, not the wall clock), and a
 * mutation that is refused leaves every table as it was.
 */

/** 10,000 in all; FUZZ_RUNS scales a run up (a longer search) or down (a quick look). */
const SCALE = Number(process.env.FUZZ_RUNS ?? 10_000) / 10_000;
const GRAPHQL_RUNS = Math.round(6_000 * SCALE);
const HTTP_RUNS = Math.round(4_000 * SCALE);
/** About 25 s on an idle two-core machine; generous for a loaded CI runner. */
const RUN_TIMEOUT_MS = 600_000;
const MAX_BLOCK_MS = 100;
/** A request still unanswered after this long is taken to hang (a failure, named, instead of a stalled run). */
const HANG_MS = 20_000;

async function answerWithin<T>(ms: number, answer: Promise<T>, request: FuzzRequest): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${request.method} ${request.url}`)), ms);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}
const ERROR_LEVEL = 50;

type LogLine = TestApp['logs'][number] & { errors?: { extensions?: { code?: string } }[] };


interface Answer {
  status: number;
  body: string;
}

/** True when the request ran no mutation: refused whole, or each operation answered with errors and no data. */
function refused(answer: Answer): boolean {
  if (answer.status >= 400) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return false;
  }
  const results = (Array.isArray(parsed) ? parsed : [parsed]) as { data?: Record<string, unknown> | null; errors?: unknown[] }[];
  return results.every((r) => (r.errors?.length ?? 0) > 0 && (!r.data || Object.values(r.data).every((v) => v === null)));
}

describe('fuzzing the app with generated requests', () => {
  let t: TestApp;
  let state: DbState;
  let ids: KnownIds;
  const cookies: string[] = [];
  let nextCookie = 0;
  const stats = { requests: 0, byStatus: new Map<number, number>(), maxCpuMs: 0, slowest: '', refusedMutations: 0 };
  const loop = loopDelayMonitor();

  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    state = new DbState(t.database);
    const writers = await Promise.all([newReader(t, 'Writer'), newReader(t, 'Other')]);
    const posts = await Promise.all(writers.map((w) => newStory(t, w.id)));
    ids = { users: writers.map((w) => w.id), posts, usernames: [] };
    // A session per signed-in request, round robin: some are revoked by the fuzzed sign-outs.
    for (let i = 0; i < 60; i++) {
      const { token } = await createSession(t.database.db, writers[i % 2]!.id, { userAgent: 'fuzz', ip: '203.0.113.7' });
      cookies.push(`sid=${token}`);
    }
  });

  /**
   * A page's first render loads and compiles its modules (here from source, through the
   * test transform; 150-200 ms for the editor): a cost paid once per process, not per
   * request, so not held to the bound. The page rendered is read from its state script.
   */
  const renderedPages = new Set<string>();
  function firstRenderOfPage(body: string): boolean {
    const pageId = /"pageId":"([^"]+)"/.exec(body.slice(0, 20_000))?.[1];
    if (!pageId || renderedPages.has(pageId)) return false;
    renderedPages.add(pageId);
    return true;
  }

  const cookie = () => cookies[nextCookie++ % cookies.length]!;

  async function send(request: FuzzRequest): Promise<void> {
    const mutations = request.operations.filter((op) => op.kind === 'mutation');
    if (mutations.length) await state.mark();
    const logsBefore = t.logs.length;
    loop.start();
    const cpuBefore = mainThreadCpuMs();
    const res = await answerWithin(HANG_MS, t.app.inject({ method: request.method, url: request.url, headers: { host: TEST_HOST, ...request.headers }, payload: request.payload }), request);
    const cpuMs = mainThreadCpuMs() - cpuBefore;
    const answer = { status: res.statusCode, body: res.body };
    const label = `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${String(request.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;

    loop.end(label.slice(0, 200));
    stats.requests++;
    stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
    const firstRender = firstRenderOfPage(res.body);
    if (cpuMs > stats.maxCpuMs && !firstRender) [stats.maxCpuMs, stats.slowest] = [cpuMs, label.slice(0, 200)];

    expect(res.statusCode, label).toBeLessThan(500);
    expect(res.body.includes(INTERNAL_ERROR_MESSAGE), label).toBe(false);
    expect(t.logs.slice(logsBefore).filter((l) => l.level >= ERROR_LEVEL), label).toEqual([]);
    if (!firstRender) expect(cpuMs, `event loop busy ${cpuMs} ms: ${label}`).toBeLessThan(MAX_BLOCK_MS);
    if (mutations.length && refused(answer)) {
      stats.refusedMutations++;
      expect(await state.changedSinceMark(), `refused, yet written: ${label}`).toBe('');
    }
  }

  const graphqlRequest = (ops: fc.Arbitrary<FuzzOperation>) =>
    fc
      .record({
        op: ops,
        contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain'),
        customHeader: fc.boolean(),
        signedIn: fc.boolean(),
        batch: fc.boolean(),
      })
      .map(({ op, contentType, customHeader, signedIn, batch }): FuzzRequest => {
        const body = { query: op.query, variables: op.variables, operationName: op.operationName };
        const headers: Record<string, string> = { 'content-type': contentType };
        if (customHeader) headers['graphql-operation'] = op.operationName ?? 'Fuzz';
        if (signedIn) headers.cookie = cookie();
        return { method: 'POST', url: '/_/graphql', headers, payload: JSON.stringify(batch ? [body, { query: '{ isLoggedIn }' }] : body), operations: [op], signedIn };
      });

  it(`answers ${GRAPHQL_RUNS} generated GraphQL operations without a server error, a long block or a refused write`, async () => {
    const ops = operationArbitrary(buildSchema(typeDefs), ids);
    await fc.assert(
      fc.asyncProperty(graphqlRequest(ops), (request) => send(request)),
      { numRuns: GRAPHQL_RUNS, endOnFailure: true },
    );
    console.info(`GraphQL fuzz: ${stats.requests} requests, statuses ${JSON.stringify([...stats.byStatus])}, refused mutations ${stats.refusedMutations}, max main-thread CPU per request ${stats.maxCpuMs} ms (${stats.slowest})`);
  }, RUN_TIMEOUT_MS);

  it(`answers ${HTTP_RUNS} generated HTTP requests without a server error, a long block or a refused write`, async () => {
    // Every page rendered once, signed out and in, before anything is measured (pathOfEveryRoute).
    for (const url of pathOfEveryRoute()) {
      for (const signedIn of [false, true]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, ...(signedIn ? { cookie: cookie() } : {}) } });
        firstRenderOfPage(res.body);
      }
    }
    const before = stats.requests;
    const ops = operationArbitrary(buildSchema(typeDefs), ids);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(ops, { cookie, searchHeaders: searchHeaders(t, null) }), (request) => send(request)),
      { numRuns: HTTP_RUNS, endOnFailure: true },
    );
    const worst = loop.stop();
    console.info(`HTTP fuzz: ${stats.requests - before} requests, statuses ${JSON.stringify([...stats.byStatus])}, max main-thread CPU ${stats.maxCpuMs} ms (${stats.slowest}); longest loop delay (wall clock) ${worst.ms.toFixed(1)} ms: ${worst.label}`);
    expect(stats.requests).toBeGreaterThanOrEqual(GRAPHQL_RUNS + HTTP_RUNS);
  }, RUN_TIMEOUT_MS);
});
