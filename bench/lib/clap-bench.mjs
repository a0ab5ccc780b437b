// The clap benchmark (entered through bench/clap.mjs, which sets NODE_ENV first): many readers
// clapping many stories against the built app, with a signed-in `viewer` query as the baseline
// measured in the same run. See bench/README.md, "Claps".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppProcess, tempDataDir } from './app-process.mjs';
import { runChild } from './child-load.mjs';
import { closing } from './cleanup.mjs';
import { withServerCpuPerCall } from './cpu.mjs';
import { demoStories, signUpReaders } from './demo-content.mjs';
import { freePort } from './http.mjs';
import { assertAnswered } from './load.mjs';
import { fmt, table, verdict } from './report.mjs';
import { runMain } from './run-main.mjs';
import { wholeNumberFromEnv } from './settings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = path.join(root, 'bench', 'results', 'clap.json');

const TARGETS = { clapsPerSec: 1000, clapP99Ms: 20 };
/** A reader gives a story at most 50 claps: readers × stories × 50 must outlast the run. */
const MAX_CLAPS = 50;

const num = wholeNumberFromEnv;
const progress = (m) => !closing() && process.stderr.write(`▸ ${m}\n`);

/** Each story's claps, as any reader sees them. */
async function clapCounts(client, postIds) {
  const fields = postIds.map((id, i) => `p${i}: post(id: "${id}") { clapCount viewerClapCount }`).join(' ');
  const data = await client.gql(`{ ${fields} }`);
  return postIds.map((_, i) => data[`p${i}`]);
}

/** Runs bench/lib/clap-load.mjs in a child process and returns what it printed. */
const runLoad = (dir, config) => runChild(path.join(root, 'bench', 'lib', 'clap-load.mjs'), dir, config);

async function main() {
  const settings = {
    readers: num('BENCH_CLAP_READERS', 60),
    duration: num('BENCH_DURATION', 10),
    warmup: num('BENCH_WARMUP', 2),
    connections: num('BENCH_CONNECTIONS', 10),
  };
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('No build in dist/: run npm run build first.');
  const loadAverage = os.loadavg();
  const dataDir = tempDataDir(path.join(os.tmpdir(), 'inkwell-bench-clap-'));
  progress(`starting the app on a fresh data directory (${dataDir}), seeding demo content`);
  // Every reader signs up from this one address: no captcha, sign-in limits raised.
  const app = new AppProcess({ root, dataDir, port: await freePort(), env: { CAPTCHA_PROVIDER: 'none', AUTH_RATE_LIMIT_FACTOR: '1000' } });
  app.start();
  await app.waitHealthy();

  progress(`signing up ${settings.readers} readers through the email sign-up flow`);
  const readers = await signUpReaders(app.origin, settings.readers);
  const postIds = await demoStories(readers[0].client);
  const capacity = readers.length * postIds.length * MAX_CLAPS;
  progress(`${readers.length} readers × ${postIds.length} stories: room for ${fmt.int(capacity)} claps`);

  // Every reader with every story, ordered so that calls made at the same moment are about
  // different stories and readers: many people clapping many stories, not one hot story.
  const pairs = [];
  for (let k = 0; k < readers.length * postIds.length; k++) {
    const reader = readers[(Math.floor(k / postIds.length) + k) % readers.length];
    pairs.push({ cookie: reader.client.cookieHeader(), userId: reader.id, postId: postIds[k % postIds.length] });
  }
  const before = await clapCounts(readers[0].client, postIds);

  // Server CPU per call (the app's Node process and PostgreSQL) holds better than throughput on a
  // machine that is busy with other work: it says what a call costs, not how much CPU was free.
  const load = (kind, duration) => withServerCpuPerCall(app.pid, dataDir, () => runLoad(dataDir, { origin: app.origin, kind, pairs, connections: settings.connections, duration }));
  if (settings.warmup > 0) {
    progress(`warm-up: ${settings.warmup} s of claps and of viewer queries (not counted)`);
    assertAnswered('Clap warm-up', await load('clap', settings.warmup));
    assertAnswered('Viewer warm-up', await load('viewer', settings.warmup));
  }
  progress(`claps: ${settings.duration} s at -c ${settings.connections}, one clap per call`);
  const claps = await load('clap', settings.duration);
  assertAnswered('Claps', claps);
  progress(`baseline: ${settings.duration} s of signed-in viewer queries at -c ${settings.connections}`);
  const viewer = await load('viewer', settings.duration);
  assertAnswered('Viewer query', viewer);

  // The totals must still add up: each story's new claps are the sum of its readers' claps.
  progress('checking the totals: every story against the sum of its readers’ claps');
  const after = await clapCounts(readers[0].client, postIds);
  const perReader = await Promise.all(readers.map((r) => clapCounts(r.client, postIds)));
  for (let s = 0; s < postIds.length; s++) {
    const mine = perReader.map((counts) => counts[s].viewerClapCount);
    const sum = mine.reduce((a, b) => a + b, 0);
    if (Math.max(...mine) > MAX_CLAPS) throw new Error(`Story ${postIds[s]}: a reader has more than ${MAX_CLAPS} claps.`);
    if (after[s].clapCount - before[s].clapCount !== sum) throw new Error(`Story ${postIds[s]}: its total grew by ${after[s].clapCount - before[s].clapCount}, its readers gave ${sum}.`);
  }
  const errorsLogged = app.errorLines;
  await app.stop();

  const results = {
    settings,
    readers: readers.length,
    stories: postIds.length,
    claps: { ...claps, addedPerSec: claps.answers.added / claps.durationSec },
    viewerQuery: viewer,
    ratio: claps.reqPerSec / viewer.reqPerSec,
    errorsLogged,
    cpus: os.cpus().length,
    loadAverage,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));

  console.log(
    table(
      ['scenario', 'calls/s', 'p50', 'p99', 'target', ''],
      [
        ['clap (1 clap a call)', fmt.int(claps.reqPerSec), fmt.ms(claps.latencyMs.p50), fmt.ms(claps.latencyMs.p99), `≥ ${fmt.int(TARGETS.clapsPerSec)}/s, p99 ≤ ${TARGETS.clapP99Ms} ms`, verdict(claps.reqPerSec >= TARGETS.clapsPerSec && claps.latencyMs.p99 <= TARGETS.clapP99Ms)],
        ['viewer query (baseline)', fmt.int(viewer.reqPerSec), fmt.ms(viewer.latencyMs.p50), fmt.ms(viewer.latencyMs.p99), '', ''],
      ],
      ['l', 'r', 'r', 'r', 'l', 'l'],
    ),
  );
  const cpu = (l) => `${fmt.num(l.serverCpuMsPerCall.node, 2)} ms Node + ${fmt.num(l.serverCpuMsPerCall.postgres, 2)} ms PostgreSQL`;
  console.log(`server CPU per call: clap ${cpu(claps)}, viewer query ${cpu(viewer)} · load average before the run: ${results.loadAverage.map((n) => fmt.num(n, 1)).join(' ')}`);
  console.log(`clap ÷ viewer query: ${fmt.num(results.ratio, 2)} · claps that added one: ${fmt.int(claps.answers.added)} of ${fmt.int(claps.requests)} calls (${fmt.int(results.claps.addedPerSec)}/s) · ${readers.length} readers × ${postIds.length} stories · ${results.cpus} CPUs · totals checked · errors logged: ${errorsLogged}`);
  console.log(`written to ${path.relative(root, resultsFile)}`);
}

await runMain('clap benchmark', main);
