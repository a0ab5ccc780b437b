// Runs a load script (bench/lib/clap-load.mjs, feeds-load.mjs) in a child process with its input in a JSON file,
// and returns what it printed (JSON): the load generator never shares the benchmark's event loop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureOpen, track } from './cleanup.mjs';

export async function runChild(script, dir, config) {
  ensureOpen();
  const file = path.join(dir, `load-${config.kind}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const untrack = track(`load (pid ${child.pid})`, { async: async () => void child.kill('SIGKILL'), sync: () => void child.kill('SIGKILL') });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  untrack();
  if (code !== 0) throw new Error(`The load generator exited with ${code}:\n${err.trim()}`);
  return JSON.parse(out);
}
