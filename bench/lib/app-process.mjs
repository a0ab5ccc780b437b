// The built app (dist/server/main.js) as a child process on a data directory of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureOpen, track } from './cleanup.mjs';
import { request, sleep } from './http.mjs';

const OUTPUT_LIMIT = 64 * 1024;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function postmasterPid(dataDir) {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0], 10);
    if (!Number.isFinite(pid) || !isAlive(pid)) return null;
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres') ? pid : null;
  } catch {
    return null;
  }
}

async function waitForPidExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/** Stops a PostgreSQL left running in dataDir (only after the app died without stopping it). */
export async function stopOrphanPostgres(dataDir) {
  const pid = postmasterPid(dataDir);
  if (pid === null) return;
  process.kill(pid, 'SIGINT'); // fast shutdown
  if (await waitForPidExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  await waitForPidExit(pid, 5_000);
}

function stopOrphanPostgresSync(dataDir) {
  const pid = postmasterPid(dataDir);
  if (pid !== null) process.kill(pid, 'SIGQUIT'); // immediate shutdown: nothing left to wait with
}

/**
 * The Node options `npm start` gives the server (package.json's start script, e.g. the young
 * generation's size, docs/adr/0010), so the benchmarks measure the app as it is started.
 */
export function startNodeOptions(root) {
  const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  const words = start.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`package.json's start script does not start with node: ${JSON.stringify(start)}`);
  return words.slice(1).filter((w) => w.startsWith('--'));
}

export class AppProcess {
  /**
   * @param {{ root: string, dataDir: string, port: number, logLevel?: string, env?: Record<string, string>, databaseUrl?: string, role?: string, nodeArgs?: string[] }} opts
   * `databaseUrl` (with `role`) runs the app on that database instead of an embedded one (bench/feeds.mjs).
   * `nodeArgs`: Node options a benchmark needs in the app, e.g. `--import` of bench/lib/server-timing.mjs.
   */
  constructor({ root, dataDir, port, logLevel = 'warn', env = {}, databaseUrl, role, nodeArgs = [] }) {
    this.extraEnv = env;
    this.benchNodeArgs = nodeArgs;
    this.databaseUrl = databaseUrl;
    this.role = role;
    this.root = root;
    this.dataDir = dataDir;
    this.port = port;
    this.logLevel = logLevel;
    this.output = '';
    this.errorLines = 0;
    this.child = null;
    this.exit = null; // { code, signal } once exited
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** localhost:{PORT}: what the app derives as its main host when MAIN_HOST is not set. */
  get mainHost() {
    return `localhost:${this.port}`;
  }

  get pid() {
    return this.child?.pid;
  }

  /** Spawns the server; returns performance.now() taken right before the spawn. */
  start() {
    ensureOpen();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: this.logLevel,
      SITE_NAME: 'Inkwell',
      PUBLIC_PROTOCOL: 'http',
      TRUST_PROXY: '0',
      ...this.extraEnv,
    };
    // The story and clap benchmarks measure the embedded database on its own data directory.
    for (const name of ['DATABASE_URL', 'MAIN_HOST', 'REDIS_URL', 'ROLE']) delete env[name];
    if (this.databaseUrl) env.DATABASE_URL = this.databaseUrl;
    if (this.role) env.ROLE = this.role;

    const spawnedAt = performance.now();
    // detached: its own process group, so a Ctrl-C in the terminal reaches the benchmark only,
    // which then sends the app exactly one SIGINT (a second one makes it exit without
    // stopping its database).
    // BENCH_APP_NODE_ARGS: extra Node options for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // to see where a scenario's time goes (Node refuses --cpu-prof in NODE_OPTIONS).
    const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...startNodeOptions(this.root), ...this.benchNodeArgs, ...nodeArgs, path.join(this.root, 'dist', 'server', 'main.js')], {
      cwd: this.root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exit = null;
    const collect = (chunk) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (/"level":(50|60)\b/.test(line)) this.errorLines++;
      this.output = (this.output + text).slice(-OUTPUT_LIMIT);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    child.once('error', (err) => {
      this.output += `\nspawn failed: ${err.message}\n`;
    });

    const dataDir = this.dataDir;
    this.untrack = track(`app (pid ${child.pid})`, {
      async: () => this.stop(),
      sync: () => {
        if (this.exit === null) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* gone */
          }
        }
        stopOrphanPostgresSync(dataDir);
      },
    });
    return spawnedAt;
  }

  /** The last lines the app printed, for error messages. */
  tail(lines = 40) {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  failure(message) {
    return new Error(`${message}\n--- app output (last lines) ---\n${this.tail()}\n---`);
  }

  /** Waits for GET /_/health to answer 200. */
  async waitHealthy(timeoutMs = 180_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.exit) throw this.failure(`The app exited during start-up (code ${this.exit.code}, signal ${this.exit.signal}).`);
      try {
        const res = await request(`${this.origin}/_/health`, { timeoutMs: 5_000 });
        if (res.status === 200) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw this.failure(`The app did not become healthy within ${timeoutMs / 1000} s.`);
      await sleep(50);
    }
  }

  /** SIGINT, then waits for the process (which stops its database first) to exit. */
  async stop({ timeoutMs = 30_000 } = {}) {
    const child = this.child;
    if (!child) return;
    if (this.exit === null) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        /* already gone */
      }
      const timedOut = await Promise.race([this.exited.then(() => false), sleep(timeoutMs).then(() => true)]);
      if (timedOut) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
        await this.exited;
        await stopOrphanPostgres(this.dataDir);
        this.untrack?.();
        throw this.failure(`The app did not exit within ${timeoutMs / 1000} s of SIGINT; killed it.`);
      }
    }
    await stopOrphanPostgres(this.dataDir); // normally a no-op: the app stops its database itself
    this.untrack?.();
    this.child = null;
  }
}

/** A temporary data directory, removed at clean-up (after the processes using it stopped). */
export function tempDataDir(prefix) {
  const dir = fs.mkdtempSync(prefix);
  // Run as root, the app starts PostgreSQL as the 'postgres' user, which must be able to
  // reach the cluster below this directory.
  fs.chmodSync(dir, 0o755);
  track(`temp dir ${dir}`, {
    async: async () => fs.rmSync(dir, { recursive: true, force: true }),
    sync: () => fs.rmSync(dir, { recursive: true, force: true }),
  });
  return dir;
}
