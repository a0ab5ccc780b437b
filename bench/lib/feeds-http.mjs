// The feeds through the running app: which GraphQL operations the signed-in home page runs
// (recorded by rendering `/` with the app's own renderer, as bench/lib/baseline.mjs does for the
// story page), and the time of each operation for many readers, one request at a time on a
// kept-alive loopback connection, so the figure is the server's time plus a loopback hop.
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { print } from 'graphql';
import { tsImport } from 'tsx/esm/api';
import { summary } from './feeds-readers.mjs';

const { manifestAssets } = await tsImport('../../src/server/ssr/assets.ts', import.meta.url);

/**
 * The feeds as a page asks for them when the home page's own operations are not there yet:
 * the first page of each tab with the card fields of PostPreview_post.
 */
const CARD = `id title uniqueSlug mediumUrl firstPublishedAt readingTime clapCount isLocked postResponses { count }
  previewImage { id alt originalWidth originalHeight } extendedPreviewContent { subtitle } creator { id name username imageId }`;
export const FALLBACK_OPERATIONS = [
  { operationName: 'BenchFollowingFeed', query: `query BenchFollowingFeed { followingFeed(paging: { limit: 10 }) { items { post { ${CARD} } source { postFeedReason } } pagingInfo { next { limit to } } } }`, variables: {} },
  { operationName: 'BenchForYouFeed', query: `query BenchForYouFeed { forYouFeed(paging: { limit: 10 }) { items { post { ${CARD} } source { postFeedReason } } pagingInfo { next { limit to } } } }`, variables: {} },
];
export const UNREAD_COUNT = { operationName: 'UnreadNotificationCount', query: 'query UnreadNotificationCount { unreadNotificationCount }', variables: {} };
export const VIEWER = { operationName: 'ViewerBench', query: 'query ViewerBench { viewer { id } }', variables: {} };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function post(origin, cookie, payload) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const req = http.request(`${origin}/_/graphql`, { method: 'POST', agent, headers: { 'content-type': 'application/json', cookie, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('GraphQL request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** One operation as `reader`; throws on a non-200 answer or GraphQL errors. Returns ms and the data. */
export async function timeOperation(origin, reader, op) {
  const t0 = performance.now();
  const res = await post(origin, reader.cookie, op);
  const ms = performance.now() - t0;
  const json = JSON.parse(res.text);
  if (res.status !== 200 || json.errors?.length) throw new Error(`${op.operationName} as ${reader.username}: ${res.status} ${res.text.slice(0, 400)}`);
  return { ms, data: json.data };
}

/**
 * Each operation for every reader in turn, twice: a first visit (what the reader's rows cost
 * when nothing of theirs is in memory yet, after `warmup` uncounted calls) and a repeat visit.
 * Returns p50/p95/p99 in ms of each, of the heavy readers' first visits, and with `cpu` (a
 * function returning { node, db } CPU ms totals of the server) the server's CPU per call.
 */
export async function timeOperations(origin, readers, operations, { warmup = 20, cpu = null } = {}) {
  const out = [];
  for (const op of operations) {
    for (let i = 0; i < warmup; i++) await timeOperation(origin, readers[readers.length - 1 - (i % readers.length)], op);
    const first = [];
    const repeat = [];
    const heavy = [];
    const items = [];
    const nexts = new Map(); // reader → the feed's next page (limit, to), for the infinite scroll
    const cpu0 = cpu && (await cpu());
    for (const times of [first, repeat]) {
      for (const reader of readers) {
        const { ms, data } = await timeOperation(origin, reader, op);
        times.push(ms);
        if (reader.heavy && times === first) heavy.push(ms);
        const feed = data && Object.values(data).find((v) => v && Array.isArray(v.items));
        if (feed && times === first) items.push(feed.items.length);
        if (feed?.pagingInfo?.next && times === first) nexts.set(reader, feed.pagingInfo.next);
      }
    }
    const cpu1 = cpu && (await cpu());
    const perCall = (k) => (cpu1[k] - cpu0[k]) / (first.length + repeat.length);
    const cpuMsPerCall = cpu ? { node: perCall('node'), db: perCall('db') } : null;
    out.push({ operationName: op.operationName, all: summary(first), repeat: summary(repeat), heavy: heavy.length ? summary(heavy) : null, emptyPages: items.filter((n) => n === 0).length, pages: items.length, cpuMsPerCall });
    if (nexts.size > 0 && op.query.includes('$paging')) out.push(await timeNextPages(origin, op, nexts));
  }
  return out;
}

/** The second page of a feed for every reader who has one, as the infinite scroll asks for it. */
async function timeNextPages(origin, op, nexts) {
  const times = [];
  const heavy = [];
  for (const [reader, next] of nexts) {
    const { ms } = await timeOperation(origin, reader, { ...op, variables: { ...op.variables, paging: { limit: next.limit, to: next.to } } });
    times.push(ms);
    if (reader.heavy) heavy.push(ms);
  }
  return { operationName: `${op.operationName} (next page)`, all: summary(times), repeat: null, heavy: heavy.length ? summary(heavy) : null, emptyPages: 0, pages: 0, cpuMsPerCall: null };
}

/**
 * Renders `/` for `reader` with the built renderer, every operation POSTed to the app with the
 * reader's cookie; returns the operations (name, query, variables) the page ran and its page id.
 */
export async function recordHomeOperations({ renderer, root, origin, mainHost, reader }) {
  const ops = [];
  const errors = [];
  const execute = async (document, variables, operationName) => {
    const op = { operationName, query: print(document), variables: variables ?? {} };
    ops.push(op);
    const res = await post(origin, reader.cookie, op);
    const json = JSON.parse(res.text);
    if (json.errors?.length) errors.push(`${operationName}: ${json.errors.map((e) => e.message).join('; ')}`);
    return json;
  };
  const log = { warn: () => {}, error: (obj, msg) => errors.push(`${msg ?? 'error'}: ${obj?.err?.message ?? obj}`) };
  const viewer = { id: reader.id, name: reader.name, username: reader.username, imageId: null, emailObfuscated: null, xsrf: reader.xsrf };
  const result = await renderer.render({
    url: '/',
    host: mainHost,
    protocol: 'http',
    siteName: 'Inkwell',
    mainHost,
    viewer,
    graphqlUrl: '/_/graphql',
    faviconUrl: '/static/favicon.svg',
    execute,
    assets: manifestAssets(path.join(root, 'dist', 'client')),
    log,
  });
  if (errors.length) throw new Error(`Rendering / as ${reader.username}:\n  ${errors.join('\n  ')}`);
  return { status: result.status, kind: result.kind, operations: ops };
}
