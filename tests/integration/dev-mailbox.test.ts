import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger/index.js';
import { createMailProvider, enqueueEmail, renderEmail, startMailer } from '../../src/platform/mail/index.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

const MAILBOX = '/_/dev/mailbox';

describe('the dev mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  let signInId: string;
  let olderId: string;
  const get = (url: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: TEST_HOST, ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    olderId = await enqueueEmail(db, { to: 'old@example.com', subject: 'An older email', text: 'Older.', html: '<p>Older.</p>', kind: 'verify-email' });
    const message = renderEmail({
      siteName: 'Inkwell',
      heading: 'Sign in to Inkwell',
      paragraphs: ['Click the button below to sign in.'],
      action: { label: 'Sign in', url: 'http://localhost:3000/m/callback/email?token=tok&x=1' },
      code: '123456',
    });
    signInId = await enqueueEmail(db, { to: 'ann@example.com', subject: 'Sign in to <Inkwell>', text: message.text, html: message.html, kind: 'login' });
    const mailer = startMailer({ db, config: t.config, logger: createLogger('silent'), pollIntervalMs: 60_000 });
    await mailer.flush();
    await mailer.stop();
  });

  it('lists delivered email newest first, with recipient, subject and time', async () => {
    const res = await get(MAILBOX);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('Sign in to &lt;Inkwell&gt;');
    expect(res.body).not.toContain('<Inkwell>');
    expect(res.body).toContain('ann@example.com');
    expect(res.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    const newer = res.body.indexOf(`href="${MAILBOX}/${signInId}"`);
    const older = res.body.indexOf(`href="${MAILBOX}/${olderId}"`);
    expect(newer).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(newer);
  });

  it('shows one email: its HTML in a sandboxed frame and its text with clickable links', async () => {
    const res = await get(`${MAILBOX}/${signInId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Sign in to &lt;Inkwell&gt;</h1>');
    expect(res.body).toMatch(/<iframe title="HTML body" sandbox="[^"]*" srcdoc="&lt;!doctype html&gt;/);
    // Links in the frame open in the page's tab.
    expect(res.body).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(res.body).toContain('<a href="http://localhost:3000/m/callback/email?token=tok&amp;x=1">http://localhost:3000/m/callback/email?token=tok&amp;x=1</a>');
    expect(res.body).toContain('123456');
  });

  it('shows a newsletter the bulk stream delivered here, with its headers and return path, escaped', async () => {
    const provider = createMailProvider('bulk', t.config, { db: t.database.db });
    const [result] = await provider.send([
      {
        id: 'nl0000000001',
        to: 'reader@example.com',
        subject: 'A story <for> readers',
        text: 'The story.',
        html: '<p>The story.</p>',
        headers: { 'List-Unsubscribe': '<https://stories.example.com/_/unsubscribe/t?a=1&b=2>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        returnPath: 'bounce+d1.cmVhZGVy.0123456789abcdef@stories.example.com',
        kind: 'newsletter',
      },
    ]);
    await provider.close();
    expect(result).toMatchObject({ ok: true });
    expect((await get(MAILBOX)).body).toContain(`href="${MAILBOX}/nl0000000001"`);
    const res = await get(`${MAILBOX}/nl0000000001`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>List-Unsubscribe</dt><dd class="header">&lt;https://stories.example.com/_/unsubscribe/t?a=1&amp;b=2&gt;</dd>');
    expect(res.body).toContain('<dt>List-Unsubscribe-Post</dt><dd class="header">List-Unsubscribe=One-Click</dd>');
    expect(res.body).toContain('<dt>Return-Path</dt><dd class="header">&lt;bounce+d1.cmVhZGVy.0123456789abcdef@stories.example.com&gt;</dd>');
    expect(res.body).toContain('<h1>A story &lt;for&gt; readers</h1>');
  });

  it('answers requests from this machine over IPv6 and IPv4-mapped addresses too', async () => {
    expect((await get(MAILBOX, '::1')).statusCode).toBe(200);
    expect((await get(`${MAILBOX}/${signInId}`, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('is a 404 to any other address, and to what a proxy on this machine forwards', async () => {
    for (const address of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1']) {
      const list = await get(MAILBOX, address);
      expect(list.statusCode, address).toBe(404);
      expect(list.body).not.toContain('Sign in');
      expect((await get(`${MAILBOX}/${signInId}`, address)).statusCode, address).toBe(404);
    }
    expect((await get(MAILBOX, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await get(MAILBOX, '127.0.0.1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(404);
  });

  it('is a 404 for an unknown or malformed id', async () => {
    expect((await get(`${MAILBOX}/000000000000`)).statusCode).toBe(404);
    expect((await get(`${MAILBOX}/not-an-id`)).statusCode).toBe(404);
  });
});

describe('the dev mailbox turned off', () => {
  it('does not exist when SMTP_URL is set', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    const res = await t.app.inject({ method: 'GET', url: MAILBOX, headers: { host: TEST_HOST } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Mailbox');
  });

  it('does not exist with DEV_MAILBOX=0', async () => {
    const t = await createTestApp({ DEV_MAILBOX: '0' });
    const res = await t.app.inject({ method: 'GET', url: `${MAILBOX}/000000000000`, headers: { host: TEST_HOST } });
    expect(res.statusCode).toBe(404);
  });
});
