// The benchmark itself (entered through bench/run.mjs, which sets NODE_ENV first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { AppProcess, tempDataDir } from './app-process.mjs';
import { appNodePids } from './cpu.mjs';
import { loadRenderer, recordStoryPage, startBaselineServer } from './baseline.mjs';
import { measurePageJs } from './browser.mjs';
import { cleanupAll, cleanupAllSync, closing } from './cleanup.mjs';
import { freePort, graphqlRequest, request, sleep } from './http.mjs';
import { assertAllOk, runLoad } from './load.mjs';
import { fmt, table, verdict } from './report.mjs';
import { createDraft, LONG_STORY_RESPONSES, LONG_STORY_WORDS, longStoryParagraphs, publish, writeLongStory } from './story-dataset.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = path.join(root, 'bench', 'results', 'latest.json');

/** The story page's targets on a 2-core machine (throughput and p99 under -c 10). */
const TARGETS = {
  storyReqPerSec: 500,
  storyP99Ms: 50,
  coldStartMs: 1500,
  idleRssMB: 120,
  jsGzipKB: 120,
  publishMs: 50,
};
/** Stories published one after another to time publishPost. */
const PUBLISH_SAMPLES = 20;
/** Sign-ups and writes of the dataset come from one address: no captcha, sign-in limits raised. */
const DATASET_ENV = { CAPTCHA_PROVIDER: 'none', AUTH_RATE_LIMIT_FACTOR: '1000' };
/** How far apart the app's and the baseline's HTML may be in length before the comparison is void. */
const HTML_LENGTH_TOLERANCE = 0.03;
const IDLE_WAIT_MS = 3000;
const COLD_START_POLL_MS = 10;
const COLD_START_TIMEOUT_MS = 60_000;

class UsageError extends Error {}

function numberFromEnv(name, fallback, { min = 0, integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${min} (got ${JSON.stringify(raw)}).`);
  }
  return n;
}

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p));
  if (!found) throw new UsageError('Chromium is not installed (apt-get install -y chromium), or set CHROMIUM_PATH.');
  return found;
}

const progress = (message) => {
  if (!closing()) process.stderr.write(`▸ ${message}\n`);
};

function ensureBuild() {
  const needed = [
    path.join(root, 'dist', 'server', 'main.js'),
    path.join(root, 'dist', 'server', 'entry-server.js'),
    path.join(root, 'dist', 'client', '.vite', 'manifest.json'),
  ];
  const missing = needed.filter((p) => !fs.existsSync(p));
  if (missing.length === 0 && process.env.BENCH_BUILD !== '1') return false;
  progress(missing.length ? `dist/ is incomplete (${path.relative(root, missing[0])} missing): npm run build` : 'BENCH_BUILD=1: npm run build');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.signal ?? r.status}).`);
  return true;
}

function machine() {
  const cpus = os.cpus();
  const git = (args) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : null;
  };
  const status = git(['status', '--porcelain', '--', 'src', 'package.json', 'vite.config.ts']);
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    totalMemoryMB: Math.round(os.totalmem() / 1024 / 1024),
    commit: git(['rev-parse', '--short', 'HEAD']),
    uncommittedSourceChanges: status === null ? null : status.length > 0,
  };
}

/** VmRSS and VmHWM of the app's Node processes (with WEB_PROCESSES > 1, its web processes too), summed. */
function appMemoryOf(pid) {
  const each = appNodePids(pid).map(memoryOf);
  return { name: each[0].name, processes: each.length, rssBytes: each.reduce((s, m) => s + m.rssBytes, 0), peakRssBytes: each.reduce((s, m) => s + m.peakRssBytes, 0) };
}

/** VmRSS and VmHWM of a process, in bytes (Linux /proc). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => {
    const m = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${name}.`);
    return Number(m[1]) * 1024;
  };
  const name = /^Name:\s+(.*)$/m.exec(status)?.[1];
  return { name, rssBytes: field('VmRSS'), peakRssBytes: field('VmHWM') };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** publishPost round trips on loopback (an upper bound of server time), against a `viewer` query's. */
