import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { searchHeaders } from './search-fixtures.js';

/**
 * Broken requests are answered as what they are, on every JSON endpoint: 415 for a type the
 * endpoint does not read, 400 for malformed JSON or bytes that are not UTF-8, 413 for a body
 * over the limit. Never a 5xx or a 200 holding "Internal server error", and nothing logged
 * at error level (these are the client's mistakes, not the server's).
 */

const ERROR_LEVEL = 50;
const tooLarge = `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`;
/** {"query":"…"} around bytes that are not UTF-8 (a lone continuation byte and an overlong NUL). */
const notUtf8 = Buffer.concat([Buffer.from('{"query":"{ isLoggedIn }","variables":{"a":"'), Buffer.from([0x80, 0xc0, 0x80]), Buffer.from('"}}')]);

type Fault = { name: string; contentType: string; payload: string | Buffer; status: number };
const FAULTS: Fault[] = [
  { name: 'wrong content type', contentType: 'application/xml', payload: '<q/>', status: 415 },
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"query": ', status: 400 },
  { name: 'malformed JSON as text/plain', contentType: 'text/plain', payload: '[{"query"', status: 400 },
  { name: 'body too large', contentType: 'application/json', payload: tooLarge, status: 413 },
  { name: 'invalid UTF-8', contentType: 'application/json', payload: notUtf8, status: 400 },
  { name: 'invalid UTF-8 as text/plain', contentType: 'text/plain', payload: notUtf8, status: 400 },
];

// Production masks internal errors (src/server/graphql/errors.ts): a client's mistake must not be taken for one.
describe.each(['production', 'test'])('transport errors on the JSON endpoints (NODE_ENV=%s)', (env) => {
  let t: TestApp;
  let reader: Reader;
  let postId: string;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: env });
    reader = await newReader(t);
    postId = await newStory(t, reader.id);
  });

  const endpoints = () => [
    { url: '/_/graphql', headers: {} },
    { url: '/_/batch', headers: {} },
    { url: `/_/p/${postId}/quotes/create`, headers: { cookie: `sid=${reader.browser.jar.get('sid')}`, 'x-xsrf-token': reader.xsrf } },
    // The search protocol reads JSON whatever the type (its clients send text/plain), so no 415 there.
    { url: '/1/indexes/*/queries', headers: searchHeaders(t, null), anyType: true },
    { url: '/1/indexes/posts/query', headers: searchHeaders(t, null), anyType: true },
    { url: '/1/events', headers: searchHeaders(t, null), anyType: true },
  ];

  it.each(FAULTS)('answers $name with $status everywhere', async (fault) => {
    for (const endpoint of endpoints()) {
      if (fault.status === 415 && endpoint.anyType) continue;
      const before = t.logs.length;
      const res = await t.app.inject({
        method: 'POST',
        url: endpoint.url,
        headers: { host: TEST_HOST, ...endpoint.headers, 'content-type': fault.contentType },
        payload: fault.payload,
      });
      const label = `${fault.name} → ${endpoint.url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      // Search answers a malformed body it reads itself as its protocol does (400 or 422).
      if (endpoint.anyType && fault.status === 400) expect([400, 422], label).toContain(res.statusCode);
      else expect(res.statusCode, label).toBe(fault.status);
      expect(res.body, label).not.toMatch(/internal (server )?error/i);
      expect(t.logs.slice(before).filter((l) => l.level >= ERROR_LEVEL), label).toEqual([]);
    }
  });
});
