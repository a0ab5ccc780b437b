import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/platform/db/processes.js';
import { freePort, waitForHealth } from '../setup/e2e-server.js';

/**
 * `npm start` with WEB_PROCESSES=2 on an embedded database, with the built server: two web
 * processes share the port and the primary keeps what they must share (rate limits,
 * pub/sub) without Redis; a web process that dies is replaced; Ctrl-C stops them all.
 * Which process answered is read from the request log (LOG_LEVEL=debug logs each request
 * with its pid and the client's port).
 */
describe('a cluster of web processes (WEB_PROCESSES=2)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-cluster-'));
  fs.chmodSync(dataDir, 0o755);
  let child: ChildProcess | null = null;
  const logLines: Record<string, unknown>[] = [];
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of webPids()) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
    const postmaster = postmasterPid();
    if (postmaster && isProcessAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function postmasterPid(): number | null {
    try {
      return Number.parseInt(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
    } catch {
      return null;
    }
  }
  /** The pids that logged 'incoming request', by the client port they logged. */
  const servedBy = (clientPort: number): number | undefined =>
    logLines.find((l) => l.msg === 'incoming request' && (l.req as { remotePort?: number } | undefined)?.remotePort === clientPort)?.pid as number | undefined;
  const webPids = (): Set<number> => new Set(logLines.filter((l) => l.msg === 'incoming request').map((l) => l.pid as number));

  /** One request on `agent`'s connection (or a new one), with the client port it went from. */
  const request = (base: string, agent: http.Agent | false, method: string, urlPath: string, body?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; clientPort: number }>((resolve, reject) => {
      const req = http.request(`${base}${urlPath}`, { method, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text, clientPort: req.socket!.localPort! }));
      });
      req.on('error', reject);
      req.end(body);
    });
  /** Waits until the request log shows the request from `clientPort` (it is written after the answer). */
  const waitForLog = async (clientPort: number): Promise<number> => {
    for (let i = 0; i < 100 && servedBy(clientPort) === undefined; i++) await new Promise((r) => setTimeout(r, 20));
    return servedBy(clientPort)!;
  };

  it('spreads requests over two processes that share rate limits and page cache invalidation, replaces one that dies, and stops on Ctrl-C', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _ignored, REDIS_URL: _noRedis, ...rest } = process.env;
    child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...rest, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'debug', WEB_PROCESSES: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    let output = '';
    child.stdout!.on('data', (d) => {
      output += String(d);
      pending += String(d);
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    child.stderr!.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    await waitForHealth(base, child);
    // The first process to listen answers; the primary says so once both do.
    for (let i = 0; i < 300 && !output.includes('is running at'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(output).toContain(`is running at http://localhost:${port} (2 web processes)`);

    // 1. Two kept-alive connections land on the two processes, and each caches the home page.
    const agentA = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const agentB = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const firstA = await request(base, agentA, 'GET', '/');
    const firstB = await request(base, agentB, 'GET', '/');
    const [pidA, pidB] = [await waitForLog(firstA.clientPort), await waitForLog(firstB.clientPort)];
    expect(pidA).toBeGreaterThan(0);
    expect(pidB).toBeGreaterThan(0);
    expect(pidA).not.toBe(pidB);
    expect(pidA).not.toBe(child.pid);
    expect((await request(base, agentA, 'GET', '/')).headers['x-cache']).toBe('HIT');
    expect((await request(base, agentB, 'GET', '/')).headers['x-cache']).toBe('HIT');

    // 2. A write answered by B makes A's cached page stale too (pub/sub through the primary):
    //    A renders it again (EXPIRED: the entry was there, but invalidated) long before its 5 s TTL.
    const write = await request(base, agentB, 'POST', '/_/graphql', JSON.stringify({ query: 'mutation { __typename }' }));
    expect(write.status).toBe(200);
    let afterWrite = 'HIT';
    for (let i = 0; i < 50 && afterWrite === 'HIT'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      afterWrite = String((await request(base, agentA, 'GET', '/')).headers['x-cache']);
    }
    expect(afterWrite).toBe('EXPIRED');

    // 3. Sign-in emails to one address, each on a new connection (so both processes answer):
    //    the 7th is refused, as in one process (6 an hour per address), because the primary counts.
    const email = `cluster-${Date.now()}@example.com`;
    const send = JSON.stringify({ query: `mutation { sendAcctAuthEmail(email: "${email}", operation: login) { __typename ... on BadRequest { message } } }` });
    const answers: string[] = [];
    const pids = new Set<number>();
    for (let i = 0; i < 7; i++) {
      const res = await request(base, false, 'POST', '/_/graphql', send);
      answers.push(JSON.stringify((JSON.parse(res.body) as { data: unknown }).data));
      pids.add(await waitForLog(res.clientPort));
    }
    expect(pids).toEqual(new Set([pidA, pidB]));
    expect(answers.slice(0, 6).every((a) => !a.includes('Too many attempts'))).toBe(true);
    expect(answers[6]).toContain('Too many attempts. Please try again later.');

    // 4. A web process killed with -9 is replaced; the site answers throughout.
    agentA.destroy();
    agentB.destroy();
    process.kill(pidA, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
    expect((await request(base, false, 'GET', '/_/health')).status).toBe(200);
    const seen = new Set<number>();
    for (let i = 0; i < 300 && !(seen.size === 2 && !seen.has(pidA)); i++) {
      const res = await request(base, false, 'GET', '/_/health');
      expect(res.status).toBe(200);
      seen.add(await waitForLog(res.clientPort));
      if (seen.size < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.has(pidB)).toBe(true);
    expect([...seen].filter((p) => p !== pidA && p !== pidB)).toHaveLength(1); // the replacement
    expect(output).toContain('a web process exited; starting another');

    // 5. Ctrl-C: the web processes drain and exit, then the database stops and the lock goes.
    const postmaster = postmasterPid()!;
    const web = [...webPids()].filter((p) => isProcessAlive(p));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const pid of web) expect(isProcessAlive(pid)).toBe(false);
    expect(isProcessAlive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'inkwell.lock'))).toBe(false);
  });
});