async function measurePublish(client) {
  const publishMs = [];
  const viewerMs = [];
  for (let i = 0; i < PUBLISH_SAMPLES; i++) {
    const postId = await createDraft(client, `Published for timing ${i + 1}`, longStoryParagraphs(LONG_STORY_WORDS, 100 + i));
    publishMs.push((await publish(client, postId)).ms);
    const started = performance.now();
    await client.gql('{ viewer { id } }');
    viewerMs.push(performance.now() - started);
  }
  publishMs.sort((a, b) => a - b);
  viewerMs.sort((a, b) => a - b);
  return {
    samples: PUBLISH_SAMPLES,
    publishMs: { p50: percentile(publishMs, 50), p95: percentile(publishMs, 95), max: publishMs.at(-1) },
    viewerQueryMs: { p50: percentile(viewerMs, 50), p95: percentile(viewerMs, 95) },
  };
}

async function fetchPage(url, label) {
  const res = await request(url);
  if (res.status !== 200) throw new Error(`${label}: GET ${url} answered ${res.status}.`);
  if (!String(res.headers['content-type']).startsWith('text/html')) throw new Error(`${label}: GET ${url} is not HTML (${res.headers['content-type']}).`);
  return res.body;
}

async function measureColdStart(app, storyPath) {
  const spawnedAt = app.start();
  let lastProblem = 'no answer';
  for (;;) {
    if (app.exit) throw app.failure(`Cold start: the app exited (code ${app.exit.code}, signal ${app.exit.signal}).`);
    try {
      const res = await request(`${app.origin}${storyPath}`, { timeoutMs: 10_000 });
      if (res.status === 200) return performance.now() - spawnedAt;
      lastProblem = `status ${res.status}`;
    } catch (err) {
      lastProblem = err.code ?? err.message;
    }
    if (performance.now() - spawnedAt > COLD_START_TIMEOUT_MS) {
      throw app.failure(`Cold start: no 200 from the story page within ${COLD_START_TIMEOUT_MS / 1000} s (last: ${lastProblem}).`);
    }
    await sleep(COLD_START_POLL_MS);
  }
}

