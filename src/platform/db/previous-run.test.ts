import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger/index.js';
import { clearPreviousRun, readPostmasterPidFile } from './previous-run.js';
import { isProcessAlive } from './processes.js';
import { gonePid, killStandIns, standIn, zombie } from '../../../tests/support/stand-in-processes.js';

/** What a killed run leaves, played by real processes (tests/support/stand-in-processes.ts). */
const logger = createLogger('silent');
const timings = { fastShutdownMs: 3000, childrenGraceMs: 200, childrenLimitMs: 1500 };
const dirs: string[] = [];

afterEach(killStandIns);
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
    'unrelated live process': () => standIn(os.tmpdir(), 'sleep'),
    'empty file': async () => '',
    'orphaned postmaster of this cluster': (c) => standIn(c.clusterDir, POSTMASTER),
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
    const children = [await standIn(c.clusterDir, 'postgres: checkpointer '), await standIn(c.clusterDir, 'postgres: postgres inkwell [local] idle')];
    const shell = await standIn(c.clusterDir, 'bash'); // an operator's shell in the data directory is no PostgreSQL
    await clearPreviousRun(c.clusterDir, c.socketDir, logger, timings);
    for (const pid of children) expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(shell)).toBe(true);
    expect(fs.existsSync(c.pidFile)).toBe(false);
  });

  it('gives up with the pids named when a child never exits, and keeps the lock files', async () => {
    const c = cluster();
    writeLocks(c, await gonePid());
    const stuck = await standIn(c.clusterDir, 'postgres: walwriter ', ['QUIT']);
    await expect(clearPreviousRun(c.clusterDir, c.socketDir, logger, timings)).rejects.toThrow(
      new RegExp(`Processes of an earlier PostgreSQL still use ${c.clusterDir} \\(pid ${stuck} "postgres: walwriter [^"]*"\\) and did not exit within 2 s\\. Stop them`),
    );
    expect(fs.existsSync(c.pidFile)).toBe(true);
    expect(fs.existsSync(c.socketLock)).toBe(true);
  });

  it('stops an orphaned postmaster that ignores a fast shutdown with an immediate one', async () => {
    const c = cluster();
    const pid = await standIn(c.clusterDir, POSTMASTER, ['INT']);
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
