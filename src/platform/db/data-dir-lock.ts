import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on the data directory, so a second Inkwell on the same directory
 * stops with a clear message instead of touching a live cluster. The lock is a file
 * created with O_EXCL holding our pid; a lock whose process is gone is stale and taken
 * over (that is the kill -9 case).
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'inkwell.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readPid(lockPath) === process.pid) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(lockPath);
      if (holder !== null && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is locked: another Inkwell process (pid ${holder}) is using it. ` +
            `Stop that process first, or set DATA_DIR to another directory.`,
        );
      }
      // Stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; another process keeps taking it.`);
}

function readPid(file: string): number | null {
  try {
    const n = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}
