import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { E2E_OIDC, startOidcProvider } from '../support/oidc-provider.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app started for the browser tests. */
    e2eBaseUrl: string;
    /** Chromium executable, or null with the reason in e2eSkipReason. */
    chromiumPath: string | null;
    e2eSkipReason: string;
    /** The app's database, for journeys that set up what no page does yet (a story put into a publication). */
    e2eDatabase: pg.ClientConfig;
  }
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${url}/_/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The app at ${url} was not healthy within ${timeoutMs} ms.`);
}

/**
 * The browser journeys run against the production build (npm run build), started as
 * `node dist/server/main.js` on a free port with its own data directory and the demo
 * content. Without Chromium they are skipped with the reason, except in CI, where a
 * missing browser fails the run.
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
  if (!chromium) {
    const reason = 'Chromium is not installed (apt-get install -y chromium)';
    if (process.env.CI) throw new Error(`CI must run the browser tests: ${reason}.`);
    project.provide('chromiumPath', null);
    project.provide('e2eSkipReason', reason);
    project.provide('e2eBaseUrl', '');
    return;
  }
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('No build found: run npm run build before the browser tests.');

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  // A real OpenID provider for the social sign-in journeys; it sends readers back to the main host.
  const oidc = await startOidcProvider({
    clients: [{ clientId: E2E_OIDC.clientId, clientSecret: E2E_OIDC.clientSecret, redirectUris: [`http://localhost:${port}/m/callback/oidc`] }],
    accounts: Object.values(E2E_OIDC.accounts),
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // Every browser journey signs in from 127.0.0.1: one address standing for many readers.
    AUTH_RATE_LIMIT_FACTOR: '20',
    // Link cards and story import may fetch this app's own pages (a local address).
    FETCH_ALLOW_ADDRESSES: '127.0.0.1',
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: E2E_OIDC.clientId,
    OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
    OIDC_NAME: E2E_OIDC.name,
  };
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `inkwell_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child).catch(async (err: unknown) => {
    await oidc.close();
    throw err;
  });
  project.provide('chromiumPath', chromium);
  project.provide('e2eSkipReason', '');
  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eDatabase', env.DATABASE_URL ? { connectionString: env.DATABASE_URL } : { host: path.join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'inkwell' });

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    await dropDatabase();
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
