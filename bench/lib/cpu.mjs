// CPU time used by processes, from /proc: what a request costs the server, which holds when
// other work shares the machine far better than wall-clock times do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** User + system CPU time of a process in ms (0 when it is gone). */
export function processCpuMs(pid) {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The pids whose parent is `pid`, with their command names. */
export function childProcesses(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (Number(stat.split(') ')[1].split(' ')[1]) === pid) children.push({ pid: Number(entry), name });
    } catch {
      /* gone */
    }
  }
  return children;
}

/**
 * The app's Node processes: the one started, and the web processes it forked when
 * WEB_PROCESSES > 1 (its Node children; an embedded PostgreSQL is its child too, and not counted).
 */
export const appNodePids = (pid) => [pid, ...childProcesses(pid).filter((c) => c.name.startsWith('node')).map((c) => c.pid)];

/** User + system CPU time of the app's Node processes, in ms. */
export const appNodeCpuMs = (pid) => appNodePids(pid).reduce((sum, p) => sum + processCpuMs(p), 0);

/**
 * CPU time of the PostgreSQL backends serving `applicationName` on the database of `client`
 * (the server runs on this machine, so its backends are processes here).
 */
export async function backendsCpuMs(client, applicationName) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [applicationName]);
  return rows.reduce((sum, r) => sum + processCpuMs(r.pid), 0);
}

/**
 * CPU time (user + system) of an app started on an embedded PostgreSQL (AppProcess): its Node
 * processes, and the postmaster with every process it forked, in ms.
 */
export function embeddedServerCpuMs(appPid, dataDir) {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const postgres = processCpuMs(postmaster) + childProcesses(postmaster).reduce((sum, c) => sum + processCpuMs(c.pid), 0);
  return { node: appNodeCpuMs(appPid), postgres };
}

/** Runs `load` (resolving to figures with `requests`) and adds the embedded server's CPU per call to its figures. */
export async function withServerCpuPerCall(appPid, dataDir, load) {
  const before = embeddedServerCpuMs(appPid, dataDir);
  const figures = await load();
  const after = embeddedServerCpuMs(appPid, dataDir);
  const per = (k) => (after[k] - before[k]) / Math.max(1, figures.requests);
  return { ...figures, serverCpuMsPerCall: { node: per('node'), postgres: per('postgres') } };
}
