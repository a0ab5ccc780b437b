import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger/index.js';
import { clusterProcesses, isGoneFrom, isProcessAlive, sharedMemoryAttachments, type ClusterProcess } from './processes.js';

/**
 * What a run killed with SIGKILL leaves in the cluster's directories, and how the next start
 * deals with it (docs/adr/0002-embedded-postgres-lifecycle.md). PostgreSQL refuses to start while
 * postmaster.pid or the socket's lock file names a pid that kill(pid, 0) finds, and while
 * processes of the old cluster are still attached to its shared memory. After kill -9 that pid
 * is often a zombie for a while, and the old postmaster's children take a moment to notice they
 * are orphans: PostgreSQL would refuse a start that is perfectly safe a second later.
 *
 * Called with the data directory locked (inkwell.lock), so no live Inkwell serves this cluster.
 */

/** What matters here of postmaster.pid (its lines are PostgreSQL's LOCK_FILE_LINE_* in miscadmin.h). */
export interface PostmasterPidFile {
  pid: number;
  /** The System V shared memory segment, "key id" on line 7; null until the postmaster made it. */
  shm: { key: number; id: number } | null;
}

export function readPostmasterPidFile(clusterDir: string): PostmasterPidFile | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid)) return null;
  const [key, id] = (lines[6] ?? '').trim().split(/\s+/).map((n) => Number.parseInt(n, 10));
  const shm = Number.isInteger(key) && Number.isInteger(id) ? { key: key!, id: id! } : null;
  return { pid, shm };
}

export interface PreviousRunTimings {
  /** How long a fast shutdown of an orphaned postmaster may take before an immediate one. */
  fastShutdownMs: number;
  /** How long the children of a dead postmaster get to notice and exit before they are told to. */
  childrenGraceMs: number;
  /** Then how long until the start gives up with a message naming them. */
  childrenLimitMs: number;
}

const TIMINGS: PreviousRunTimings = { fastShutdownMs: 30_000, childrenGraceMs: 5_000, childrenLimitMs: 30_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* exited meanwhile */
  }
}

/**
 * Stops what is left of a previous run of this cluster and removes its stale lock files, so the
 * postmaster started next comes up on the first try.
 */
export async function clearPreviousRun(clusterDir: string, socketDir: string, logger: Logger, timings: PreviousRunTimings = TIMINGS): Promise<void> {
  const pidFile = readPostmasterPidFile(clusterDir);
  const running = clusterProcesses(clusterDir);
  if (running === null) {
    // No /proc: only a live postmaster named in postmaster.pid can be told apart; PostgreSQL's
    // own checks stand for the rest.
    if (pidFile && isProcessAlive(pidFile.pid)) await stopOrphans([{ pid: pidFile.pid, postmaster: true, command: 'postgres' }], logger, timings);
    return;
  }

  // 1. A live postmaster of this directory outlived the app that started it (kill -9 of the app).
  await stopOrphans(running.filter((p) => p.postmaster), logger, timings);

  // 2. The postmaster is dead (kill -9 of PostgreSQL): its children exit when they notice.
  const leftovers = () => (clusterProcesses(clusterDir) ?? []).filter((p) => !p.postmaster);
  const attached = () => (pidFile?.shm ? (sharedMemoryAttachments(pidFile.shm) ?? 0) : 0);
  const gone = () => leftovers().length === 0 && attached() === 0;
  if (!(await waitUntil(gone, timings.childrenGraceMs))) {
    const left = leftovers();
    logger.warn({ pids: left.map((p) => p.pid) }, 'telling the processes of a dead PostgreSQL to exit');
    for (const p of left) signal(p.pid, 'SIGQUIT'); // what the postmaster sends its children in an immediate shutdown
    if (!(await waitUntil(gone, timings.childrenLimitMs))) {
      const still = leftovers();
      throw new Error(
        `Processes of an earlier PostgreSQL still use ${clusterDir} (${still.map((p) => `pid ${p.pid} "${p.command}"`).join(', ') || `${attached()} attached to its shared memory`}) ` +
          `and did not exit within ${Math.round((timings.childrenGraceMs + timings.childrenLimitMs) / 1000)} s. Stop them (kill -9 <pid>), then start again.`,
      );
    }
  }

  // 3. Nothing of the old cluster runs any more: a lock file naming a zombie, or a pid since
  // reused by an unrelated process, would only make PostgreSQL refuse to start.
  // One this user cannot look into is left for PostgreSQL to judge.
  for (const lockFile of [path.join(clusterDir, 'postmaster.pid'), ...socketLockFiles(socketDir)]) {
    if (!fs.existsSync(lockFile)) continue;
    const holder = lockFilePid(lockFile); // null: empty, the postmaster was killed while writing it
    if (holder === null || isGoneFrom(holder, clusterDir)) {
      logger.info({ lockFile }, 'removing the lock file of a PostgreSQL that is no longer running');
      fs.rmSync(lockFile, { force: true });
    }
  }
}

async function stopOrphans(postmasters: ClusterProcess[], logger: Logger, timings: PreviousRunTimings): Promise<void> {
  for (const { pid } of postmasters) {
    logger.warn({ pid }, 'stopping an orphaned PostgreSQL left by a previous run');
    signal(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints
    if (await waitUntil(() => !isProcessAlive(pid), timings.fastShutdownMs)) continue;
    signal(pid, 'SIGQUIT'); // immediate shutdown; recovery replays the WAL on the next start
    if (!(await waitUntil(() => !isProcessAlive(pid), 10_000))) throw new Error(`Could not stop the orphaned PostgreSQL (pid ${pid}) that serves this data directory.`);
  }
}

function socketLockFiles(socketDir: string): string[] {
  try {
    return fs
      .readdirSync(socketDir)
      .filter((f) => /^\.s\.PGSQL\.\d+\.lock$/.test(f))
      .map((f) => path.join(socketDir, f));
  } catch {
    return [];
  }
}

function lockFilePid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}
