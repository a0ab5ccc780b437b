import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The first `npm start` builds the app (scripts/start.mjs) and prints one line saying so: the
 * two builds it runs say nothing else when nothing is wrong (no PostCSS warning from CSS
 * modules composing across files, no bundler timing report).
 */
describe('first start', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-first-start-'));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  // As from a shell: without the test runner's NODE_ENV=test, which would build a development bundle.
  const { NODE_ENV: _test, ...env } = process.env;
  const vite = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...args, '--logLevel', 'warn'], { encoding: 'utf8', env });
    return { status: r.status, output: r.stdout + r.stderr };
  };

  it('builds the browser and server bundles without a word', () => {
    // The same builds and log level as scripts/start.mjs, into a scratch directory.
    const client = vite('--outDir', path.join(outDir, 'client'));
    expect(client).toEqual({ status: 0, output: '' });
    const server = vite('--ssr', '--outDir', path.join(outDir, 'server'));
    expect(server).toEqual({ status: 0, output: '' });
  }, 180_000);
});
