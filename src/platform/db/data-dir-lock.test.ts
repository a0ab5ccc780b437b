import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { gonePid, killStandIns, standIn, zombie } from '../../../tests/support/stand-in-processes.js';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';
import { processStat } from './processes.js';

const dirs: string[] = [];
afterEach(killStandIns);
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-lock-'));
  dirs.push(dir);
  return dir;
}

describe('acquireDataDirLock', () => {
  // What inkwell.lock holds → whether that Inkwell still holds the directory.
  const holders: [string, () => Promise<string>, boolean][] = [
    ['a process that is gone', async () => `${await gonePid()}\n`, false],
    ['a zombie (killed, not yet reaped)', async () => `${await zombie()}\n`, false],
    ['a pid since reused by a process started at another time', async () => {
      const pid = await standIn(os.tmpdir(), 'node');
      return `${pid}\n${processStat(pid)!.startTicks - 1}\n`;
    }, false],
    ['nothing readable', async () => '', false],
    ['a live process, same start time', async () => {
      const pid = await standIn(os.tmpdir(), 'node');
      return `${pid}\n${processStat(pid)!.startTicks}\n`;
    }, true],
    ['a live process, written where there is no start time', async () => `${await standIn(os.tmpdir(), 'node')}\n`, true],
  ];

  it.each(holders)('a lock held by %s', async (_, content, held) => {
    const dir = dataDir();
    const lockFile = path.join(dir, 'inkwell.lock');
    const before = await content();
    fs.writeFileSync(lockFile, before);
    if (held) {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`The data directory ${dir} is locked: another Inkwell process (pid ${Number.parseInt(before, 10)}) is using it.`);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(before); // untouched
      return;
    }
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n${processStat(process.pid)!.startTicks}\n`);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
