#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources,
// then runs the server in this process (so Ctrl-C reaches it directly).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', 'server', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'public')), fs.statSync(path.join(root, 'package.json')).mtimeMs);
if (!fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < sources) {
  process.stdout.write('Building Inkwell (first start or sources changed)…\n');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const s = r.status === 0 ? spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }) : r;
  if (s.status !== 0) process.exit(s.status ?? 1);
}

// Libraries (React above all) pick their production build from NODE_ENV when they load.
process.env.NODE_ENV ??= 'production';
const { main } = await import(pathToFileURL(stamp).href);
await main();
