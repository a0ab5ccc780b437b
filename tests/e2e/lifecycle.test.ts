import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/platform/db/processes.js';
import { freePort, waitForHealth } from '../setup/e2e-server.js';

/**
 * The process lifecycle of `npm start` on an embedded database, with the built server:
 * a second start on the same data directory is refused, kill -9 is recovered from, and
 * Ctrl-C stops web server and database.
 */
describe('embedded database lifecycle', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-lifecycle-'));
  fs.chmodSync(dataDir, 0o755);
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    const pid = postmasterPid();
    if (pid && isProcessAlive(pid)) process.kill(pid, 'SIGQUIT');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (port: number): NodeJS.ProcessEnv => {
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    return { ...rest, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' };
  };
  const start = (port: number) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], { env: env(port), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    children.push(child);
    return { child, output: () => output, exited: new Promise<number | null>((r) => child.once('exit', (code) => r(code))) };
  };
  function postmasterPid(): number | null {
    try {
      return Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
    } catch {
      return null;
    }
  }
  const storyCount = async (url: string) => {
    const res = await fetch(`${url}/_/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ staffPicksFeed(paging: { limit: 50 }) { items { id } } }' }) });
    return ((await res.json()) as { data: { staffPicksFeed: { items: unknown[] } } }).data.staffPicksFeed.items.length;
  };

  it('refuses a second start, recovers from kill -9 and stops cleanly on Ctrl-C', async () => {
    // 1. First start: creates, migrates and seeds the cluster.
    const port1 = await freePort();
    const first = start(port1);
    await waitForHealth(`http://127.0.0.1:${port1}`, first.child);
    const stories = await storyCount(`http://127.0.0.1:${port1}`);
    expect(stories).toBeGreaterThan(0);

    // 2. A second process on the same directory stops at once, naming the lock.
    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is locked: another Inkwell process (pid ${first.child.pid}) is using it.`);
    expect(await storyCount(`http://127.0.0.1:${port1}`)).toBe(stories); // the first one is untouched

    // 3. kill -9 leaves PostgreSQL running; the next start stops that orphan and carries on.
    const orphan = postmasterPid();
    expect(orphan).not.toBeNull();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(isProcessAlive(orphan!)).toBe(true);
    const port3 = await freePort();
    const third = start(port3);
    await waitForHealth(`http://127.0.0.1:${port3}`, third.child);
    expect(isProcessAlive(orphan!)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await storyCount(`http://127.0.0.1:${port3}`)).toBe(stories); // same data, not seeded twice

    // 4. Ctrl-C: the web server drains, then the database stops and the lock is released.
    const postmaster = postmasterPid()!;
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(isProcessAlive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'inkwell.lock'))).toBe(false);
  });
});
