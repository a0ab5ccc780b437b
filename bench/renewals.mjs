#!/usr/bin/env node
// `npm run bench:renewals`: the test provider's renewal sweep over many subscriptions due the same
// day, on an embedded PostgreSQL of its own; see bench/README.md, "Renewals".
//
// 1. Timed: SUBSCRIPTIONS (default 100,000) subscriptions, their periods ending across one day,
//    renewed by one worker process at the next day's start (a clock of its own), then the
//    provider-event inbox applied with the site's handlers (the membership module's and the
//    ledger's). Reported: the sweep's
//    seconds (target ≤ 60), the inbox's, and the worker's RSS at the start, middle and end.
// 2. Resumable: a month later they are all due again; the worker is killed (SIGKILL) part-way
//    and a new one finishes. Checked: every subscription has exactly one charge for its new
//    period, none is still due, and no (subscription, period, attempt) was charged twice.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => tsImport(pathToFileURL(path.join(root, p)).href, import.meta.url);
const N = Number(process.env.SUBSCRIPTIONS || 100_000);
const BATCH = Number(process.env.RENEWAL_BATCH || 500);
const TARGET_SECONDS = 60;
const KILL_AT = 0.4;
/** INBOX=0: time the sweep alone (the inbox is the slower half on a loaded machine). */
const WITH_INBOX = process.env.INBOX !== '0';
const log = (m) => process.stderr.write(`▸ ${m}\n`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const m = await load('bench/lib/renewals-modules.ts');
const dir = fs.mkdtempSync(path.join(m.defaultTempDir(), 'inkwell-renewals-'));
fs.chmodSync(dir, 0o755);
const cluster = await m.startEmbeddedPostgres({ clusterDir: path.join(dir, 'pg'), database: 'postgres', logger: m.createLogger('silent'), durable: true });
const conn = cluster.connection;
const url = `postgres://${encodeURIComponent(conn.user ?? 'postgres')}@${conn.host && !conn.host.startsWith('/') ? conn.host : 'localhost'}:${conn.port ?? 5432}/postgres${conn.host?.startsWith('/') ? `?host=${encodeURIComponent(conn.host)}` : ''}`;
const database = m.connectDatabase(conn, 4, 0);
const children = new Set();
const cleanup = async () => {
  for (const c of children) c.kill('SIGKILL');
  await database.close().catch(() => {});
  await cluster.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const q = async (text, params) => (await database.pool.query(text, params)).rows;

/** The dataset: users, customers, cards (1 in 20 expiring with November), subscriptions ending through 27 Dec 2026. */
async function seed() {
  await q(`insert into users (id, name, username) select lpad(to_hex(i), 12, '0'), 'Bench reader ' || i, 'bench_' || i from generate_series(1, $1) i`, [N]);
  await q(`insert into test_provider_payment_methods (ref, customer_ref, brand, last_four, exp_month, exp_year, behaviour, created_at)
    select 'pm_bench_' || i, 'cus_bench_' || i, 'visa', '4242', case when i % 20 = 0 then 11 else 8 end, case when i % 20 = 0 then 2026 else 2030 end, 'succeed', '2026-01-01'
    from generate_series(1, $1) i`, [N]);
  await q(`insert into test_provider_customers (ref, user_id, name, default_payment_method_ref, created_at)
    select 'cus_bench_' || i, lpad(to_hex(i), 12, '0'), 'Bench reader ' || i, 'pm_bench_' || i, '2026-01-01' from generate_series(1, $1) i`, [N]);
  await q(`insert into test_provider_subscriptions (ref, customer_ref, status, plan, currency, anchor_day, current_period_start, current_period_end, metadata, created_at)
    select 'sub_bench_' || i, 'cus_bench_' || i, 'active',
      (array['MONTHLY', 'MONTHLY', 'MONTHLY', 'PREMIUM_MONTHLY'])[1 + i % 4], case when i % 10 = 0 then 'CAD' else 'USD' end, 27,
      timestamptz '2026-11-27' + (i % 86400) * interval '1 second', timestamptz '2026-12-27' + (i % 86400) * interval '1 second',
      jsonb_build_object('userId', lpad(to_hex(i), 12, '0')), '2026-11-27'
    from generate_series(1, $1) i`, [N]);
  await q('analyze');
}

/** One worker process; `onMessage` sees its progress; resolves with its messages when it exits. */
function worker(at, phase, onMessage = () => {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/renewals-worker.ts'), url, at, phase, String(BATCH)], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const messages = [];
  child.on('message', (msg) => {
    messages.push(msg);
    onMessage(msg, child);
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => {
    children.delete(child);
    resolve({ code, signal, messages });
  }));
}

const count = async (text, params) => Number((await q(text, params))[0].n);

try {
  await m.prepareDatabase(database);
  log(`seeding ${N.toLocaleString('en-US')} subscriptions due on 27 Dec 2026`);
  await seed();

  // 1. Timed.
  log(`sweep 1: renewing at 2026-12-28T00:00Z${WITH_INBOX ? ', then the inbox' : ''}`);
  const rss = { start: 0, middle: 0, end: 0, max: 0 };
  const timed = await worker('2026-12-28T00:00:00.000Z', WITH_INBOX ? 'all' : 'renewals', (msg) => {
    rss.max = Math.max(rss.max, msg.rss);
    if (msg.kind === 'start') rss.start = msg.rss;
    if (msg.kind === 'renewals' && !rss.middle && msg.renewed >= N / 2) rss.middle = msg.rss;
    if (msg.kind === 'renewals-done') {
      rss.end = msg.rss;
      log(`sweep done: ${msg.renewed} in ${(msg.ms / 1000).toFixed(1)} s (worker CPU ${(msg.cpuMs / 1000).toFixed(1)} s); RSS ${mb(rss.start)} / ${mb(rss.middle)} / ${mb(rss.end)}`);
    }
    if (msg.kind === 'inbox' && msg.processed % 20000 < 200) log(`inbox: ${msg.processed} events applied`);
    if (msg.kind === 'inbox-done') log(`inbox done: ${msg.processed} in ${(msg.ms / 1000).toFixed(1)} s, ${msg.failed} failed`);
  });
  if (timed.code !== 0) throw new Error(`the worker failed (${timed.code ?? timed.signal})`);
  const sweep = timed.messages.find((x) => x.kind === 'renewals-done');
  const inbox = timed.messages.find((x) => x.kind === 'inbox-done');
  const inboxEndRss = inbox ? timed.messages.filter((x) => x.kind === 'inbox-done')[0].rss : 0;
  const renewedOk = await count(`select count(*)::int as n from test_provider_charges where renewal_key like '2026-12-27%#0' and status = 'succeeded'`);
  const failed = await count(`select count(*)::int as n from test_provider_charges where renewal_key like '2026-12-27%#0' and status = 'failed'`);
  const ledger = await count(`select count(*)::int as n from ledger_entries`);
  const members = await count(`select count(*)::int as n from memberships`);
  if (renewedOk + failed !== N) throw new Error(`expected ${N} renewal charges, found ${renewedOk + failed}`);
  if (WITH_INBOX && ledger !== renewedOk) throw new Error(`expected ${renewedOk} ledger entries, found ${ledger}`);

  // 2. Killed part-way, resumed.
  log(`sweep 2: renewing at 2027-01-28T00:00Z, killing the worker at ${KILL_AT * 100} %`);
  const dueBefore = await count(`select count(*)::int as n from test_provider_subscriptions where (status = 'active' and current_period_end <= '2027-01-28') or (status = 'past_due' and next_retry_at <= '2027-01-28')`);
  let killedAt = 0;
  const killed = await worker('2027-01-28T00:00:00.000Z', 'renewals', (msg, child) => {
    if (msg.kind === 'renewals' && !killedAt && msg.renewed >= dueBefore * KILL_AT) {
      killedAt = msg.renewed;
      child.kill('SIGKILL');
    }
  });
  if (killed.signal !== 'SIGKILL') throw new Error(`the worker was not killed mid-sweep (${killed.code ?? killed.signal})`);
  const resumed = await worker('2027-01-28T00:00:00.000Z', 'renewals');
  if (resumed.code !== 0) throw new Error(`the resumed worker failed (${resumed.code ?? resumed.signal})`);
  const resumedCount = resumed.messages.find((x) => x.kind === 'renewals-done').renewed;
  const stillDue = await count(`select count(*)::int as n from test_provider_subscriptions where (status = 'active' and current_period_end <= '2027-01-28') or (status = 'past_due' and next_retry_at <= '2027-01-28')`);
  const charged = await count(`select count(*)::int as n from test_provider_charges where created_at = '2027-01-28'`);
  // Paid twice for one period, or one attempt made twice (the unique key forbids it; counted anyway).
  const twice = await count(`select count(*)::int as n from (select subscription_ref from test_provider_charges where created_at = '2027-01-28'
    group by subscription_ref, split_part(renewal_key, '#', 1) having count(*) filter (where status = 'succeeded') > 1 or count(*) > count(distinct renewal_key)) x`);
  const chargedSubs = await count(`select count(distinct subscription_ref)::int as n from test_provider_charges where created_at = '2027-01-28'`);
  const skipped = await count(`select count(*)::int as n from test_provider_subscriptions s where status <> 'canceled' and not exists (select 1 from test_provider_charges c where c.subscription_ref = s.ref and c.created_at = '2027-01-28')`);
  const resumeOk = stillDue === 0 && twice === 0 && skipped === 0 && chargedSubs === dueBefore && killedAt + resumedCount >= dueBefore;

  const seconds = sweep.ms / 1000;
  const rows = [
    ['subscriptions due the same day', N.toLocaleString('en-US')],
    ['renewal sweep (1 worker, batches of ' + BATCH + ')', `${seconds.toFixed(1)} s (${Math.round(N / seconds).toLocaleString('en-US')}/s)  target ≤ ${TARGET_SECONDS} s: ${seconds <= TARGET_SECONDS ? 'met' : 'MISSED'}`],
    ['  worker CPU during the sweep (load-independent)', `${(sweep.cpuMs / 1000).toFixed(1)} s`],
    ['  renewed / failed (expired cards)', `${renewedOk.toLocaleString('en-US')} / ${failed.toLocaleString('en-US')}`],
    ['worker RSS start / middle / end of sweep', `${mb(rss.start)} / ${mb(rss.middle)} / ${mb(rss.end)}`],
    ['inbox: events applied (membership, ledger)', !WITH_INBOX ? 'not run (INBOX=0)' : inbox ? `${inbox.processed.toLocaleString('en-US')} in ${(inbox.ms / 1000).toFixed(1)} s (${Math.round(inbox.processed / (inbox.ms / 1000)).toLocaleString('en-US')}/s), ${inbox.failed} failed` : '—'],
    ...(WITH_INBOX ? [['  memberships made from the events', members.toLocaleString('en-US')], ['worker RSS end of inbox', mb(inboxEndRss)]] : []),
    ['worker RSS max', mb(rss.max)],
    ['resume after SIGKILL', `killed after ${killedAt.toLocaleString('en-US')} of ${dueBefore.toLocaleString('en-US')}; resumed worker did ${resumedCount.toLocaleString('en-US')}; ${charged.toLocaleString('en-US')} charges (retries included) to ${chargedSubs.toLocaleString('en-US')} subscriptions, ${twice} charged twice, ${skipped} skipped, ${stillDue} still due: ${resumeOk ? 'ok' : 'FAILED'}`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write(`\nRenewals\n${rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n`);
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'renewals.json'),
    JSON.stringify({ subscriptions: N, batch: BATCH, sweepSeconds: seconds, renewed: renewedOk, failed, rss, inbox, members, resume: { killedAt, dueBefore, resumed: resumedCount, charged, chargedSubs, twice, skipped, stillDue, ok: resumeOk } }, null, 2),
  );
  if (!resumeOk) process.exitCode = 1;
} finally {
  await cleanup();
}
