/**
 * A member reading a member-only story costs no more than a public one (issue 19, Speed): the
 * same member asks for two story pages of the same 3,000 words, one member-only and one public,
 * through the real app (Fastify inject: no network, everything else as served: session lookup,
 * the page's GraphQL preload against PostgreSQL, React rendering). Rounds alternate the two so a
 * machine busy with other work slows both alike; every round's figures are printed, and the
 * ratio of their totals is held to ≥ 0.95. Before loading, one request of each is counted
 * statement by statement: the two lists must be the same (access comes with the session lookup).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createUser } from '../../src/modules/accounts/commands.js';
import { setMembershipAccess } from '../../src/modules/accounts/membership-access.js';
import { createSession } from '../../src/modules/accounts/sessions.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { buildApp, type Renderer } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { startDatabase } from '../../src/server/database.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import { statementsDuring } from '../../tests/support/named-statements.js';
import { longStory } from '../../tests/support/writing.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const num = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number.`);
  return n;
};
const settings = { rounds: num('BENCH_ROUNDS', 6), roundSeconds: num('BENCH_ROUND_SECONDS', 3), concurrency: num('BENCH_CONNECTIONS', 8), warmupSeconds: num('BENCH_WARMUP', 2) };
const TARGET_RATIO = 0.95;
const resultsFile = path.join(root, 'bench', 'results', 'member-story.json');

const rendererFile = path.join(root, 'dist', 'server', 'entry-server.js');
if (!fs.existsSync(rendererFile)) throw new Error('No build in dist/: run npm run build first (the pages are rendered by the built renderer).');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-member-story-'));
// Run as root, the embedded cluster runs as user postgres, which must reach its directory.
fs.chmodSync(dataDir, 0o755);
const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', PORT: '3000', CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'warn' });
const logger = createLogger('warn');
const database = await startDatabase(config, logger);
const app = await buildApp({ config, db: database.db, logger, loadRenderer: async () => (await import(pathToFileURL(rendererFile).href)) as Renderer });

/** Requests of `path` by `concurrency` loops for `seconds`; throws on anything but a 200. */
async function load(pagePath: string, cookie: string, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: pagePath, headers: { host: config.mainHost, cookie } });
        if (res.statusCode !== 200) throw new Error(`${pagePath} answered ${res.statusCode}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: latencies.length, seconds: elapsed, reqPerSec: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

try {
  await app.ready();
  const stamp = Date.now();
  const writer = await createUser(database.db, { name: 'Bench Writer', username: `writer${stamp}`, email: `writer${stamp}@example.com` });
  const member = await createUser(database.db, { name: 'Bench Member', username: `member${stamp}`, email: `member${stamp}@example.com` });
  // As the membership module records a purchase.
  await database.db.transaction((tx) => setMembershipAccess(tx, member, { tier: 'MEMBER', memberSince: new Date(), friendSince: null, accessUntil: new Date(Date.now() + 30 * 86_400_000) }));
  const { token } = await createSession(database.db, member, { userAgent: 'bench', ip: '127.0.0.1' });
  const cookie = `sid=${token}`;
  const paragraphs = longStory(3000) as Paragraph[];
  const story = (title: string, isLocked: boolean) =>
    insertPublishedPost(database.db, { creatorId: writer, title, subtitle: 'Three thousand words', paragraphs, tags: ['bench'], isLocked, publishedAt: new Date('2026-01-01') });
  const pathOf = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/p/${id}`, headers: { host: config.mainHost, cookie } });
    if (res.statusCode !== 301) throw new Error(`/p/${id} answered ${res.statusCode}, not the redirect to its canonical address`);
    return String(res.headers.location);
  };
  const memberOnly = await pathOf(await story('A member-only story', true));
  const open = await pathOf(await story('A public story', false));

  // The member reads the whole member-only story (not the preview): otherwise the comparison says nothing.
  const whole = await app.inject({ method: 'GET', url: memberOnly, headers: { host: config.mainHost, cookie } });
  if (whole.body.includes('data-testid="paywall"') || !whole.body.includes(paragraphs.at(-1)!.text)) throw new Error('The member got the preview of the member-only story.');

  process.stderr.write(`▸ warm-up: ${settings.warmupSeconds} s of each page (not counted)\n`);
  await load(memberOnly, cookie, settings.warmupSeconds);
  await load(open, cookie, settings.warmupSeconds);

  const statementsOf = (url: string) => statementsDuring(database.db.$client, () => app.inject({ method: 'GET', url, headers: { host: config.mainHost, cookie } }));
  const statements = { memberOnly: await statementsOf(memberOnly), open: await statementsOf(open) };
  const sameStatements = JSON.stringify(statements.memberOnly) === JSON.stringify(statements.open);

  const rounds: { round: number; memberOnly: Awaited<ReturnType<typeof load>>; open: Awaited<ReturnType<typeof load>> }[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    // Alternating which goes first, so neither always gets the warmer (or the busier) moment.
    const first = round % 2 === 1 ? 'memberOnly' : 'open';
    const a = await load(first === 'memberOnly' ? memberOnly : open, cookie, settings.roundSeconds);
    const b = await load(first === 'memberOnly' ? open : memberOnly, cookie, settings.roundSeconds);
    const r = first === 'memberOnly' ? { round, memberOnly: a, open: b } : { round, memberOnly: b, open: a };
    rounds.push(r);
    process.stderr.write(`▸ round ${round}: member-only ${r.memberOnly.reqPerSec.toFixed(0)}/s, public ${r.open.reqPerSec.toFixed(0)}/s, ratio ${(r.memberOnly.reqPerSec / r.open.reqPerSec).toFixed(3)}\n`);
  }
  const total = (k: 'memberOnly' | 'open') => rounds.reduce((s, r) => s + r[k].requests, 0) / rounds.reduce((s, r) => s + r[k].seconds, 0);
  const ratio = total('memberOnly') / total('open');

  const results = { settings, cpus: os.cpus().length, loadAverage: os.loadavg(), statements, sameStatements, rounds, memberOnlyReqPerSec: total('memberOnly'), publicReqPerSec: total('open'), ratio };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));

  const f = (n: number, d = 0) => n.toFixed(d);
  console.log('round  member-only req/s  p50 ms  p99 ms  public req/s  p50 ms  p99 ms  ratio');
  for (const r of rounds)
    console.log(
      `${String(r.round).padStart(5)}  ${f(r.memberOnly.reqPerSec).padStart(17)}  ${f(r.memberOnly.p50, 1).padStart(6)}  ${f(r.memberOnly.p99, 1).padStart(6)}  ${f(r.open.reqPerSec).padStart(12)}  ${f(r.open.p50, 1).padStart(6)}  ${f(r.open.p99, 1).padStart(6)}  ${f(r.memberOnly.reqPerSec / r.open.reqPerSec, 3).padStart(5)}`,
    );
  console.log(`all rounds: member-only ${f(total('memberOnly'))}/s, public ${f(total('open'))}/s, ratio ${f(ratio, 3)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'})`);
  console.log(`statements per request: member-only ${statements.memberOnly.length} [${statements.memberOnly.join(', ')}], public ${statements.open.length} [${statements.open.join(', ')}]: ${sameStatements ? 'the same' : 'DIFFERENT'}`);
  console.log(`${results.cpus} CPUs · load average before the run ${results.loadAverage.map((n) => n.toFixed(1)).join(' ')} · written to ${path.relative(root, resultsFile)}`);
  if (!sameStatements) process.exitCode = 1;
} finally {
  await app.close();
  await database.shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
