import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger/index.js';
import { clearPreviousRun, readPostmasterPidFile } from './previous-run.js';
import { isProcessAlive, processStat } from './processes.js';

/**
 * What a killed run leaves, played by real processes standing in for PostgreSQL's: `exec -a`
 * gives a `sleep` the command line of a postmaster or of one of its children, and the working
 * directory makes it one of this cluster's.
 */
const logger = createLogger('silent');
const timings = { fastShutdownMs: 3000, childrenGraceMs: 200, childrenLimitMs: 1500 };
const started: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function cluster() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-previous-run-'));
  dirs.push(root);
  const clusterDir = path.join(root, 'pg');
  const socketDir = path.join(root, 'run');
  fs.mkdirSync(clusterDir);
  fs.mkdirSync(socketDir);
  return { clusterDir, socketDir, pidFile: path.join(clusterDir, 'postmaster.pid'), socketLock: path.join(socketDir, '.s.PGSQL.5432.lock') };
}

/** A process named `argv0` working in `cwd`; `ignoring` signals stay ignored across exec. */
async function fake(cwd: string, argv0: string, ignoring: string[] = []): Promise<number> {
  const trap = ignoring.length ? `trap '' ${ignoring.join(' ')}; ` : '';
  const child = spawn('bash', ['-c', `${trap}exec -a "${argv0}" sleep 60`], { cwd, stdio: 'ignore' });
  started.push(child);
  const pid = child.pid!;
  await until(() => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`${argv0}\0`)); // exec'd
  return pid;
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}

/** A pid that is a zombie: its parent (bash, then exec'd into sleep) never reaps it. */
async function zombie(): Promise<number> {
  const child = spawn('bash', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  const pid = await new Promise<number>((r) => child.stdout!.once('data', (d) => r(Number.parseInt(String(d), 10))));
  await until(() => processStat(pid)?.state === 'Z');
  return pid;
}

async function gonePid(): Promise<number> {
  const child = spawn('true');
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

const POSTMASTER = '/opt/pg/bin/postgres';
function writeLocks(c: ReturnType<typeof cluster>, pid: number | '') {
  // As PostgreSQL writes them: pid, data directory, start time, port, socket directory, listen address, shmem key and id, status.
  fs.writeFileSync(c.pidFile, pid === '' ? '' : `${pid}\n${c.clusterDir}\n1795774186\n5432\n${c.socketDir}\n\n  5432001     32768\nready   \n`);
  fs.writeFileSync(c.socketLock, pid === '' ? '' : `${pid}\n${c.clusterDir}\n1795774186\n5432\n${c.socketDir}\n`);
}

describe('clearPreviousRun', () => {
  type Holder = 'gone' | 'zombie' | 'unrelated live process' | 'empty file' | 'orphaned postmaster of this cluster';
  const holders: Record<Holder, (c: ReturnType<typeof cluster>) => Promise<number | ''>> = {
    gone: () => gonePid(),
    zombie: () => zombie(),
    'unrelated live process': () => fake(os.tmpdir(), 'sleep'),
    'empty file': async () => '',
    'orphaned postmaster of this cluster': (c) => fake(c.clusterDir, POSTMASTER),
  };

  it.each(Object.keys(holders) as Holder[])('lock files held by a %s: removed, and PostgreSQL may start', async (holder) => {
    const c = cluster();
    const pid = await holders[holder](c);
    writeLocks(c, pid);
    await clearPreviousRun(c.clusterDir, c.socketDir, logger, timings);
    expect(fs.existsSync(c.pidFile)).toBe(false);
    expect(fs.existsSync(c.socketLock)).toBe(false);
    if (holder === 'orphaned postmaster of this cluster') expect(isProcessAlive(pid as number)).toBe(false); // stopped
    if (holder === 'unrelated live process') expect(isProcessAlive(pid as number)).toBe(true); // left alone
  });

  it('waits for the children of a dead postmaster, tells the slow ones to exit, and leaves other processes alone', async () => {
    const c = cluster();
    writeLocks(c, await zombie());
    const children = [await fake(c.clusterDir, 'postgres: checkpointer '), await fake(c.clusterDir, 'postgres: postgres inkwell [local] idle')];
    const shell = await fake(c.clusterDir, 'bash'); // an operator's shell in the data directory is no PostgreSQL
    await clearPreviousRun(c.clusterDir, c.socketDir, logger, timings);
    for (const pid of children) expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(shell)).toBe(true);
    expect(fs.existsSync(c.pidFile)).toBe(false);
  });

  it('gives up with the pids named when a child never exits, and keeps the lock files', async () => {
    const c = cluster();
    writeLocks(c, await gonePid());
    const stuck = await fake(c.clusterDir, 'postgres: walwriter ', ['QUIT']);
    await expect(clearPreviousRun(c.clusterDir, c.socketDir, logger, timings)).rejects.toThrow(
      new RegExp(`Processes of an earlier PostgreSQL still use ${c.clusterDir} \\(pid ${stuck} "postgres: walwriter [^"]*"\\) and did not exit within 2 s\\. Stop them`),
    );
    expect(fs.existsSync(c.pidFile)).toBe(true);
    expect(fs.existsSync(c.socketLock)).toBe(true);
  });

  it('stops an orphaned postmaster that ignores a fast shutdown with an immediate one', async () => {
    const c = cluster();
    const pid = await fake(c.clusterDir, POSTMASTER, ['INT']);
    writeLocks(c, pid);
    await clearPreviousRun(c.clusterDir, c.socketDir, logger, { ...timings, fastShutdownMs: 300 });
    expect(isProcessAlive(pid)).toBe(false);
    expect(fs.existsSync(c.pidFile)).toBe(false);
  });
});

describe('readPostmasterPidFile', () => {
  it.each([
    ['4242\n/d/pg\n1795774186\n5432\n/d/run\n\n  5432001     32768\nready   \n', { pid: 4242, shm: { key: 5432001, id: 32768 } }],
    ['4242\n/d/pg\n1795774186\n5432\n/d/run\n', { pid: 4242, shm: null }], // killed before it made its shared memory
    ['', null],
    ['not a pid\n', null],
  ])('%j', (text, expected) => {
    const c = cluster();
    fs.writeFileSync(c.pidFile, text);
    expect(readPostmasterPidFile(c.clusterDir)).toEqual(expected);
  });
});
