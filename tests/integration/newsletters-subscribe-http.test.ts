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

  it("lists and exports the writer's ACTIVE subscribers to the writer only, addresses only where shared", async () => {
    const w = await newReader(t, 'Lister');
    const username = (await sql(t, `select username from users where id = $1`, [w.id])).rows[0].username as string;
    const fans = [await newReader(t, 'Fan'), await newReader(t, 'Fan'), await newReader(t, 'Quiet')];
    for (const f of fans) {
      const cookie = { host: TEST_HOST, cookie: `sid=${f.browser.jar.get('sid')}`, 'x-xsrf-token': f.xsrf, 'content-type': 'application/json' };
      expect((await t.app.inject({ method: 'POST', url: `/_/subscribe/user/${w.id}`, headers: cookie, payload: '{}' })).statusCode).toBe(200);
    }
    const n = await newsletterOf(w.id);
    await sql(t, `update newsletter_subscribers set share_email = false where user_id = $1`, [fans[2]!.id]);
    await sql(t, `update users set name = '=HYPERLINK("x")' where id = $1`, [fans[1]!.id]);
    // One who left is not listed.
    await t.app.inject({ method: 'DELETE', url: `/_/subscribe/user/${w.id}`, headers: { host: TEST_HOST, cookie: `sid=${fans[0]!.browser.jar.get('sid')}`, 'x-xsrf-token': fans[0]!.xsrf } });

    const LIST = `query($id: ID!, $to: String) { newsletterV3(id: $id) { subscribers(limit: 1, to: $to) { items { id email name source } next } } }`;
    const first = (await w.browser.gql(LIST, { id: n.id })).data.newsletterV3.subscribers;
    expect(first.items).toHaveLength(1);
    const second = (await w.browser.gql(LIST, { id: n.id, to: first.next })).data.newsletterV3.subscribers;
    const all = [...first.items, ...second.items];
    expect(all.map((i: { name: string }) => i.name).sort()).toEqual(['=HYPERLINK("x")', expect.stringMatching(/^Quiet/)].sort());
    expect(all.find((i: { name: string }) => i.name.startsWith('Quiet')).email).toBeNull();
    expect(all.find((i: { name: string }) => i.name.startsWith('=')).email).toMatch(/@example\.com$/);
    expect((await reader.browser.gql(LIST, { id: n.id })).errors?.[0]?.message).toBe('Only the writer can see their subscribers.');

    const csv = (r: Reader | null) => t.app.inject({ method: 'GET', url: `/@${username}/audience/stats/export`, headers: { host: TEST_HOST, cookie: r ? `sid=${r.browser.jar.get('sid')}` : '' } });
    expect((await csv(null)).statusCode).toBe(401);
    expect((await csv(reader)).statusCode).toBe(403);
    const res = await csv(w);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,name,username,source,subscribed_at');
    expect(lines).toHaveLength(3);
    // A name a spreadsheet would run as a formula is written as text.
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.some((l) => l.startsWith(',Quiet'))).toBe(true);
  });
});
