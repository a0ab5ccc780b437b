import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * CPU time of this process's main thread (the event loop), in milliseconds. Unlike the
 * wall clock it does not grow when the machine is busy with other work, and unlike
 * process.cpuUsage() it leaves out worker threads (password hashing, GC helpers), which do
 * not block the loop. So the main thread's CPU time over one request bounds the longest
 * stretch that request kept the event loop busy. Linux (/proc, 10 ms ticks); elsewhere
 * falls back to the whole process's CPU time, a looser bound.
 */
const STAT = `/proc/self/task/${process.pid}/stat`;
const TICK_MS = 10;
const hasProcStat = fs.existsSync(STAT);

export function mainThreadCpuMs(): number {
  if (!hasProcStat) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  const stat = fs.readFileSync(STAT, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses): utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * The event loop's delay over one request at a time, for the record: wall clock, so load on
 * the machine shows up here too, but so would a blocking system call that CPU time misses.
 */
export function loopDelayMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let worst = { ms: 0, label: '' };
  return {
    start() {
      histogram.reset();
    },
    end(label: string) {
      const ms = histogram.max / 1e6;
      if (ms > worst.ms) worst = { ms, label };
    },
    stop() {
      histogram.disable();
      return worst;
    },
  };
}
