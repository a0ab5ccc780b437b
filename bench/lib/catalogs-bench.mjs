// The lists benchmark (entered through bench/catalogs.mjs, which sets NODE_ENV first), issue 20's
// Speed section: (a) Save (addToPredefinedCatalog) and EditCatalogItems server time p95 while many
// readers edit their Reading lists at once; (b) the library page /me/lists signed in against the
// signed-in home page /, throughput ratio. See bench/README.md, "Lists".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
const resultsFile = path.join(root, 'bench', 'results', 'catalogs.json');
const serverTimingModule = pathToFileURL(path.join(root, 'bench', 'lib', 'server-timing.mjs')).href;

const TARGETS = { serverP95Ms: 20, pageRatio: 0.8 };
/** Stories in each Reading list before the load: the edits work on a list that holds something. */
const SAVED_BEFORE = 10;
const LIBRARY_PATH = '/me/lists';

const num = wholeNumberFromEnv;
const progress = (m) => !closing() && process.stderr.write(`▸ ${m}\n`);

const SAVE = `mutation($postId: ID!) { addToPredefinedCatalog(type: READING_LIST, operation: { append: { postId: $postId } }) {
  __typename ... on AddToPredefinedCatalogSuccess { version catalog { id } } } }`;
const LIST = 'query($id: ID!) { catalogById(catalogId: $id) { version itemsCount items(limit: 50) { items { catalogItemId post { id } } } } }';
const DELETE = `mutation($id: ID!, $version: String!, $ops: [CatalogItemOperation!]!) {
  editCatalogItems(catalogId: $id, version: $version, operations: $ops) { __typename ... on CatalogEditSuccess { version } } }`;

/** Fills a reader's Reading list with their first SAVED_BEFORE stories; the rest are what the load saves. */
async function prepareReader(reader, postIds, index) {
  const rotated = [...postIds.slice(index % postIds.length), ...postIds.slice(0, index % postIds.length)];
  let saved;
  for (const postId of rotated.slice(0, SAVED_BEFORE)) {
    saved = (await reader.client.gql(SAVE, { postId })).addToPredefinedCatalog;
    if (saved.__typename !== 'AddToPredefinedCatalogSuccess') throw new Error(`Saving a story for reader ${index + 1}: ${saved.__typename}`);
  }
  return { client: reader.client, cookie: reader.client.cookieHeader(), listId: saved.catalog.id, kept: new Set(rotated.slice(0, SAVED_BEFORE)), candidates: rotated.slice(SAVED_BEFORE) };
}

/**
 * After a run each reader's list must hold what it held before, but for the one story of a cycle the
 * run's end cut short (saved, not yet deleted), which is deleted here; returns the load's input for
 * the reader with the list's version as it is now.
 */
async function settleReader(reader) {
  const list = (await reader.client.gql(LIST, { id: reader.listId })).catalogById;
  const extra = list.items.items.filter((i) => !reader.kept.has(i.post?.id));
  const missing = [...reader.kept].filter((id) => !list.items.items.some((i) => i.post?.id === id));
  if (extra.length > 1 || missing.length > 0) throw new Error(`Reader list ${reader.listId}: ${extra.length} stories more and ${missing.length} fewer than before the run.`);
  let version = list.version;
  if (extra.length === 1) {
    const deleted = (await reader.client.gql(DELETE, { id: reader.listId, version, ops: [{ delete: { catalogItemId: extra[0].catalogItemId } }] })).editCatalogItems;
    if (deleted.__typename !== 'CatalogEditSuccess') throw new Error(`Deleting a left-over item: ${deleted.__typename}`);
    version = deleted.version;
  }
  return { cookie: reader.cookie, listId: reader.listId, version, candidates: reader.candidates };
}

