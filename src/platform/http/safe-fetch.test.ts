import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './ip-ranges.js';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.js';

/** Real HTTP servers on this machine; loopback is refused unless a test lets 127.0.0.1 through. */
describe('safeFetch', () => {
  let server: Server;
  let base: string;
  let port: number;
  const seen: { url: string; host: string }[] = [];
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Hello</h1>'),
    '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    '/echo': (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ method: req.method, type: req.headers['content-type'], auth: req.headers.authorization ?? null, body: Buffer.concat(chunks).toString('utf8') })));
    },
    '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('nope'),
    '/to-page': (_req, res) => res.writeHead(302, { location: '/page' }).end(),
    '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-private': (_req, res) => res.writeHead(301, { location: 'http://10.0.0.7/admin' }).end(),
    '/to-other-loopback': (_req, res) => res.writeHead(307, { location: `http://127.0.0.2:${port}/page` }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/big': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
    '/big-declared': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) }).end(),
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>');
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    },
    '/silent': () => {
      /* never answers */
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', host: req.headers.host ?? '' });
      (routes[req.url ?? ''] ?? routes['/missing']!)(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const local: SafeFetchOptions = { accept: 'html', allowAddresses: ['127.0.0.1'] };
  async function failure(p: Promise<unknown>): Promise<SafeFetchError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SafeFetchError);
    return err as SafeFetchError;
  }

  it('refuses loopback by default, whatever the spelling, without connecting', async () => {
    const before = seen.length;
    for (const url of [`${base}/page`, `http://localhost:${port}/page`, `http://[::1]:${port}/page`, `http://[::ffff:127.0.0.1]:${port}/page`, `http://2130706433:${port}/page`, `http://0x7f.1:${port}/page`]) {
      const err = await failure(safeFetch(url, { accept: 'html' }));
      expect(err.code, url).toBe('blocked-address');
    }
    expect(seen.length).toBe(before);
  });

  it('fetches a page from an address the options allow, and follows a redirect on it', async () => {
    const page = await safeFetch(`${base}/page`, local);
    expect(page).toMatchObject({ url: `${base}/page`, status: 200, contentType: 'text/html', charset: 'utf-8' });
    expect(page.body.toString()).toBe('<h1>Hello</h1>');
    expect((await safeFetch(`${base}/to-page`, local)).url).toBe(`${base}/page`);
  });

  it('connects to the address it checked, sending the name it was given', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const page = await safeFetch(`http://story.example:${port}/page`, { ...local, resolve });
    expect(page.body.toString()).toBe('<h1>Hello</h1>');
    expect(seen.at(-1)).toEqual({ url: '/page', host: `story.example:${port}` });
    // A name with any non-public address among its answers is refused outright.
    const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }];
    expect((await failure(safeFetch(`http://story.example:${port}/page`, { ...local, resolve: mixed }))).code).toBe('blocked-address');
  });

  it('checks every redirect target: private, metadata and other loopback addresses are refused', async () => {
    for (const path of ['/to-metadata', '/to-private', '/to-other-loopback']) {
      expect((await failure(safeFetch(`${base}${path}`, local))).code, path).toBe('blocked-address');
    }
    expect((await failure(safeFetch(`${base}/to-file`, local))).code).toBe('bad-url');
    const loop = await failure(safeFetch(`${base}/loop`, local));
    expect(loop.code).toBe('too-many-redirects');
  });

  it('cuts off bodies over the size cap, declared or not', async () => {
    const streamed = await failure(safeFetch(`${base}/big`, local));
    expect(streamed.code).toBe('too-large');
    expect((await failure(safeFetch(`${base}/big-declared`, local))).code).toBe('too-large');
    // Under a larger cap the same page comes whole.
    expect((await safeFetch(`${base}/big`, { ...local, maxBytes: 4 * 1024 * 1024 })).body.length).toBe(3 * 1024 * 1024);
  });

  it('gives up on slow bodies and silent servers at the total timeout', async () => {
    expect((await failure(safeFetch(`${base}/slow`, { ...local, totalTimeoutMs: 300 }))).code).toBe('timeout');
    expect((await failure(safeFetch(`${base}/silent`, { ...local, totalTimeoutMs: 300 }))).code).toBe('timeout');
    // A name server that never answers is cut off the same way.
    const hanging = () => new Promise<never>(() => {});
    expect((await failure(safeFetch(`http://slow-dns.example:${port}/page`, { ...local, totalTimeoutMs: 300, resolve: hanging }))).code).toBe('timeout');
  });

  it('accepts only the content types asked for, 2xx answers and http(s) URLs', async () => {
    expect((await failure(safeFetch(`${base}/json`, local))).message).toBe('That address is not a web page.');
    expect((await failure(safeFetch(`${base}/page`, { ...local, accept: 'image' }))).code).toBe('bad-content-type');
    expect((await failure(safeFetch(`${base}/missing`, local))).message).toBe('The site answered with status 404.');
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'gopher://x/', 'not a url', `http://user:pw@127.0.0.1:${port}/page`]) {
      expect((await failure(safeFetch(url, local))).code, url).toBe('bad-url');
    }
  });

  it('posts a body with headers to an API and reads JSON back; a POST follows no redirect', async () => {
    const api: SafeFetchOptions = { accept: 'json', allowAddresses: ['127.0.0.1'], method: 'POST', headers: { authorization: 'Bearer t0k' }, body: { contentType: 'application/x-www-form-urlencoded', data: 'a=1&b=%C3%A9' } };
    const res = await safeFetch(`${base}/echo`, api);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ method: 'POST', type: 'application/x-www-form-urlencoded', auth: 'Bearer t0k', body: 'a=1&b=%C3%A9' });
    expect((await failure(safeFetch(`${base}/to-page`, api))).code).toBe('too-many-redirects');
    expect((await failure(safeFetch(`${base}/page`, { ...api, method: 'GET', body: undefined }))).message).toBe('That server did not answer with JSON.');
    expect((await failure(safeFetch('http://10.0.0.7/api', { ...api, allowAddresses: [] }))).code).toBe('blocked-address');
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, multicast, reserved and documentation ranges, in v4 and v6', () => {
    for (const a of ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '2001:db8::1', '64:ff9b::a9fe:a9fe', '2002:c0a8:101::1', '2001::1', '100::1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });

  it('accepts public unicast', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});