async function benchmark(settings) {
  const built = ensureBuild();
  const dataDir = tempDataDir(path.join(os.tmpdir(), 'inkwell-bench-'));

  // 1. The app under load.
  progress(`starting the app on a fresh data directory (${dataDir}), seeding demo content`);
  // The page cache off: every request is a full render, the baseline's peer.
  const app = new AppProcess({ root, dataDir, port: await freePort(), env: { ...DATASET_ENV, PAGE_CACHE_SECONDS: '0' } });
  app.start();
  await app.waitHealthy();
  progress(`writing a ${fmt.int(LONG_STORY_WORDS)}-word story with ${LONG_STORY_RESPONSES} responses through the app's mutations`);
  const story = await writeLongStory(app.origin);
  progress(`publish: timing ${PUBLISH_SAMPLES} publishes of ${fmt.int(LONG_STORY_WORDS)}-word drafts against a viewer query`);
  const publishing = await measurePublish(story.writer.client);
  const storyUrl = `${app.origin}${story.path}`;
  const appHtml = await fetchPage(storyUrl, 'Story page');
  if (!appHtml.includes(story.slug) || appHtml.includes('window.__APOLLO_STATE__={}')) {
    throw new Error('Story page: the HTML does not carry the story preload (__APOLLO_STATE__).');
  }
  progress(`story page ${story.path}: ${fmt.int(appHtml.length)} bytes of HTML`);
  progress(`app: autocannon -c ${settings.connections} -d ${settings.duration}${settings.warmup ? ` (after a ${settings.warmup} s warm-up)` : ''}`);
  const appLoad = await runLoad({ url: storyUrl, ...settings });
  try {
    assertAllOk('Story page under load (app)', appLoad);
  } catch (err) {
    throw app.exit ? app.failure(`${err.message} The app exited (code ${app.exit.code}, signal ${app.exit.signal}).`) : app.failure(err.message);
  }

  // 2. The baseline: the same page, React rendering only.
  progress('baseline: recording the story page’s GraphQL results from the app');
  const renderer = await loadRenderer(root);
  const recording = await recordStoryPage({ renderer, root, appOrigin: app.origin, mainHost: app.mainHost, storyPath: story.path });
  const baseline = await startBaselineServer({ renderer, replay: recording.replay, assets: recording.assets, mainHost: app.mainHost, port: await freePort() });
  const baselineUrl = `${baseline.origin}${story.path}`;
  const baselineHtml = await fetchPage(baselineUrl, 'Baseline page');
  const htmlLengthDiff = Math.abs(baselineHtml.length - appHtml.length) / appHtml.length;
  if (htmlLengthDiff > HTML_LENGTH_TOLERANCE) {
    throw new Error(
      `The baseline's HTML (${baselineHtml.length} bytes) differs from the app's (${appHtml.length} bytes) by ${(htmlLengthDiff * 100).toFixed(1)} %: ` +
        'they are not the same page, so the comparison would mean nothing. (Was dist/ rebuilt during the run? Run again.)',
    );
  }
  progress(`baseline: autocannon -c ${settings.connections} -d ${settings.duration} (${recording.operations.length} recorded operation(s))`);
  const baselineLoad = await runLoad({ url: baselineUrl, ...settings });
  assertAllOk('Story page under load (baseline)', baselineLoad);
  if (baseline.errors().length) throw new Error(`Baseline render errors:\n  ${baseline.errors().slice(0, 5).join('\n  ')}`);
  await baseline.close();

  // 3. Cold start on the now-existing data directory.
  progress('stopping the app (SIGINT)');
  await app.stop();
  if (app.exit?.code !== 0) throw app.failure(`The app exited with ${app.exit?.signal ?? app.exit?.code} on SIGINT.`);
  const errorsLoggedUnderLoad = app.errorLines;
  progress('cold start: spawning the app again and polling the story page every 10 ms');
  // As deployed: the page cache on (its production default).
  const restarted = new AppProcess({ root, dataDir, port: await freePort(), env: DATASET_ENV });
  const coldStartMs = await measureColdStart(restarted, story.path);

  // 4. Idle memory of the web process.
  progress(`idle memory: waiting ${IDLE_WAIT_MS / 1000} s`);
  await sleep(IDLE_WAIT_MS);
  const memory = appMemoryOf(restarted.pid);
  if (memory.name !== 'node' && !memory.name?.startsWith('node')) progress(`note: pid ${restarted.pid} is "${memory.name}"`);

  // 5. JavaScript a logged-out reader downloads.
  progress('page JavaScript: loading the story page in Chromium');
  const js = await measurePageJs({ url: `${restarted.origin}${story.path}`, executablePath: settings.chromium });

  // The story page as logged-out readers get it in production: from the page cache.
  progress(`page cache: autocannon -c ${settings.connections} -d ${settings.duration} against the restarted app (cache on)`);
  const cachedLoad = await runLoad({ url: `${restarted.origin}${story.path}`, ...settings });
  assertAllOk('Story page under load (page cache)', cachedLoad);
  const cachedHtml = await fetchPage(`${restarted.origin}${story.path}`, 'Story page (page cache)');
  if (Math.abs(cachedHtml.length - appHtml.length) / appHtml.length > HTML_LENGTH_TOLERANCE) throw new Error('The cached story page is not the page the full render gives.');

  progress('stopping the app');
  await restarted.stop();
  const errorsLogged = errorsLoggedUnderLoad + restarted.errorLines;
  await cleanupAll();

  const ratio = appLoad.reqPerSec / baselineLoad.reqPerSec;
  const idleRssMB = memory.rssBytes / 1024 / 1024;
  const jsGzipKB = js.totalGzipBytes / 1024;
  return {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { connections: settings.connections, durationSec: settings.duration, warmupSec: settings.warmup, builtFirst: built },
    story: { path: story.path, title: story.title, words: LONG_STORY_WORDS, responses: LONG_STORY_RESPONSES, htmlBytes: appHtml.length },
    publish: publishing,
    app: appLoad,
    cached: cachedLoad,
    baseline: {
      ...baselineLoad,
      htmlBytes: baselineHtml.length,
      htmlLengthDiffPercent: Number((htmlLengthDiff * 100).toFixed(2)),
      recordedOperations: recording.operations,
    },
    appToBaselineRatio: Number(ratio.toFixed(4)),
    coldStartMs: Math.round(coldStartMs),
    idleMemory: { processes: memory.processes, rssMB: Number(idleRssMB.toFixed(1)), peakRssMB: Number((memory.peakRssBytes / 1024 / 1024).toFixed(1)), waitedMs: IDLE_WAIT_MS },
    pageJs: {
      chunks: js.chunks.map((c) => ({ ...c, path: new URL(c.url).pathname })),
      totalBytes: js.totalBytes,
      totalGzipBytes: js.totalGzipBytes,
      pageErrors: js.pageErrors,
    },
    appErrorsLogged: errorsLogged,
    targets: { publishMs: TARGETS.publishMs, storyReqPerSec: TARGETS.storyReqPerSec, storyP99Ms: TARGETS.storyP99Ms, coldStartMs: TARGETS.coldStartMs, idleRssMB: TARGETS.idleRssMB, jsGzipKB: TARGETS.jsGzipKB, non2xx: 0 },
    verdicts: {
      // The issue's targets are for the page rendered on every request (no page cache).
      storyThroughput: verdict(appLoad.reqPerSec >= TARGETS.storyReqPerSec),
      storyP99: verdict(appLoad.latencyMs.p99 <= TARGETS.storyP99Ms),
      coldStart: verdict(coldStartMs <= TARGETS.coldStartMs),
      idleRss: verdict(idleRssMB <= TARGETS.idleRssMB),
      jsGzip: verdict(jsGzipKB <= TARGETS.jsGzipKB),
      publish: verdict(publishing.publishMs.p95 <= TARGETS.publishMs),
    },
  };
}