async function main() {
  const settings = {
    readers: num('BENCH_CATALOG_READERS', 40),
    duration: num('BENCH_DURATION', 10),
    warmup: num('BENCH_WARMUP', 2),
    connections: num('BENCH_CONNECTIONS', 10),
    rounds: num('BENCH_ROUNDS', 2),
  };
  if (settings.readers < settings.connections) throw new Error('BENCH_CATALOG_READERS must be at least BENCH_CONNECTIONS: each connection edits lists of its own.');
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('No build in dist/: run npm run build first.');
  const loadAverage = os.loadavg();
  const dataDir = tempDataDir(path.join(os.tmpdir(), 'inkwell-bench-catalogs-'));
  progress(`starting the app on a fresh data directory (${dataDir}), seeding demo content`);
  // Every reader signs up from this one address: no captcha, sign-in limits raised. The app
  // reports its own time of every response in a Server-Timing header (bench/lib/server-timing.mjs).
  const app = new AppProcess({
    root,
    dataDir,
    port: await freePort(),
    env: { CAPTCHA_PROVIDER: 'none', AUTH_RATE_LIMIT_FACTOR: '1000' },
    nodeArgs: ['--import', serverTimingModule],
  });
  app.start();
  await app.waitHealthy();

  progress(`signing up ${settings.readers} readers through the email sign-up flow`);
  const signedUp = await signUpReaders(app.origin, settings.readers);
  const postIds = await demoStories(signedUp[0].client);
  if (postIds.length <= SAVED_BEFORE) throw new Error(`The demo content has ${postIds.length} stories; the benchmark needs more than ${SAVED_BEFORE}.`);
  progress(`saving ${SAVED_BEFORE} of the ${postIds.length} demo stories to each reader's Reading list`);
  const readers = [];
  for (let i = 0; i < signedUp.length; i++) readers.push(await prepareReader(signedUp[i], postIds, i));

  const load = (config) =>
    withServerCpuPerCall(app.pid, dataDir, () => runChild(path.join(root, 'bench', 'lib', 'catalogs-load.mjs'), dataDir, { origin: app.origin, connections: settings.connections, ...config }));
  const edits = async (label, duration, connections = settings.connections) => {
    const result = await load({ kind: 'edits', duration, connections, readers: await Promise.all(readers.map(settleReader)) });
    assertAnswered(label, result);
    if (result.serverMs.save.calls === 0 || result.serverMs.edit.calls === 0) throw new Error(`${label}: no Server-Timing header in the answers (was the app started with bench/lib/server-timing.mjs?).`);
    return result;
  };
  const page = async (label, pagePath, duration) => {
    const result = await load({ kind: 'page', path: pagePath, duration, readers: readers.map((r) => ({ cookie: r.cookie })) });
    assertAnswered(label, result);
    return result;
  };

  // (a) Save and edits.
  if (settings.warmup > 0) {
    progress(`warm-up: ${settings.warmup} s of saves and edits (not counted)`);
    await edits('Edits warm-up', settings.warmup);
  }
  progress(`saves and edits: ${settings.duration} s at -c ${settings.connections}, ${readers.length} readers (save, move to the top, delete, in turn)`);
  const editLoad = await edits('Saves and edits', settings.duration);
  // The same calls one at a time: what a call takes when it waits behind no other (the figure
  // above also holds the queue of calls in flight, and on a busy machine the wait for a core).
  progress(`saves and edits one at a time: ${settings.duration} s at -c 1`);
  const soloLoad = await edits('Saves and edits one at a time', settings.duration, 1);
  await Promise.all(readers.map(settleReader)); // every list back as it was: the run changed nothing it should not have

  // (b) The library page against the signed-in home page, alternating, so a machine that slows
  // down during the run slows both alike.
  if (settings.warmup > 0) {
    progress(`warm-up: ${settings.warmup} s of each page (not counted)`);
    await page('Home warm-up', '/', settings.warmup);
    await page('Library warm-up', LIBRARY_PATH, settings.warmup);
  }
  const rounds = [];
  for (let r = 0; r < settings.rounds; r++) {
    const order = r % 2 === 0 ? ['home', 'library'] : ['library', 'home'];
    const round = {};
    for (const which of order) {
      progress(`round ${r + 1}/${settings.rounds}: ${which === 'home' ? '/' : LIBRARY_PATH} signed in, ${settings.duration} s at -c ${settings.connections}`);
      round[which] = await page(which, which === 'home' ? '/' : LIBRARY_PATH, settings.duration);
    }
    rounds.push(round);
  }
  const total = (which) => rounds.reduce((sum, round) => sum + round[which].requests, 0) / rounds.reduce((sum, round) => sum + round[which].durationSec, 0);
  const errorsLogged = app.errorLines;
  await app.stop();

  const results = {
    date: new Date().toISOString(),
    settings,
    readers: readers.length,
    stories: postIds.length,
    edits: editLoad,
    editsOneAtATime: soloLoad,
    pages: { rounds, homeReqPerSec: total('home'), libraryReqPerSec: total('library'), ratio: total('library') / total('home') },
    errorsLogged,
    cpus: os.cpus().length,
    loadAverage,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));

  const timeRow = (label, t, target) => [label, fmt.int(t.calls), fmt.num(t.p50, 2), fmt.num(t.p95, 2), fmt.num(t.p99, 2), target ? `p95 ≤ ${TARGETS.serverP95Ms} ms` : '', target ? verdict(t.p95 <= TARGETS.serverP95Ms) : ''];
  console.log(`Lists benchmark, ${results.date} · ${results.cpus} CPUs · load average before the run: ${loadAverage.map((n) => fmt.num(n, 1)).join(' ')}`);
  console.log(
    table(
      ['server time (ms)', 'calls', 'p50', 'p95', 'p99', 'target', ''],
      [
        timeRow(`Save (addToPredefinedCatalog), -c ${settings.connections}`, editLoad.serverMs.save, true),
        timeRow(`EditCatalogItems (move, delete), -c ${settings.connections}`, editLoad.serverMs.edit, true),
        timeRow('Save, one call at a time', soloLoad.serverMs.save, false),
        timeRow('EditCatalogItems, one call at a time', soloLoad.serverMs.edit, false),
      ],
      ['l', 'r', 'r', 'r', 'r', 'l', 'l'],
    ),
  );
  const cpu = (l) => `${fmt.num(l.serverCpuMsPerCall.node, 2)} ms Node + ${fmt.num(l.serverCpuMsPerCall.postgres, 2)} ms PostgreSQL`;
  console.log(`all calls: ${fmt.int(editLoad.reqPerSec)}/s, loopback latency p50 ${fmt.ms(editLoad.latencyMs.p50)}, p99 ${fmt.ms(editLoad.latencyMs.p99)}; server CPU per call ${cpu(editLoad)}; every list checked unchanged after the run`);
  console.log(
    table(
      ['round', '/ req/s', 'p99', `${LIBRARY_PATH} req/s`, 'p99', 'ratio'],
      rounds.map((round, i) => [String(i + 1), fmt.int(round.home.reqPerSec), fmt.ms(round.home.latencyMs.p99), fmt.int(round.library.reqPerSec), fmt.ms(round.library.latencyMs.p99), fmt.num(round.library.reqPerSec / round.home.reqPerSec, 2)]),
      ['r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  console.log(`all rounds: / ${fmt.int(results.pages.homeReqPerSec)} req/s, ${LIBRARY_PATH} ${fmt.int(results.pages.libraryReqPerSec)} req/s, ratio ${fmt.num(results.pages.ratio, 2)} (target ≥ ${TARGETS.pageRatio}: ${verdict(results.pages.ratio >= TARGETS.pageRatio)}) · CPU a page: / ${cpu(rounds[0].home)}, ${LIBRARY_PATH} ${cpu(rounds[0].library)} · errors logged: ${errorsLogged}`);
  console.log(`written to ${path.relative(root, resultsFile)}`);
}

await runMain('lists benchmark', main);
