// Load for the clap benchmark, run as a child process (bench/lib/clap-bench.mjs starts it) so
// the load generator never shares an event loop with the server it measures. Every request is
// one GraphQL call as a different signed-in reader about a different story, in turn.
//
// Input (the JSON file named by argv[2]): { origin, kind: 'clap' | 'viewer', pairs: [{ cookie, userId, postId }],
// connections, duration }. Output (stdout, JSON): the figures, and for claps what the answers said.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { loadFigures } from './load.mjs';

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

const CLAP = 'mutation ClapBench($p: ID!, $u: ID!) { clap(targetPostId: $p, userId: $u, numClaps: 1) { __typename ... on ClapSuccess { addedClaps } } }';
const VIEWER = 'query ViewerBench { viewer { id } }';

let next = 0;
const answers = { ok: 0, added: 0, other: 0, sample: null };

function setupRequest(req) {
  const pair = input.pairs[next++ % input.pairs.length];
  req.headers = { ...req.headers, cookie: pair.cookie };
  req.body =
    input.kind === 'clap'
      ? JSON.stringify({ query: CLAP, operationName: 'ClapBench', variables: { p: pair.postId, u: pair.userId } })
      : JSON.stringify({ query: VIEWER, operationName: 'ViewerBench' });
  return req;
}

function onResponse(status, body) {
  // A GraphQL error still answers 200: the body says whether the call did what it should.
  const good = input.kind === 'clap' ? body.includes('"__typename":"ClapSuccess"') : body.includes('"viewer":{"id"');
  if (status === 200 && good) {
    answers.ok++;
    if (input.kind === 'clap' && body.includes('"addedClaps":1')) answers.added++;
  } else {
    answers.other++;
    answers.sample ??= `${status} ${body.slice(0, 300)}`;
  }
}

const result = await autocannon({
  url: `${input.origin}/_/graphql`,
  connections: input.connections,
  duration: input.duration,
  requests: [{ method: 'POST', path: '/_/graphql', headers: { 'content-type': 'application/json' }, setupRequest, onResponse }],
});

process.stdout.write(JSON.stringify({ ...loadFigures(result), answers }));