function printReport(r) {
  const m = r.machine;
  const lines = [];
  lines.push('');
  lines.push(`Inkwell benchmark — ${r.date}`);
  lines.push(`${m.cpuModel} × ${m.cpus}, ${fmt.int(m.totalMemoryMB)} MB RAM, Node ${m.node}, ${m.platform}${m.commit ? `, commit ${m.commit}${m.uncommittedSourceChanges ? ' (+ uncommitted changes)' : ''}` : ''}`);
  lines.push(`Story page ${r.story.path}: ${fmt.int(r.story.words)} words, ${r.story.responses} responses, ${fmt.int(r.story.htmlBytes)} bytes of HTML; load: autocannon -c ${r.settings.connections}, ${r.settings.durationSec} s${r.settings.warmupSec ? ` after a ${r.settings.warmupSec} s warm-up` : ''}`);
  lines.push('');
  const a = r.app;
  const b = r.baseline;
  const c = r.cached;
  const rows = [
    ['1. Story page, logged out, rendered every time', 'throughput', `${fmt.num(a.reqPerSec)} req/s`, `≥ ${TARGETS.storyReqPerSec} req/s`, r.verdicts.storyThroughput],
    ['', 'latency p50', fmt.ms(a.latencyMs.p50), '', ''],
    ['', 'latency p99', fmt.ms(a.latencyMs.p99), `≤ ${TARGETS.storyP99Ms} ms`, r.verdicts.storyP99],
    ['', 'non-2xx', fmt.int(a.non2xx), '0', verdict(a.non2xx === 0)],
    ['   as deployed (page cache on)', 'throughput', `${fmt.num(c.reqPerSec)} req/s`, '', ''],
    ['', 'latency p50', fmt.ms(c.latencyMs.p50), '', ''],
    ['', 'latency p99', fmt.ms(c.latencyMs.p99), '', ''],
    ['', 'non-2xx', fmt.int(c.non2xx), '0', verdict(c.non2xx === 0)],
    ['2. Baseline (React render only, same page)', 'throughput', `${fmt.num(b.reqPerSec)} req/s`, '', ''],
    ['', 'latency p50', fmt.ms(b.latencyMs.p50), '', ''],
    ['', 'latency p99', fmt.ms(b.latencyMs.p99), '', ''],
    ['', 'non-2xx', fmt.int(b.non2xx), '0', verdict(b.non2xx === 0)],
    ['', 'HTML vs app', `${fmt.int(b.htmlBytes)} B (${b.htmlLengthDiffPercent.toFixed(2)} %)`, `±${HTML_LENGTH_TOLERANCE * 100} %`, 'PASS'],
    ['   rendered ÷ baseline', 'throughput ratio', fmt.num(r.appToBaselineRatio, 2), '', ''],
    ['', 'p99 app / baseline', `${fmt.ms(a.latencyMs.p99)} / ${fmt.ms(b.latencyMs.p99)}`, '', ''],
    ['3. Cold start (spawn → first 200 of the story)', 'time', fmt.ms(r.coldStartMs), `≤ ${fmt.int(TARGETS.coldStartMs)} ms`, r.verdicts.coldStart],
    [`4. Idle memory (${r.idleMemory.waitedMs / 1000} s after cold start)`, r.idleMemory.processes > 1 ? `VmRSS (${r.idleMemory.processes} node processes)` : 'VmRSS (node)', `${fmt.num(r.idleMemory.rssMB)} MB`, `≤ ${TARGETS.idleRssMB} MB`, r.verdicts.idleRss],
    ['5. Page JavaScript (logged out, Chromium)', `gzip -9, ${r.pageJs.chunks.length} file(s)`, fmt.kb(r.pageJs.totalGzipBytes), `≤ ${TARGETS.jsGzipKB} KB`, r.verdicts.jsGzip],
    ['', 'as served', fmt.kb(r.pageJs.totalBytes), '', ''],
    [`6. Publish a ${fmt.int(r.story.words)}-word story (loopback round trip)`, 'p50 / p95', `${fmt.ms(r.publish.publishMs.p50)} / ${fmt.ms(r.publish.publishMs.p95)}`, `p95 ≤ ${TARGETS.publishMs} ms`, r.verdicts.publish],
    ['', 'viewer query p50 / p95', `${fmt.ms(r.publish.viewerQueryMs.p50)} / ${fmt.ms(r.publish.viewerQueryMs.p95)}`, '', ''],
    ['', 'publish ÷ viewer query (p50)', fmt.num(r.publish.publishMs.p50 / r.publish.viewerQueryMs.p50, 1), '', ''],
  ];
  lines.push(table(['Scenario', 'Figure', 'Value', 'Target', 'Result'], rows, ['l', 'l', 'r', 'r', 'l']));
  lines.push('');
  lines.push('JavaScript downloaded by the story page:');
  lines.push(
    table(
      ['File', 'As served', 'gzip -9'],
      [...r.pageJs.chunks.map((c) => [c.path, fmt.kb(c.bytes), fmt.kb(c.gzipBytes)]), ['total', fmt.kb(r.pageJs.totalBytes), fmt.kb(r.pageJs.totalGzipBytes)]],
      ['l', 'r', 'r'],
    ),
  );
  if (r.pageJs.pageErrors.length) lines.push(`\nWarning: the page reported errors in Chromium:\n  ${r.pageJs.pageErrors.slice(0, 10).join('\n  ')}`);
  if (r.appErrorsLogged > 0) lines.push(`\nWarning: the app logged ${r.appErrorsLogged} error line(s) during the run.`);
  const misses = Object.entries(r.verdicts).filter(([, v]) => v === 'MISS').map(([k]) => k);
  lines.push('');
  lines.push(misses.length ? `Targets missed: ${misses.join(', ')} (a measurement, not a test: exit status 0).` : 'All targets met.');
  lines.push(`Figures depend on the machine; compare the app ÷ baseline ratio across machines. Results: ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

// --- entry --------------------------------------------------------------------------------

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) {
      process.stderr.write('\nforced: killing what is left\n');
      cleanupAllSync();
      process.exit(130);
    }
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the servers and removing temporary files (again to force)…\n`);
    void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
process.on('exit', () => cleanupAllSync());

try {
  const settings = {
    duration: numberFromEnv('BENCH_DURATION', 10, { min: 1, integer: true }),
    connections: numberFromEnv('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
    warmup: numberFromEnv('BENCH_WARMUP', 2, { min: 0, integer: true }),
    chromium: chromiumPath(),
  };
  const results = await benchmark(settings);
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
  process.exit(0);
} catch (err) {
  if (!interrupted) {
    process.stderr.write(`\nBenchmark failed: ${err instanceof UsageError ? err.message : (err?.stack ?? err)}\n`);
    await cleanupAll();
    process.exit(1);
  }
}
