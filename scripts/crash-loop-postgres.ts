// The start of the embedded cluster alone, right after kill -9, without the app's boot in between
// (which often gives a killed postmaster time to be reaped): a holder process starts the cluster
// and writes; it and/or its postmaster are killed; this process starts the cluster at once.
// `npx tsx scripts/crash-loop-postgres.ts [rounds]`; EMBEDDED=<path of another embedded.ts> compares.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { createLogger } from '../src/platform/logger/index.js';
import type { startEmbeddedPostgres as Start } from '../src/platform/db/embedded.js';

const here = fileURLToPath(import.meta.url);
const embedded = process.env.EMBEDDED ?? path.join(path.dirname(here), '../src/platform/db/embedded.ts');
const { startEmbeddedPostgres } = (await import(pathToFileURL(embedded).href)) as { startEmbeddedPostgres: typeof Start };
const logger = createLogger('silent');
const clusterDir = process.env.CLUSTER_DIR;

if (process.argv[2] === 'hold' && clusterDir) {
  // The holder: starts the cluster, says so, then writes until it is killed.
  const cluster = await startEmbeddedPostgres({ clusterDir, database: 'crash', logger });
  const pool = new pg.Pool({ ...cluster.connection, max: 4 });
  pool.on('error', () => {}); // the kill this process is waiting for
  await pool.query('create table if not exists t (id serial primary key, at timestamptz default now())');
  process.send!('ready');
  for (;;) await Promise.all([1, 2, 3, 4].map(() => pool.query('insert into t default values').catch(() => {})));
}

const rounds = Number(process.argv[2] ?? 20);
const KILLS = ['app', 'postmaster', 'app then postmaster', 'postmaster then app'] as const;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-crash-pg-'));
fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as "postgres"
const pgDir = path.join(dir, 'pg');
const postmasterPid = () => {
  try {
    return Number.parseInt(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
  } catch {
    return undefined;
  }
};
const kill = (pid: number | undefined) => {
  try {
    if (pid) process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
};
const tally = Object.fromEntries(KILLS.map((k) => [k, [0, 0]])) as Record<(typeof KILLS)[number], [number, number]>;
let failures = 0;
for (let round = 0; round < rounds; round++) {
  const holder = fork(here, ['hold'], { env: { ...process.env, CLUSTER_DIR: pgDir }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const exited = new Promise((r) => holder.once('exit', r));
  const up = await new Promise<boolean>((resolve) => {
    holder.once('message', () => resolve(true));
    holder.once('exit', () => resolve(false));
  });
  if (!up) {
    // Left over from the round before (a start that failed): not a round of its own.
    process.stdout.write(`round ${round}: the holder could not start the cluster\n`);
    await new Promise((r) => setTimeout(r, 3000));
    continue;
  }
  await new Promise((r) => setTimeout(r, Math.random() * 300));
  const how = KILLS[round % KILLS.length]!;
  const pm = postmasterPid();
  if (how.startsWith('app')) holder.kill('SIGKILL');
  if (how.startsWith('postmaster')) kill(pm);
  await new Promise((r) => setTimeout(r, Math.random() * 100));
  if (how.endsWith('then postmaster')) kill(pm);
  holder.kill('SIGKILL');
  await exited;
  tally[how][1]++;
  try {
    const cluster = await startEmbeddedPostgres({ clusterDir: pgDir, database: 'crash', logger });
    await cluster.stop();
  } catch (err) {
    failures++;
    tally[how][0]++;
    const lines = String(err).split('\n');
    process.stdout.write(`round ${round} (${how}): ${lines[0]} … ${lines.filter((l) => /FATAL|HINT/.test(l)).slice(-2).join(' / ')}\n`);
    await new Promise((r) => setTimeout(r, 3000)); // then the next round starts on a settled directory
  }
}
process.stdout.write(`${failures} of ${rounds} starts right after kill -9 failed\n`);
for (const [how, [f, n]] of Object.entries(tally)) process.stdout.write(`  ${how}: ${f}/${n}\n`);
fs.rmSync(dir, { recursive: true, force: true });
