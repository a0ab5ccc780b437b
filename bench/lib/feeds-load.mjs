// Load for the feed benchmark, run as a child process (bench/lib/feeds-bench.mjs starts it) so
// the load generator never shares an event loop with the server it measures. Each request goes
// out as the next reader in turn (their session cookie): every request is a different
// signed-in reader, nothing the app caches per reader is hit twice in a row.
//
// Input (the JSON file named by argv[2]): { origin, kind: 'home' | 'viewer' | 'health', cookies: [],
// connections, duration }. Output (stdout, JSON): the figures and what the answers said.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { loadFigures } from './load.mjs';

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const VIEWER = JSON.stringify({ query: 'query ViewerBench { viewer { id } }', operationName: 'ViewerBench' });

let next = 0;
const answers = { ok: 0, other: 0, sample: null };

function setupRequest(req) {
  const cookie = input.cookies[next++ % input.cookies.length];
  req.headers = { ...req.headers, cookie };
  return req;
}

// A page for a reader whose session did not count would still answer 200 (the logged-out
// landing): the signed-in page embeds its viewer in the page state, the viewer query returns it.
function good(status, body) {
  if (status !== 200) return false;
  if (input.kind === 'home') return body.includes('"viewer":{"id"');
  if (input.kind === 'viewer') return body.includes('"viewer":{"id"');
  return true;
}

function onResponse(status, body) {
  if (good(status, body)) answers.ok++;
  else {
    answers.other++;
    answers.sample ??= `${status} ${body.slice(0, 300)}`;
  }
}

const request =
  input.kind === 'home'
    ? { method: 'GET', path: '/', setupRequest, onResponse }
    : input.kind === 'viewer'
      ? { method: 'POST', path: '/_/graphql', headers: { 'content-type': 'application/json' }, body: VIEWER, setupRequest, onResponse }
      : { method: 'GET', path: '/_/health', onResponse };

const result = await autocannon({ url: input.origin, connections: input.connections, duration: input.duration, requests: [request] });
process.stdout.write(JSON.stringify({ ...loadFigures(result), p95: result.latency.p97_5 ?? null, answers }));
