import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clusterProcesses, isProcessAlive } from '../../../src/platform/db/processes.js';

/**
 * The built server (`node dist/server/main.js`) on an embedded, durable cluster in a data
 * directory of its own, for the tests that kill it: how it is started, killed and looked into.
 */
export interface AppRun {
  child: ChildProcess;
  dataDir: string;
  origin: string;
  exited: Promise<number | null>;
  output(): string;
}

/** `port`: the same one on every restart, so clients keep their origin (and cookies). */
export function startApp(dataDir: string, port: number, extraEnv: NodeJS.ProcessEnv = {}): AppRun {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const env = { ...rest, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, dataDir, origin: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Healthy, or why not: the start exited (its output says why) or did not answer in time. */
export async function untilHealthy(run: AppRun, timeoutMs = 90_000): Promise<{ ok: true } | { ok: false; why: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = run.child;
    if (exitCode !== null || signalCode !== null) return { ok: false, why: `exited (${signalCode ?? `code ${exitCode}`}):\n${run.output().slice(-3000)}` };
    const res = await fetch(`${run.origin}/_/health`).catch(() => null);
    if (res?.ok) return { ok: true };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ok: false, why: `not healthy within ${timeoutMs} ms:\n${run.output().slice(-3000)}\n${whereItWaits(run)}` };
}

/** For a start that hangs: what the app and the cluster's processes are doing, and PostgreSQL's log. */
function whereItWaits(run: AppRun): string {
  const dataDir = run.dataDir;
  const about = (pid: number) => {
    const read = (f: string) => fs.readFileSync(`/proc/${pid}/${f}`, 'utf8').replace(/\0/g, ' ').trim();
    try {
      return `${pid} ${read('stat').split(' ')[2]} wchan=${read('wchan')} ${read('cmdline').slice(0, 80)}`;
    } catch {
      return `${pid} gone`;
    }
  };
  const cluster = (clusterProcesses(path.join(dataDir, 'pg')) ?? []).map((p) => about(p.pid));
  let log = '';
  try {
    log = fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    /* none yet */
  }
  return `app: ${about(run.child.pid!)}\ncluster:\n${cluster.join('\n')}\npostmaster.pid: ${postmasterPid(dataDir)}\npostgres.log:\n${log}`;
}

export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
    return isProcessAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** A backend serving the app's database (ps title "postgres: postgres inkwell [local] …"). */
export function appBackendPid(dataDir: string): number | null {
  const backends = (clusterProcesses(path.join(dataDir, 'pg')) ?? []).filter((p) => p.command.startsWith('postgres: postgres inkwell'));
  return backends[Math.floor(Math.random() * backends.length)]?.pid ?? null;
}

export function kill9(pid: number | null | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone already */
  }
}

/** A connection to the app's database, straight through the cluster's socket. */
export async function clusterClient(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ host: path.join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'inkwell' });
  await client.connect();
  return client;
}
