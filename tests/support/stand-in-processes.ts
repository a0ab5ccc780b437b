import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { processStat } from '../../src/platform/db/processes.js';

/**
 * Real processes standing in for others in the tests of what a killed run leaves behind:
 * `exec -a` gives a `sleep` any command line (a postmaster's, a backend's), the working
 * directory makes it one of a cluster's. Call `killStandIns` after each test.
 */
const started: ChildProcess[] = [];

export function killStandIns(): void {
  for (const c of started.splice(0)) c.kill('SIGKILL');
}

export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}

/** A process named `argv0` working in `cwd`; `ignoring` signals stay ignored across exec. */
export async function standIn(cwd: string, argv0: string, ignoring: string[] = []): Promise<number> {
  const trap = ignoring.length ? `trap '' ${ignoring.join(' ')}; ` : '';
  const child = spawn('bash', ['-c', `${trap}exec -a "${argv0}" sleep 60`], { cwd, stdio: 'ignore' });
  started.push(child);
  const pid = child.pid!;
  await until(() => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`${argv0}\0`)); // exec'd
  return pid;
}

/** A pid that is a zombie: its parent (bash, then exec'd into sleep) never reaps it. */
export async function zombie(): Promise<number> {
  const child = spawn('bash', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  const pid = await new Promise<number>((r) => child.stdout!.once('data', (d) => r(Number.parseInt(String(d), 10))));
  await until(() => processStat(pid)?.state === 'Z');
  return pid;
}

/** The pid of a process that has exited and been reaped. */
export async function gonePid(): Promise<number> {
  const child = spawn('true');
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}
