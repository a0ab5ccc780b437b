#!/usr/bin/env node
// Starts the built app on an embedded cluster, claps, kills it with SIGKILL (the app, its
// postmaster, or both, in either order), starts it again, and counts the starts that did not
// come up on the first try. `node scripts/crash-loop.mjs [rounds]` after `npm run build`;
// the figures are in docs/adr/0002-embedded-postgres-lifecycle.md. APP_ENTRY runs another build
// of the server (a copy of an older dist/, to compare).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookieClient, signUp } from '../bench/lib/accounts.mjs';
import { freePort, request, sleep } from '../bench/lib/http.mjs';

const rounds = Number(process.argv[2] ?? 30);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-crash-loop-'));
fs.chmodSync(dataDir, 0o755);
const KILLS = ['app', 'postmaster', 'app then postmaster', 'postmaster then app'];

function postmasterPid() {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0], 10);
  } catch {
    return null;
  }
}

function kill(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone already */
  }
}

async function start() {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [process.env.APP_ENTRY ?? 'dist/server/main.js'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CAPTCHA_PROVIDER: 'none', AUTH_RATE_LIMIT_FACTOR: '50' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const res = await request(`${origin}/_/health`, { timeoutMs: 2000 }).catch(() => null);
    if (res?.status === 200) return { ok: true, child, origin, exited };
    await sleep(100);
  }
  child.kill('SIGKILL');
  return { ok: false, output, exited };
}

let failures = 0;
let cookies = null;
let story = null;
const byKill = Object.fromEntries(KILLS.map((k) => [k, { tries: 0, failures: 0 }]));
let app = await start();
if (!app.ok) throw new Error(`The first start failed:\n${app.output}`);
for (let round = 0; round < rounds; round++) {
  const client = cookieClient(app.origin);
  if (!cookies) {
    ({ client: { jar: cookies } } = await signUp(app.origin, { name: 'Crash Loop', email: `crash-loop-${process.pid}@example.com` }));
    const data = await client.gql('{ staffPicksFeed(paging: { limit: 1 }) { items { id } } }').catch(() => null);
    story = data?.staffPicksFeed.items[0]?.id ?? null;
  }
  for (const [k, v] of cookies) client.jar.set(k, v);
  const { viewer } = await client.gql('{ viewer { id } }');
  // Writes in flight while the kill lands.
  const writes = story ? Array.from({ length: 5 }, () => client.gql('mutation($p: ID!, $u: ID!) { clap(targetPostId: $p, userId: $u, numClaps: 1) { __typename } }', { p: story, u: viewer.id }).catch(() => null)) : [];
  await sleep(Math.random() * 30);
  const how = KILLS[round % KILLS.length];
  const pm = postmasterPid();
  if (how.startsWith('app')) app.child.kill('SIGKILL');
  if (how.startsWith('postmaster')) kill(pm);
  await sleep(Math.random() * 200);
  if (how.endsWith('then postmaster')) kill(pm);
  if (how.endsWith('then app')) app.child.kill('SIGKILL');
  // The postmaster alone: the app stops by itself; older builds kept running, so it is killed after 10 s.
  const gone = await Promise.race([app.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!gone) app.child.kill('SIGKILL');
  await app.exited;
  // Started again at once, as a supervisor would; the writes in flight fail meanwhile.
  const next = await start();
  await Promise.all(writes);
  byKill[how].tries++;
  if (!next.ok) {
    failures++;
    byKill[how].failures++;
    process.stdout.write(`round ${round} (${how}): the start failed\n${next.output.split('\n').filter(Boolean).slice(-12).join('\n')}\n`);
    app = await start(); // the second try, so the loop goes on
    if (!app.ok) throw new Error(`The second start failed too:\n${app.output}`);
  } else {
    app = next;
  }
}
app.child.kill('SIGKILL');
await app.exited;
kill(postmasterPid());
await sleep(500);
process.stdout.write(`${failures} of ${rounds} starts after kill -9 failed the first try\n`);
for (const [how, { tries, failures: f }] of Object.entries(byKill)) process.stdout.write(`  ${how}: ${f}/${tries}\n`);
fs.rmSync(dataDir, { recursive: true, force: true });
