import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeForKeeping, MIN_COMPRESS_BYTES, negotiateEncoding, registerCompression } from './compression.js';

const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);
const decode = (encoding: string | undefined, body: Buffer) => (encoding === 'br' ? unbrotli(body) : encoding === 'gzip' ? gunzip(body) : Promise.resolve(body));

describe('negotiateEncoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['', null],
    ['deflate', null],
    ['br;q=0, gzip;q=0', null],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=abc', null],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('never picks an encoding the header refuses, and picks one whenever either is acceptable', () => {
    const coding = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd');
    const q = fc.constantFrom(0, 0.1, 0.5, 1);
    fc.assert(
      fc.property(fc.array(fc.tuple(coding, q), { maxLength: 6 }), (parts) => {
        const header = parts.map(([c, w]) => `${c};q=${w}`).join(', ');
        const weight = (name: string) => {
          const named = parts.filter(([c]) => c === name);
          if (named.length) return named[named.length - 1]![1];
          const star = parts.filter(([c]) => c === '*');
          return star.length ? star[star.length - 1]![1] : 0;
        };
        const chosen = negotiateEncoding(header);
        if (chosen) expect(weight(chosen)).toBeGreaterThan(0);
        else expect([weight('br'), weight('gzip')]).toEqual([0, 0]);
      }),
    );
  });
});

describe('the compression hook', () => {
  const app = Fastify();
  registerCompression(app);
  app.post('/echo', async (request, reply) => reply.type(String(request.headers['x-type'])).send(request.body as string));
  app.get('/stream', async (_request, reply) => reply.type('text/html').send(Readable.from(['x'.repeat(5000)])));
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  afterAll(() => app.close());

  const echo = (body: string, type: string, acceptEncoding: string) =>
    app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'text/plain', 'x-type': type, 'accept-encoding': acceptEncoding }, payload: body });

  it('answers text in the encoding asked for, decoding to the same bytes; small bodies and other types plain', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'binary', minLength: 300, maxLength: 4000 })),
        fc.constantFrom('text/html; charset=utf-8', 'application/json; charset=utf-8', 'application/rss+xml', 'image/png', 'application/octet-stream'),
        fc.constantFrom('br', 'gzip', 'gzip, br', 'identity', ''),
        async (body, type, acceptEncoding) => {
          const res = await echo(body, type, acceptEncoding);
          const encoding = res.headers['content-encoding'] as string | undefined;
          expect((await decode(encoding, res.rawPayload)).toString()).toBe(body);
          const compressible = !type.startsWith('image/') && type !== 'application/octet-stream';
          const expected = compressible && Buffer.byteLength(body) >= MIN_COMPRESS_BYTES ? negotiateEncoding(acceptEncoding) : null;
          expect(encoding ?? null).toBe(expected);
          if (compressible) expect(res.headers.vary).toBe('Accept-Encoding');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('leaves streams alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/stream', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x'.repeat(5000));
  });
});

describe('encodeForKeeping', () => {
  it('keeps both encodings of a body that gains, each decoding to it; none for a small one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ minLength: MIN_COMPRESS_BYTES, maxLength: 3000 })), async (text) => {
        const body = Buffer.from(text);
        const kept = await encodeForKeeping(body);
        if (body.length < MIN_COMPRESS_BYTES) {
          expect(kept).toEqual({});
        } else {
          expect(await unbrotli(kept.br!)).toEqual(body);
          expect(await gunzip(kept.gzip!)).toEqual(body);
        }
      }),
      { numRuns: 60 },
    );
  });
});
