// The baseline: the same page rendered by the app's own renderer (dist/server/entry-server.js)
// from a plain node:http server whose GraphQL results were recorded once from the running app.
// No database, no GraphQL execution, no Fastify: what is left is React rendering the page,
// Apollo's cache filling from canned results and the HTML going out.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { print } from 'graphql';
import { tsImport } from 'tsx/esm/api';

// The app's own asset tags, so the baseline's HTML is the app's byte for byte.
const { manifestAssets } = await tsImport('../../src/server/ssr/assets.ts', import.meta.url);
import { ensureOpen, track } from './cleanup.mjs';
import { graphqlRequest } from './http.mjs';

const operationKey = (operationName, variables) => `${operationName ?? ''} ${JSON.stringify(variables ?? {})}`;

/** The rendered body: a Buffer, or a stream from a renderer that streams. */
async function readAll(stream) {
  if (Buffer.isBuffer(stream) || typeof stream === 'string') return Buffer.from(stream);
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Loads the built renderer. React picks its production or development build from NODE_ENV
 * when first loaded, so the caller sets NODE_ENV=production before this runs.
 */
export async function loadRenderer(root) {
  return import(pathToFileURL(path.join(root, 'dist', 'server', 'entry-server.js')).href);
}

/**
 * Renders `storyPath` once with an `execute` that POSTs every operation to the running app and
 * records the results; returns a replaying `execute` and what the render produced.
 */
export async function recordStoryPage({ renderer, root, appOrigin, mainHost, storyPath }) {
  const recorded = new Map();
  const errors = [];
  const execute = async (document, variables, operationName) => {
    const result = await graphqlRequest(appOrigin, { query: print(document), variables, operationName });
    if (result.errors?.length) errors.push(`${operationName}: ${result.errors.map((e) => e.message).join('; ')}`);
    recorded.set(operationKey(operationName, variables), result);
    return result;
  };
  const assets = manifestAssets(path.join(root, 'dist', 'client'));
  const log = { warn: () => {}, error: (obj, msg) => errors.push(`${msg ?? 'error'}: ${obj?.err?.message ?? obj}`) };
  const result = await renderer.render(pageInput({ url: storyPath, mainHost, execute, assets, log }));
  if (result.kind !== 'html' || result.status !== 200) {
    throw new Error(`Recording the story page: render gave ${result.kind} ${result.status}${result.location ? ` → ${result.location}` : ''}.`);
  }
  const html = await readAll(result.body);
  if (errors.length) throw new Error(`Recording the story page failed:\n  ${errors.join('\n  ')}`);
  if (recorded.size === 0) throw new Error('Recording the story page: the render ran no GraphQL operation.');

  const replay = async (_document, variables, operationName) => {
    const hit = recorded.get(operationKey(operationName, variables));
    if (!hit) throw new Error(`Baseline: no recorded result for ${operationKey(operationName, variables)}`);
    return hit;
  };
  return { replay, assets, operations: [...recorded.keys()], html };
}

/** The RenderInput the app builds for a logged-out request on its main host. */
function pageInput({ url, mainHost, execute, assets, log }) {
  return {
    url,
    host: mainHost,
    protocol: 'http',
    siteName: 'Inkwell',
    mainHost,
    viewer: null,
    graphqlUrl: '/_/graphql',
    faviconUrl: '/static/favicon.svg',
    execute,
    assets,
    log,
  };
}

/** Starts the baseline server on 127.0.0.1:port; resolves with { origin, errors(), close() }. */
export async function startBaselineServer({ renderer, replay, assets, mainHost, port }) {
  const errors = [];
  const log = { warn: () => {}, error: (obj, msg) => errors.push(`${msg ?? 'error'}: ${obj?.err?.message ?? obj}`) };
  const server = http.createServer(async (req, res) => {
    try {
      const result = await renderer.render(pageInput({ url: req.url, mainHost, execute: replay, assets, log }));
      if (result.kind === 'redirect') {
        res.writeHead(result.status, { location: result.location });
        res.end();
        return;
      }
      res.writeHead(result.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      if (Buffer.isBuffer(result.body) || typeof result.body === 'string') res.end(result.body);
      else result.body.pipe(res);
    } catch (err) {
      errors.push(`render failed: ${err?.message ?? err}`);
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('baseline render failed');
    }
  });
  server.keepAliveTimeout = 72_000; // as Fastify's default
  ensureOpen();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const untrack = track('baseline server', { async: close, sync: () => server.closeAllConnections() });
  return {
    origin: `http://127.0.0.1:${port}`,
    errors: () => [...errors],
    async close() {
      await close();
      untrack();
    },
  };
}
