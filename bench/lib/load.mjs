// Load generation: autocannon's CLI in a child process, so the load generator never shares an
// event loop (or a CPU's worth of work) with the server it measures, app and baseline alike.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureOpen, track } from './cleanup.mjs';

const require = createRequire(import.meta.url);

function autocannonCli() {
  return path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
}

/**
 * Runs autocannon against `url`; returns the figures the report uses plus autocannon's result.
 * @param {{ url: string, connections: number, duration: number, warmup: number }} opts
 */
export async function runLoad({ url, connections, duration, warmup }) {
  const args = [autocannonCli(), '-c', String(connections), '-d', String(duration), '-j', '-n'];
  if (warmup > 0) args.push('-W', '[', '-c', String(connections), '-d', String(warmup), ']');
  args.push(url);

  ensureOpen();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const untrack = track(`autocannon (pid ${child.pid})`, {
    async: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    sync: () => child.kill('SIGKILL'),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const { code, signal } = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
  });
  untrack();
  if (code !== 0) throw new Error(`autocannon exited with ${signal ?? code}:\n${stderr.trim()}`);

  // Newline-delimited JSON: the warm-up's result first (when there is one), the run's last.
  const lines = stdout.trim().split('\n').filter(Boolean);
  let result;
  try {
    result = JSON.parse(lines.at(-1));
  } catch {
    throw new Error(`autocannon printed no result:\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`);
  }
  return loadFigures(result);
}

/** The figures the reports use, from an autocannon result. */
export function loadFigures(result) {
  return {
    reqPerSec: result.requests.average,
    requests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, avg: result.latency.average, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count])),
    bytesPerSec: result.throughput.average,
    durationSec: result.duration,
  };
}

/** Throws when a run had anything but 2xx answers: the figures would not be about the page. */
export function assertAllOk(label, load) {
  const problems = [];
  if (load.non2xx > 0) problems.push(`${load.non2xx} non-2xx responses (status codes: ${JSON.stringify(load.statusCodes)})`);
  if (load.errors > 0) problems.push(`${load.errors} connection errors`);
  if (load.timeouts > 0) problems.push(`${load.timeouts} timeouts`);
  if (load.requests === 0) problems.push('no request completed');
  if (problems.length) throw new Error(`${label}: ${problems.join(', ')}.`);
}

/**
 * Throws when a load generator child (clap-load.mjs, catalogs-load.mjs) saw a failed request or an
 * answer that was not the success it checks for: the figures would not be about the work measured.
 */
export function assertAnswered(label, load) {
  const problems = [];
  if (load.non2xx || load.errors || load.timeouts) problems.push(`${load.non2xx} non-2xx, ${load.errors} errors, ${load.timeouts} timeouts`);
  if (load.answers.other > 0) problems.push(`${load.answers.other} answers that were not a success, e.g. ${load.answers.sample}`);
  if (load.requests === 0) problems.push('no request completed');
  if (problems.length) throw new Error(`${label}: ${problems.join('; ')}.`);
}
