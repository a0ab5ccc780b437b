import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { sql } from './feeds-fixtures.js';

/** Spec §7 HTTP calls of writers' newsletters: signed in, with the session's xsrf token in X-XSRF-Token. */
describe('newsletters: the HTTP calls', () => {
  let t: TestApp;
  let writer: Reader;
  let reader: Reader;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
    reader = await newReader(t, 'Reader');
  });

  type Who = 'anonymous' | 'reader without xsrf' | 'reader' | 'writer';
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, body?: unknown) => {
    const r = who === 'writer' ? writer : who === 'anonymous' ? null : reader;
    const headers: Record<string, string> = { host: TEST_HOST, cookie: r ? `sid=${r.browser.jar.get('sid')}` : '' };
    if (r && who !== 'reader without xsrf') headers['x-xsrf-token'] = r.xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return t.app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
  };
  const newsletterOf = async (userId: string) => (await sql(t, `select id, subscriber_count from newsletters where type = 'USER' and user_id = $1`, [userId])).rows[0];

  it('answers each call by who asks (authorization table)', async () => {
    const writerPath = () => `/_/subscribe/user/${writer.id}`;
    const enable = () => `/_/api/users/${writer.id}/lazily-enable-writer-subscription`;
    const table: [method: 'GET' | 'POST' | 'DELETE', path: () => string, who: Who, status: number][] = [
      ['POST', enable, 'anonymous', 401],
      ['POST', enable, 'reader without xsrf', 403],
      ['POST', enable, 'reader', 403], // only the writer turns their newsletter on
      ['POST', enable, 'writer', 200],
      ['POST', writerPath, 'anonymous', 401],
      ['POST', writerPath, 'reader without xsrf', 403],
      ['POST', writerPath, 'writer', 403], // not to their own
      ['POST', writerPath, 'reader', 200],
      ['DELETE', writerPath, 'anonymous', 401],
      ['DELETE', writerPath, 'reader without xsrf', 403],
      ['DELETE', writerPath, 'reader', 200],
      ['GET', () => `/_/api/subscriptions/newsletters/${'x'.repeat(12)}`, 'reader', 404],
    ];
    for (const [method, path, who, status] of table) {
      const res = await call(method, path(), who, method === 'POST' ? {} : undefined);
      expect({ method, path: path(), who, status: res.statusCode }).toEqual({ method, path: path(), who, status });
      expect(res.headers['cache-control']).toBe('no-store');
      if (status >= 400) expect(typeof res.json().message).toBe('string');
    }
    const n = await newsletterOf(writer.id);
    for (const [who, status] of [['anonymous', 401], ['reader without xsrf', 403], ['reader', 200], ['writer', 200]] as const) {
      expect((await call('GET', `/_/api/subscriptions/newsletters/${n.id}`, who)).statusCode, who).toBe(status);
    }
  });

  it('turns the newsletter on lazily, subscribes with consent, reports the state and unsubscribes', async () => {
    const other = await newReader(t, 'Other');
    expect(await newsletterOf(other.id)).toBeUndefined();
    const sub = await call('POST', `/_/subscribe/user/${other.id}`, 'reader', { shouldRecordConsent: true });
    expect(sub.statusCode).toBe(200);
    const made = await newsletterOf(other.id);
    expect(sub.json()).toEqual({ newsletterV3Id: made.id, type: 'USER', subscriberCount: 1, subscriptionState: 'ACTIVE', isSubscribed: true });
    const consent = await sql(t, `select c.action, c.notice, c.source from newsletter_consents c join newsletter_subscribers s on s.id = c.subscriber_id where s.user_id = $1 and s.newsletter_id = $2`, [reader.id, made.id]);
    expect(consent.rows).toEqual([{ action: 'SUBSCRIBE', notice: expect.stringContaining('Other'), source: `/_/subscribe/user/${other.id}` }]);
    expect((await call('GET', `/_/api/subscriptions/newsletters/${made.id}`, 'reader')).json()).toMatchObject({ subscriptionState: 'ACTIVE', isSubscribed: true, subscriberCount: 1 });
    const out = await call('DELETE', `/_/subscribe/user/${other.id}`, 'reader');
    expect(out.json()).toMatchObject({ subscriptionState: 'UNSUBSCRIBED', isSubscribed: false, subscriberCount: 0 });
    // Turning it on twice makes one newsletter.
    const me = await newReader(t, 'Me');
    const cookie = { host: TEST_HOST, cookie: `sid=${me.browser.jar.get('sid')}`, 'x-xsrf-token': me.xsrf };
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/_/api/users/${me.id}/lazily-enable-writer-subscription`, headers: cookie })));
    expect(a!.json().newsletterV3Id).toBe(b!.json().newsletterV3Id);
    expect((await sql(t, `select count(*)::int as n from newsletters where user_id = $1`, [me.id])).rows[0].n).toBe(1);
  });

  it('answers 404 for an unknown writer and writes nothing', async () => {
    const before = (await sql(t, `select count(*)::int as n from newsletters`)).rows[0].n;
    expect((await call('POST', '/_/subscribe/user/000000000000', 'reader', {})).statusCode).toBe(404);
    expect((await call('DELETE', '/_/subscribe/user/000000000000', 'reader')).statusCode).toBe(404);
    expect((await sql(t, `select count(*)::int as n from newsletters`)).rows[0].n).toBe(before);
  });
});
