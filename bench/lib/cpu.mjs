// CPU time used by processes, from /proc: what a request costs the server, which holds when
// other work shares the machine far better than wall-clock times do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

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

/**
 * CPU time of the PostgreSQL backends serving `applicationName` on the database of `client`
 * (the server runs on this machine, so its backends are processes here).
 */
export async function backendsCpuMs(client, applicationName) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [applicationName]);
  return rows.reduce((sum, r) => sum + processCpuMs(r.pid), 0);
}
