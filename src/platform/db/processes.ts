import fs from 'node:fs';

/**
 * What /proc says about processes, for telling a live process from a dead one whose pid is still
 * around. A process killed with SIGKILL stays a zombie until its parent reaps it; when that parent
 * was killed too, the zombie waits for init, which may take a while (or, in some containers,
 * forever). kill(pid, 0) succeeds on a zombie, so it is no test of life.
 */
export interface ProcessStat {
  /** R, S, D, Z (zombie), X (dead), … */
  state: string;
  /** Clock ticks since boot when it started: with the pid, it names one process. */
  startTicks: number;
}

const hasProc = process.platform === 'linux';

export function processStat(pid: number): ProcessStat | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces and ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (hasProc) {
    const stat = processStat(pid);
    return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The working directory of a live process, or null when it is gone or not ours to read. */
function workingDirectory(pid: number): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

function commandLine(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

export interface ClusterProcess {
  pid: number;
  /** The postmaster itself, as opposed to one of its children (backends, checkpointer, …). */
  postmaster: boolean;
  command: string;
}

/**
 * The live PostgreSQL processes of one data directory: every one of them runs with the data
 * directory as its working directory, the postmaster and its children alike, and children keep
 * it after their postmaster is gone. The postmaster keeps the command line it was started with;
 * its children rewrite theirs to "postgres: <what it does>". Null without /proc (macOS).
 */
export function clusterProcesses(clusterDir: string): ClusterProcess[] | null {
  if (!hasProc) return null;
  const dir = fs.realpathSync(clusterDir);
  const found: ClusterProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid || workingDirectory(pid) !== dir || !isProcessAlive(pid)) continue;
    const argv = commandLine(pid);
    const command = argv.join(' ').trim();
    if (!/(^|\/)postgres(:|$)/.test(argv[0] ?? '')) continue;
    found.push({ pid, postmaster: !command.startsWith('postgres:'), command });
  }
  return found;
}

/**
 * Whether a pid is free to be taken over as a lock holder: the process is gone (or a zombie), or
 * it is alive elsewhere than `dir` (a pid reused by an unrelated process). False when it may be a
 * process of `dir` that this user cannot look into.
 */
export function isGoneFrom(pid: number, dir: string): boolean {
  if (!isProcessAlive(pid)) return true;
  const cwd = hasProc ? workingDirectory(pid) : null;
  return cwd !== null && cwd !== fs.realpathSync(dir);
}

/** How many processes have a System V shared memory segment attached (null: no such segment, or no /proc). */
export function sharedMemoryAttachments(shm: { key: number; id: number }): number | null {
  try {
    const [header, ...rows] = fs.readFileSync('/proc/sysvipc/shm', 'utf8').trim().split('\n');
    const columns = header!.trim().split(/\s+/);
    const keyAt = columns.indexOf('key');
    const idAt = columns.indexOf('shmid');
    const nattchAt = columns.indexOf('nattch');
    for (const row of rows) {
      const cells = row.trim().split(/\s+/);
      // Both: a removed segment's id may since have gone to another cluster.
      if (Number(cells[idAt]) === shm.id && Number(cells[keyAt]) === shm.key) return Number(cells[nattchAt]);
    }
    return null;
  } catch {
    return null;
  }
}
