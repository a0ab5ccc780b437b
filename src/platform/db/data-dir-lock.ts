import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive, processStat } from './processes.js';

export class DataDirLockedError extends Error {}

/**
 * An exclusive lock on the data directory, so a second Inkwell on the same directory
 * stops with a clear message instead of touching a live cluster. The lock is a file
 * created with O_EXCL holding our pid and start time; a lock whose process is gone (or a
 * zombie, or whose pid now names a process started at another time) is stale and taken over
 * (that is the kill -9 case).
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'inkwell.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n${processStat(process.pid)?.startTicks ?? ''}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readHolder(lockPath)?.pid === process.pid) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(lockPath);
      if (holder !== null && holder.pid !== process.pid && holdsLock(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is locked: another Inkwell process (pid ${holder.pid}) is using it. ` +
            `Stop that process first, or set DATA_DIR to another directory.`,
        );
      }
      // Stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; another process keeps taking it.`);
}

interface LockHolder {
  pid: number;
  /** Absent in a lock written where there is no /proc. */
  startTicks: number | null;
}

function holdsLock(holder: LockHolder): boolean {
  if (!isProcessAlive(holder.pid)) return false;
  const now = processStat(holder.pid)?.startTicks;
  return holder.startTicks === null || now === undefined || now === holder.startTicks;
}

function readHolder(file: string): LockHolder | null {
  try {
    const [pid, startTicks] = fs.readFileSync(file, 'utf8').split('\n').map((l) => Number.parseInt(l, 10));
    if (!Number.isInteger(pid)) return null;
    return { pid: pid!, startTicks: Number.isInteger(startTicks) ? startTicks! : null };
  } catch {
    return null;
  }
}
