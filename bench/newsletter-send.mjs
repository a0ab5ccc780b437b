#!/usr/bin/env node
// `npm run bench:newsletter-send`: a story sent to SUBSCRIBERS (default 100,000) newsletter
// subscribers, on an embedded PostgreSQL of its own; see bench/README.md, "Newsletter sending".
//
// 1. Publish: the publishPost GraphQL request of a writer with SUBSCRIBERS subscribers against the
//    same request of a writer with none, alternating, in one process (Fastify inject): p50/p95 of
//    each and their ratio (target: p95 ≤ 100 ms; the fan-out is the sender's, not the request's).
//    Then the 'post.published' handler's transaction (it makes the send rows) is timed too.
// 2. Sending: one worker process hands the emails to a local SMTP sink (smtp-server, in this
//    process): emails/s (target ≥ 500) and the worker's RSS sampled every 250 ms.
// 3. kill -9: a second story; the worker is killed (SIGKILL) at 40 % and a new one finishes after
//    the lease. Counted: ledger rows (every subscriber exactly once, SENT) and the sink's
//    Message-IDs (each once, except at most the batches in flight at the kill).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => tsImport(pathToFileURL(path.join(root, p)).href, import.meta.url);
const N = Number(process.env.SUBSCRIBERS || 100_000);
const PUBLISHES = Number(process.env.PUBLISHES || 30);
const LANES = Number(process.env.SENDER_LANES || 3);
const LEASE_SECONDS = 5;
const KILL_AT = 0.4;
const BATCH = 100;
const log = (m) => process.stderr.write(`▸ ${m}\n`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const m = await load('bench/lib/newsletter-send-modules.ts');
const dir = fs.mkdtempSync(path.join(m.defaultTempDir(), 'inkwell-newsletter-send-'));
fs.chmodSync(dir, 0o755);
const cluster = await m.startEmbeddedPostgres({ clusterDir: path.join(dir, 'pg'), database: 'postgres', logger: m.createLogger('silent'), durable: true });
const conn = cluster.connection;
const url = `postgres://${encodeURIComponent(conn.user ?? 'postgres')}@${conn.host && !conn.host.startsWith('/') ? conn.host : 'localhost'}:${conn.port ?? 5432}/postgres${conn.host?.startsWith('/') ? `?host=${encodeURIComponent(conn.host)}` : ''}`;
const database = m.connectDatabase(conn, 4, 0);
const children = new Set();

// The sink: counts each Message-ID it receives (bodies are read and dropped).
const seen = new Map();
let received = 0;
const sink = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (c) => {
      if (head.length < 4096) head += c.toString('utf8');
    });
    stream.on('end', () => {
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
      seen.set(id, (seen.get(id) ?? 0) + 1);
      received++;
      callback();
    });
  },
});
// A killed worker resets its connections: expected here, not a failure of the sink.
sink.on('error', () => {});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${sink.server.address().port}`;

const cleanup = async () => {
  for (const c of children) c.kill('SIGKILL');
  await new Promise((resolve) => sink.close(resolve));
  await database.close().catch(() => {});
  await cluster.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const q = async (text, params) => (await database.pool.query(text, params)).rows;
const count = async (text, params) => Number((await q(text, params))[0].n);

/** One sending worker; `onMessage` sees its progress; resolves when it exits. */
function worker(onMessage = () => {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/newsletter-send-worker.ts'), url, smtpUrl, String(LANES), String(LEASE_SECONDS)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const messages = [];
  child.on('message', (msg) => {
    messages.push(msg);
    onMessage(msg, child);
  });
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal, messages });
    }),
  );
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

try {
  await m.prepareDatabase(database);
  const config = m.loadConfig({ NODE_ENV: 'production', PORT: '3000', CAPTCHA_PROVIDER: 'none', LOG_LEVEL: 'warn', SEED_DEMO: '0' });
  const app = await m.buildApp({ config, db: database.db, logger: m.createLogger('warn'), loadRenderer: async () => ({}) });
  await app.ready();
  const big = await m.createUser(database.db, { name: 'Big Writer', username: 'bigwriter', email: 'big@example.com' });
  const small = await m.createUser(database.db, { name: 'New Writer', username: 'newwriter', email: 'new@example.com' });
  const bigNewsletter = await m.ensureWriterNewsletter(database.db, big);
  await m.ensureWriterNewsletter(database.db, small);
  log(`seeding ${N.toLocaleString('en-US')} ACTIVE subscribers`);
  await q(`insert into newsletter_subscribers (id, newsletter_id, email, state, source, confirmed_at)
    select lpad(to_hex(i), 12, '0'), $1, 'reader' || i || '@example.org', 'ACTIVE', 'IMPORT', now() from generate_series(1, $2) i`, [bigNewsletter.id, N]);
  await q(`update newsletters set subscriber_count = $2 where id = $1`, [bigNewsletter.id, N]);
  await q('analyze');

  // 1. The publish request.
  const cookieOf = async (userId) => `sid=${(await m.createSession(database.db, userId, { userAgent: 'bench', ip: '127.0.0.1' })).token}`;
  const cookies = { big: await cookieOf(big), small: await cookieOf(small) };
  const PUBLISH = `mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }`;
  const input = { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  const paragraphs = [{ name: 'a1b2', type: 'P', text: 'A story for the newsletter benchmark, long enough to be a story.', markups: [] }];
  const publishOnce = async (who) => {
    const d = await m.createDraft(database.db, who === 'big' ? big : small, { title: `Bench story ${who}`, subtitle: '', paragraphs });
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/_/graphql', headers: { host: config.mainHost, cookie: cookies[who], 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, payload: { query: PUBLISH, variables: { postId: d.postId, input } } });
    const ms = performance.now() - t0;
    if (res.json().data?.publishPost?.__typename !== 'Post') throw new Error(`publish failed: ${res.body}`);
    return { ms, postId: d.postId };
  };
  log(`publish: ${PUBLISHES} requests of each writer, alternating (2 warm-up each)`);
  for (let i = 0; i < 2; i++) {
    await publishOnce('small');
    await publishOnce('big');
  }
  const times = { big: [], small: [] };
  let lastBig = null;
  for (let i = 0; i < PUBLISHES; i++) {
    for (const who of i % 2 ? ['big', 'small'] : ['small', 'big']) {
      const r = await publishOnce(who);
      times[who].push(r.ms);
      if (who === 'big') lastBig = r.postId;
    }
  }
  // The handler's transaction for the story that goes out (the others' events are dropped: one send is timed).
  await q(`delete from domain_events`);
  const h0 = performance.now();
  await database.db.transaction((tx) => m.queueSendsForPost(tx, lastBig));
  const handlerMs = performance.now() - h0;
  await app.close();

  // 2. Sending.
  log(`sending: one worker, ${LANES} lanes, to the SMTP sink`);
  const rss = [];
  const first = await worker((msg) => rss.push(msg.rss));
  if (first.code !== 0) throw new Error(`the worker failed (${first.code ?? first.signal})`);
  const done = first.messages.find((x) => x.kind === 'done');
  const sendRow = (await q(`select * from newsletter_sends where post_id = $1`, [lastBig]))[0];
  const perSecond = sendRow.sent / (done.ms / 1000);
  if (sendRow.state !== 'SENT' || sendRow.sent !== N) throw new Error(`send 1 ended ${sendRow.state} with ${sendRow.sent} sent`);

  // 3. kill -9 mid-send, then resume.
  // The second story is published by the command and its send queued as the handler does (the app is closed).
  const second = (await m.createDraft(database.db, big, { title: 'After the kill', subtitle: '', paragraphs })).postId;
  await m.publishPost(database.db, big, second, input);
  await database.db.transaction((tx) => m.queueSendsForPost(tx, second));
  const sendId2 = (await q(`select id from newsletter_sends where post_id = $1`, [second]))[0].id;
  const before = received;
  log(`kill -9: a second send, the worker killed at ${KILL_AT * 100} %`);
  const killed = await worker((_msg, child) => {
    if (received - before >= N * KILL_AT && !child.killed) child.kill('SIGKILL');
  });
  // The sink keeps receiving what was in flight for a moment.
  await new Promise((r) => setTimeout(r, 500));
  const atKill = received - before;
  const inFlight = await count(`select count(*)::int as n from newsletter_deliveries where send_id = $1 and state = 'SENDING'`, [sendId2]);
  await new Promise((r) => setTimeout(r, (LEASE_SECONDS + 1) * 1000));
  const resumed = await worker();
  if (resumed.code !== 0) throw new Error(`the resumed worker failed (${resumed.code ?? resumed.signal})`);
  const ledger = await q(`select state, count(*)::int as n from newsletter_deliveries where send_id = $1 group by state`, [sendId2]);
  const rows = await count(`select count(*)::int as n from newsletter_deliveries where send_id = $1`, [sendId2]);
  const distinctSubscribers = await count(`select count(distinct subscriber_id)::int as n from newsletter_deliveries where send_id = $1`, [sendId2]);
  const ids = [...seen.entries()].filter(([id]) => id.includes(sendId2));
  const twice = ids.filter(([, n]) => n > 1).length;
  const sent2 = (await q(`select state, sent from newsletter_sends where id = $1`, [sendId2]))[0];
  const resumeOk = killed.signal === 'SIGKILL' && rows === N && distinctSubscribers === N && ledger.length === 1 && ledger[0].state === 'SENT' && ids.length === N && twice <= LANES * BATCH && sent2.sent === N;

  const f = (n, d = 1) => n.toFixed(d);
  const out = [
    ['subscribers', N.toLocaleString('en-US')],
    ['publish request, 0 subscribers  p50 / p95', `${f(pct(times.small, 0.5))} / ${f(pct(times.small, 0.95))} ms`],
    [`publish request, ${N.toLocaleString('en-US')} subscribers  p50 / p95`, `${f(pct(times.big, 0.5))} / ${f(pct(times.big, 0.95))} ms  (ratio of p95 ${f(pct(times.big, 0.95) / pct(times.small, 0.95), 2)}; target p95 ≤ 100 ms: ${pct(times.big, 0.95) <= 100 ? 'met' : 'MISSED'})`],
    ['post.published handler (makes the send rows)', `${f(handlerMs)} ms`],
    ['sending (fan-out included)', `${f(done.ms / 1000)} s, ${Math.round(perSecond).toLocaleString('en-US')} emails/s  (target ≥ 500: ${perSecond >= 500 ? 'met' : 'MISSED'})`],
    ['worker RSS min / median / max', `${mb(Math.min(...rss))} / ${mb(pct(rss, 0.5))} / ${mb(Math.max(...rss))}  (${rss.length} samples)`],
    ['kill -9 at', `${atKill.toLocaleString('en-US')} received, ${inFlight} ledger rows SENDING (in flight)`],
    ['after resume', `ledger ${rows.toLocaleString('en-US')} rows for ${distinctSubscribers.toLocaleString('en-US')} subscribers, ${ledger.map((l) => `${l.state} ${l.n}`).join(', ')}; sink ${ids.length.toLocaleString('en-US')} distinct Message-IDs, ${twice} received twice (≤ ${LANES * BATCH} in flight allowed): ${resumeOk ? 'ok' : 'FAILED'}`],
  ];
  const width = Math.max(...out.map((r) => r[0].length));
  process.stdout.write(`\nNewsletter sending\n${out.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n`);
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench', 'results', 'newsletter-send.json'),
    JSON.stringify({ subscribers: N, publish: { small: times.small, big: times.big }, handlerMs, sendSeconds: done.ms / 1000, perSecond, rss, kill: { atKill, inFlight, rows, distinctSubscribers, ledger, distinctIds: ids.length, twice, ok: resumeOk } }, null, 2),
  );
  if (!resumeOk) process.exitCode = 1;
} finally {
  await cleanup();
}
