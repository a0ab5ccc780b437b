import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

const MAIN = `http://${TEST_HOST}`;

/**
 * A GET with the request target exactly as given (inject and fetch would normalise it first),
 * over a real socket to the listening app.
 */
function rawGet(port: number, target: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: target, agent: false, headers: { host: TEST_HOST } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Where a redirect leads must be this site (the main host or a profile subdomain of it). */
function expectOnSite(location: string) {
  const url = new URL(location, MAIN);
  const host = url.host.toLowerCase();
  expect(host === TEST_HOST || host.endsWith(`.${TEST_HOST}`), location).toBe(true);
  if (!/^https?:\/\//.test(location)) expect(location.startsWith('/') && !location.startsWith('//') && !location.includes('\\'), location).toBe(true);
}

const pathPiece = fc.constantFrom(
  '/', '//', '\\', '@', ':', '.', '..', '%', '%2F', '%5C', '%zz', '%C0%AF', '%E0%A4%A', '%ff', '%00', '%25', '?', '#', '&', '=',
  'a', 'evil.com', 'a:99999', 'tag', 'p', 'me', 'm', '_', 'admin', 'settings', '%C3%A9', '%EF%BC%BC', '%EF%BC%8F', '~', '!', '$', "'", '(', ')', '*', '+', ',', ';', '[', ']',
);
const oddPath = fc.oneof(
  fc.array(pathPiece, { maxLength: 10 }).map((p) => `/${p.join('')}`),
  fc.array(pathPiece, { maxLength: 10 }).map((p) => `//${p.join('')}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).filter((s) => !/[\s]/.test(s)).map((s) => `/${s}`),
);

describe('odd request paths', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it.each(
    ['//', '///', '//@', '//a:99999/', '//evil.com', '//evil.com/@maya', '/\\', '/\\evil.com', '/\\\\evil.com', '/%2F%2F', '/%2F%2Fevil.com', '/%5Cevil.com', '/%', '/%zz', '/%C0%AF', '/@x/%E0%A4%A', '/p/%ff', '/tag/%', '//%ff', `/${'a'.repeat(8000)}`, `/tag/${'b'.repeat(3000)}`].map((target) => [target.length > 40 ? `${target.slice(0, 12)}… (${target.length} characters)` : target, target]),
  )(
    'GET %s is the not-found page, logged below error level',
    async (_label, target) => {
      t.logs.length = 0;
      const res = await rawGet(port, target);
      expect(res.status).toBe(404);
      expect(res.body).toContain('PAGE NOT FOUND');
      expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
    },
  );

  it.each([
    ['/a/../@maya', '/@maya'],
    ['/./me/settings', '/me/settings'],
  ])('GET %s is sent to its normal form %s', async (target, normal) => {
    const res = await rawGet(port, target);
    expect(res.status).toBe(301);
    expect(res.location).toBe(normal);
  });

  it('any path answers 404, a page, or a redirect on this site; never 500 nor an error in the log (property)', async () => {
    await fc.assert(
      fc.asyncProperty(oddPath, async (target) => {
        t.logs.length = 0;
        const res = await rawGet(port, target);
        expect([200, 301, 302, 404], `${target} → ${res.status}`).toContain(res.status);
        if (res.status === 301 || res.status === 302) expectOnSite(res.location!);
        expect(t.logs.filter((l) => l.level >= 50), target).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
