/**
 * Bounces and complaints end to end: real DSNs and ARF reports sent over SMTP (nodemailer) to the
 * bounce listener, real-shaped SNS messages signed with a certificate of our own (AWS is the
 * outside world: the test serves the certificate and is the only thing trusted in AWS's place),
 * and the suppression list's rules on a real database.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, createSign } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSecretFor } from '../../src/modules/metering/settings.js';
import type { Database } from '../../src/platform/db/client.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { startBounceListener, type BounceListener } from '../../src/platform/mail/bounce-listener.js';
import { SES_REF_TAG, SES_WEBHOOK_PATH } from '../../src/platform/mail/ses-webhook.js';
import { MAILGUN_REF_VARIABLE, MAILGUN_WEBHOOK_PATH } from '../../src/platform/mail/mailgun-webhook.js';
import { snsStringToSign, type SnsMessage } from '../../src/platform/mail/sns.js';
import {
  isSuppressed,
  notSuppressed,
  recordBounce,
  recordComplaint,
  recordDelivered,
  SOFT_BOUNCE_LIMIT,
  SOFT_BOUNCE_WINDOW_DAYS,
  suppressedAmong,
  suppressionOf,
  suppressManually,
  unsuppress,
} from '../../src/platform/mail/suppression.js';
import { verpAddress } from '../../src/platform/mail/verp.js';
import { buildApp, type Renderer } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { arfMessage, dsnMessage } from '../support/bounce-reports.js';
import { createTestDatabase } from '../support/db.js';

const BOUNCE_DOMAIN = 'bounces.inkwell.test';
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:inkwell-ses';
const MAILGUN_KEY = 'key-mailgun-webhook-signing-0123';

let database: Database;
let secret: Buffer;
let listener: BounceListener;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  secret = await siteSecretFor(database.db, 'verp');
  listener = startBounceListener({ db: database.db, logger: createLogger('silent'), listen: '127.0.0.1:0', verpSecret: () => siteSecretFor(database.db, 'verp') });
  ({ port } = await listener.ready);
});
afterAll(() => listener.stop());

let n = 0;
const uniqueAddress = (name: string) => `${name}.${++n}.${Date.now()}@Example.org`;

const events = async (type: string, address: string) =>
  (await database.db.execute<{ payload: Record<string, unknown> }>(sql`select payload from domain_events where type = ${type} and payload->>'address' = ${address.toLowerCase()} order by id`)).rows.map((r) => r.payload);

/** Sends `raw` over SMTP from the null sender, as a mail server returns a report. */
async function mailReport(to: string, raw: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

describe('the suppression list', () => {
  it('a hard bounce suppresses at once; a repeat changes nothing; the ref reaches the ledger as mail.bounced', async () => {
    const address = uniqueAddress('hard');
    const first = await recordBounce(database.db, { address, kind: 'hard', detail: '550 5.1.1', source: 'test', ref: 'd1' });
    expect(first).toMatchObject({ suppressed: true, newlySuppressed: true });
    const again = await recordBounce(database.db, { address, kind: 'hard', detail: '550 5.1.1', source: 'test', ref: 'd1' });
    expect(again).toMatchObject({ suppressed: true, newlySuppressed: false });
    expect(await isSuppressed(database.db, address.toUpperCase())).toBe(true);
    const row = await suppressionOf(database.db, address);
    expect(row).toMatchObject({ address: address.toLowerCase(), reason: 'HARD_BOUNCE' });
    expect(await events('mail.bounced', address)).toContainEqual({ address: address.toLowerCase(), ref: 'd1', kind: 'hard' });
  });

  it('a bounce without a ref emits no event', async () => {
    const address = uniqueAddress('noref');
    await recordBounce(database.db, { address, kind: 'hard', detail: '', source: 'test' });
    expect(await events('mail.bounced', address)).toEqual([]);
  });

  it(`soft bounces suppress at the ${SOFT_BOUNCE_LIMIT}rd, each repeat of one report counting once`, async () => {
    const address = uniqueAddress('soft');
    for (let i = 1; i < SOFT_BOUNCE_LIMIT; i++) {
      const outcome = await recordBounce(database.db, { address, kind: 'soft', detail: '452 4.2.2', source: 'test', ref: `s${i}` });
      expect(outcome).toMatchObject({ suppressed: false, softBounces: i });
      // The same report delivered again (a provider's retry) does not count.
      expect(await recordBounce(database.db, { address, kind: 'soft', detail: '452 4.2.2', source: 'test', ref: `s${i}` })).toMatchObject({ softBounces: i });
    }
    expect(await isSuppressed(database.db, address)).toBe(false);
    const last = await recordBounce(database.db, { address, kind: 'soft', detail: '452 4.2.2', source: 'test', ref: `s${SOFT_BOUNCE_LIMIT}` });
    expect(last).toMatchObject({ suppressed: true, newlySuppressed: true, softBounces: SOFT_BOUNCE_LIMIT });
    expect((await suppressionOf(database.db, address))?.reason).toBe('SOFT_BOUNCE');
    expect((await events('mail.bounced', address)).map((e) => e.ref)).toEqual(['s1', 's2', 's3']);
  });

  it(`a soft bounce more than ${SOFT_BOUNCE_WINDOW_DAYS} days after the previous one starts the count again; a confirmed delivery forgets it`, async () => {
    const address = uniqueAddress('window');
    const day = 86_400_000;
    const t0 = Date.now() - 100 * day;
    await recordBounce(database.db, { address, kind: 'soft', detail: '', source: 'test', ref: 'w1', at: new Date(t0) });
    await recordBounce(database.db, { address, kind: 'soft', detail: '', source: 'test', ref: 'w2', at: new Date(t0 + day) });
    const late = await recordBounce(database.db, { address, kind: 'soft', detail: '', source: 'test', ref: 'w3', at: new Date(t0 + (SOFT_BOUNCE_WINDOW_DAYS + 2) * day) });
    expect(late).toMatchObject({ suppressed: false, softBounces: 1 });
    await recordBounce(database.db, { address, kind: 'soft', detail: '', source: 'test', ref: 'w4', at: new Date(t0 + (SOFT_BOUNCE_WINDOW_DAYS + 3) * day) });
    await recordDelivered(database.db, address);
    expect(await suppressionOf(database.db, address)).toBeNull();
    expect(await recordBounce(database.db, { address, kind: 'soft', detail: '', source: 'test', ref: 'w5' })).toMatchObject({ softBounces: 1 });
  });

  it('a complaint suppresses at once (mail.complained); a suppression keeps its first reason; a delivery does not lift it', async () => {
    const address = uniqueAddress('complaint');
    expect(await recordComplaint(database.db, { address, detail: 'abuse', source: 'test', ref: 'c1' })).toMatchObject({ newlySuppressed: true });
    await recordBounce(database.db, { address, kind: 'hard', detail: '', source: 'test' });
    await recordDelivered(database.db, address);
    expect(await suppressionOf(database.db, address)).toMatchObject({ reason: 'COMPLAINT' });
    expect(await events('mail.complained', address)).toEqual([{ address: address.toLowerCase(), ref: 'c1', kind: 'complaint' }]);
  });

  it('unsuppress lifts a suppression (staff); suppressManually suppresses', async () => {
    const address = uniqueAddress('manual');
    expect(await unsuppress(database.db, address)).toBe(false);
    await suppressManually(database.db, address, 'asked by the owner');
    expect(await suppressionOf(database.db, address)).toMatchObject({ reason: 'MANUAL' });
    expect(await unsuppress(database.db, address)).toBe(true);
    expect(await isSuppressed(database.db, address)).toBe(false);
  });

  it('notSuppressed() leaves suppressed addresses out of a bulk query, whatever their case', async () => {
    const kept = uniqueAddress('kept');
    const dropped = uniqueAddress('dropped');
    const counted = uniqueAddress('counted');
    await recordBounce(database.db, { address: dropped, kind: 'hard', detail: '', source: 'test' });
    await recordBounce(database.db, { address: counted, kind: 'soft', detail: '', source: 'test' });
    const { rows } = await database.db.execute<{ email: string }>(
      sql`select email from (values (${kept}), (${dropped.toUpperCase()}), (${counted})) as r(email) where ${notSuppressed(sql`r.email`)} order by email`,
    );
    expect(rows.map((r) => r.email).sort()).toEqual([kept, counted].sort());
  });

  it('suppressedAmong() names the suppressed addresses of a list in one statement', async () => {
    const [a, b, c] = [uniqueAddress('among-a'), uniqueAddress('among-b'), uniqueAddress('among-c')];
    await recordComplaint(database.db, { address: a, detail: '', source: 'test' });
    await recordBounce(database.db, { address: b, kind: 'soft', detail: '', source: 'test' });
    expect(await suppressedAmong(database.db, [a.toUpperCase(), b, c, 'not an address'])).toEqual(new Set([a.toLowerCase()]));
    expect(await suppressedAmong(database.db, [])).toEqual(new Set());
  });

  it('an address that is not one is refused and nothing is written', async () => {
    await expect(recordBounce(database.db, { address: 'not an address', kind: 'hard', detail: '', source: 'test' })).rejects.toThrow(/Not an email address/);
    const { rows } = await database.db.execute(sql`select 1 from email_suppressions where address = 'not an address'`);
    expect(rows).toEqual([]);
  });
});

describe('the bounce listener (SMTP)', () => {
  it('a real DSN with Status 5.1.1 to a VERP address suppresses its recipient at once and marks the delivery', async () => {
    const recipient = uniqueAddress('dsn-hard');
    const to = verpAddress(secret, recipient, BOUNCE_DOMAIN, 'delivery_42');
    const info = await mailReport(to, dsnMessage({ to, recipient, status: '5.1.1' }));
    expect(info.accepted).toEqual([to]);
    expect(await suppressionOf(database.db, recipient)).toMatchObject({ reason: 'HARD_BOUNCE' });
    expect((await suppressionOf(database.db, recipient))?.detail).toContain('5.1.1');
    expect(await events('mail.bounced', recipient)).toEqual([{ address: recipient.toLowerCase(), ref: 'delivery_42', kind: 'hard' }]);
  });

  it(`${SOFT_BOUNCE_LIMIT} soft DSNs (4.2.2) from different deliveries suppress; the same report twice counts once`, async () => {
    const recipient = uniqueAddress('dsn-soft');
    for (let i = 1; i <= SOFT_BOUNCE_LIMIT; i++) {
      const to = verpAddress(secret, recipient, BOUNCE_DOMAIN, `soft${i}`);
      await mailReport(to, dsnMessage({ to, recipient, status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' }));
      if (i === 1) await mailReport(to, dsnMessage({ to, recipient, status: '4.2.2' }));
      expect(await isSuppressed(database.db, recipient)).toBe(i === SOFT_BOUNCE_LIMIT);
    }
    expect(await suppressionOf(database.db, recipient)).toMatchObject({ reason: 'SOFT_BOUNCE', softBounces: SOFT_BOUNCE_LIMIT });
  });

  it('an ARF complaint to a VERP address suppresses', async () => {
    const recipient = uniqueAddress('arf');
    const to = verpAddress(secret, recipient, BOUNCE_DOMAIN, 'delivery_7');
    await mailReport(to, arfMessage({ to, recipient }));
    expect(await suppressionOf(database.db, recipient)).toMatchObject({ reason: 'COMPLAINT' });
    expect(await events('mail.complained', recipient)).toEqual([{ address: recipient.toLowerCase(), ref: 'delivery_7', kind: 'complaint' }]);
  });

  it('a delayed DSN or an auto-reply is accepted and changes nothing', async () => {
    const recipient = uniqueAddress('delayed');
    const to = verpAddress(secret, recipient, BOUNCE_DOMAIN, 'd9');
    await mailReport(to, dsnMessage({ to, recipient, status: '4.4.1', action: 'delayed' }));
    await mailReport(to, ['From: x@example.org', `To: ${to}`, 'Subject: Out of office', '', 'Away.'].join('\r\n'));
    expect(await suppressionOf(database.db, recipient)).toBeNull();
  });

  it('a report to a forged VERP address (or any other address) is refused at RCPT TO and nothing is written', async () => {
    const victim = uniqueAddress('victim');
    const forged = verpAddress(Buffer.from('not the site secret'), victim, BOUNCE_DOMAIN, 'x1');
    const tampered = verpAddress(secret, uniqueAddress('other'), BOUNCE_DOMAIN, 'x1').replace(/^bounce\+x1/, 'bounce+x2');
    for (const to of [forged, tampered, `postmaster@${BOUNCE_DOMAIN}`]) {
      const error = await mailReport(to, dsnMessage({ to, recipient: victim, status: '5.1.1' })).then(
        () => null,
        (err: { responseCode?: number; rejected?: string[] }) => err,
      );
      expect(error?.responseCode).toBe(550);
    }
    expect(await suppressionOf(database.db, victim)).toBeNull();
  });
});

describe('the bounce listener on a port already taken', () => {
  it('reports it (ready rejects) and still stops', async () => {
    const second = startBounceListener({ db: database.db, logger: createLogger('silent'), listen: `127.0.0.1:${port}`, verpSecret: () => siteSecretFor(database.db, 'verp') });
    await expect(second.ready).rejects.toThrow(/EADDRINUSE/);
    await second.stop();
  });
});

describe('the provider webhooks (SES through SNS, Mailgun)', () => {
  let app: FastifyInstance;
  let certServer: http.Server;
  let origin: string;
  let privateKey: string;
  let certificate: string;
  const confirmations: string[] = [];
  let certificateFetches = 0;

  beforeAll(async () => {
    // A self-signed certificate standing in for SNS's signing certificate.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sns-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=sns.amazonaws.com'], { stdio: 'ignore' });
    privateKey = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
    certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    fs.rmSync(dir, { recursive: true });
    certServer = http.createServer((request, response) => {
      if (request.url === '/SimpleNotificationService-test.pem') {
        certificateFetches++;
        response.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' }).end(certificate);
      } else if (request.url?.startsWith('/confirm')) {
        confirmations.push(request.url);
        response.writeHead(200, { 'content-type': 'text/xml' }).end('<ConfirmSubscriptionResponse><ConfirmSubscriptionResult><SubscriptionArn>x</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>');
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(certServer.address() as AddressInfo).port}`;
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', CAPTCHA_PROVIDER: 'none', SES_SNS_TOPIC_ARN: TOPIC, MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY, FETCH_ALLOW_ADDRESSES: '127.0.0.1', PAGE_CACHE_SECONDS: '60' });
    app = await buildApp({
      config,
      db: database.db,
      logger: createLogger('silent'),
      loadRenderer: async () => (await import('../../src/web/entry-server.js')) as Renderer,
      // Only the test's server stands in for AWS.
      trustSnsUrl: (url) => url.origin === origin,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => certServer.close(resolve));
  });

  let seq = 0;
  function snsMessage(fields: Partial<SnsMessage> & Pick<SnsMessage, 'Type' | 'Message'>, version: '1' | '2' = '2'): SnsMessage {
    const message = {
      MessageId: `0b6f0c2e-${++seq}-${Date.now()}`,
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      SignatureVersion: version,
      SigningCertURL: `${origin}/SimpleNotificationService-test.pem`,
      Signature: '',
      ...fields,
    } as SnsMessage;
    const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256').update(snsStringToSign(message)).sign(privateKey, 'base64');
    return { ...message, Signature: fields.Signature ?? signature };
  }

  const post = (message: unknown) =>
    app.inject({ method: 'POST', url: SES_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': (message as SnsMessage).Type }, payload: JSON.stringify(message) });

  const bounce = (recipients: string[], bounceType: 'Permanent' | 'Transient', ref = '') =>
    JSON.stringify({
      notificationType: 'Bounce',
      bounce: { bounceType, bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull', bouncedRecipients: recipients.map((emailAddress) => ({ emailAddress, status: bounceType === 'Permanent' ? '5.1.1' : '4.2.2', action: 'failed', diagnosticCode: 'smtp; 550 5.1.1 user unknown' })), timestamp: new Date().toISOString() },
      mail: { timestamp: new Date().toISOString(), messageId: '0100018c-abc', source: 'newsletter@inkwell.example', destination: recipients, ...(ref ? { tags: { [SES_REF_TAG]: [ref] } } : {}) },
    });

  it('a signed Permanent bounce suppresses (SignatureVersion 1 and 2); its tag ref reaches the ledger; a repeat is idempotent', async () => {
    const a = uniqueAddress('ses-hard');
    const b = uniqueAddress('ses-hard-v1');
    const message = snsMessage({ Type: 'Notification', Message: bounce([a], 'Permanent', 'del_1') });
    expect((await post(message)).statusCode).toBe(200);
    expect((await post(message)).statusCode).toBe(200);
    expect((await post(snsMessage({ Type: 'Notification', Message: bounce([b], 'Permanent') }, '1'))).statusCode).toBe(200);
    expect(await suppressionOf(database.db, a)).toMatchObject({ reason: 'HARD_BOUNCE' });
    expect(await suppressionOf(database.db, b)).toMatchObject({ reason: 'HARD_BOUNCE' });
    const { rows } = await database.db.execute(sql`select 1 from email_suppressions where address = ${a.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    expect((await events('mail.bounced', a))[0]).toEqual({ address: a.toLowerCase(), ref: 'del_1', kind: 'hard' });
  });

  it('Transient bounces count as soft: the same SNS message redelivered counts once', async () => {
    const address = uniqueAddress('ses-soft');
    const first = snsMessage({ Type: 'Notification', Message: bounce([address], 'Transient') });
    await post(first);
    await post(first);
    expect(await suppressionOf(database.db, address)).toMatchObject({ softBounces: 1, suppressedAt: null });
    for (let i = 1; i < SOFT_BOUNCE_LIMIT; i++) await post(snsMessage({ Type: 'Notification', Message: bounce([address], 'Transient') }));
    expect(await isSuppressed(database.db, address)).toBe(true);
  });

  it('configuration-set events (eventType) work as identity notifications do; a Delivery forgets soft bounces', async () => {
    const address = uniqueAddress('ses-delivery');
    const asEvent = (json: string) => JSON.stringify({ ...(JSON.parse(json) as Record<string, unknown>), notificationType: undefined, eventType: 'Bounce' });
    await post(snsMessage({ Type: 'Notification', Message: asEvent(bounce([address], 'Transient')) }));
    expect(await suppressionOf(database.db, address)).toMatchObject({ softBounces: 1 });
    const delivery = JSON.stringify({ eventType: 'Delivery', delivery: { recipients: [address], timestamp: new Date().toISOString() }, mail: { destination: [address] } });
    expect((await post(snsMessage({ Type: 'Notification', Message: delivery }))).statusCode).toBe(200);
    expect(await suppressionOf(database.db, address)).toBeNull();
  });

  it('a signed complaint suppresses; a not-spam one does not', async () => {
    const address = uniqueAddress('ses-complaint');
    const other = uniqueAddress('ses-not-spam');
    const complaint = (to: string, complaintFeedbackType: string) =>
      JSON.stringify({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: to }], complaintFeedbackType, timestamp: new Date().toISOString() }, mail: { destination: [to] } });
    expect((await post(snsMessage({ Type: 'Notification', Message: complaint(address, 'abuse') }))).statusCode).toBe(200);
    expect((await post(snsMessage({ Type: 'Notification', Message: complaint(other, 'not-spam') }))).statusCode).toBe(200);
    expect(await suppressionOf(database.db, address)).toMatchObject({ reason: 'COMPLAINT' });
    expect(await suppressionOf(database.db, other)).toBeNull();
  });

  it('a forged signature, an altered message, another topic or an untrusted certificate URL: 403 and nothing written', async () => {
    const address = uniqueAddress('ses-forged');
    const good = snsMessage({ Type: 'Notification', Message: bounce([address], 'Permanent') });
    const forged = { ...good, Signature: createSign('RSA-SHA256').update('something else').sign(privateKey, 'base64') };
    const altered = { ...good, Message: bounce([uniqueAddress('ses-altered')], 'Permanent') };
    const otherTopic = snsMessage({ Type: 'Notification', Message: bounce([address], 'Permanent'), TopicArn: 'arn:aws:sns:eu-west-1:123456789012:someone-else' });
    const elsewhere = snsMessage({ Type: 'Notification', Message: bounce([address], 'Permanent'), SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem' });
    for (const message of [forged, altered, otherTopic, elsewhere]) expect((await post(message)).statusCode).toBe(403);
    expect(await suppressionOf(database.db, address)).toBeNull();
    const { rows } = await database.db.execute(sql`select 1 from email_suppressions where address like 'ses-altered%'`);
    expect(rows).toEqual([]);
  });

  it('a signed SubscriptionConfirmation of the topic is confirmed by fetching its SubscribeURL; a forged one fetches nothing', async () => {
    const confirm = (url: string) => snsMessage({ Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe…', SubscribeURL: url, Token: 'tok123' });
    const before = confirmations.length;
    expect((await post({ ...confirm(`${origin}/confirm?Token=forged`), Signature: 'AAAA' })).statusCode).toBe(403);
    expect(confirmations.length).toBe(before);
    expect((await post(confirm(`${origin}/confirm?Token=tok123`))).statusCode).toBe(200);
    expect(confirmations.slice(before)).toEqual(['/confirm?Token=tok123']);
  });

  function mailgunEvent(eventData: Record<string, unknown>, key = MAILGUN_KEY) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = `tok${++seq}${Date.now()}`;
    const signature = createHmac('sha256', key).update(timestamp + token).digest('hex');
    return app.inject({ method: 'POST', url: MAILGUN_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'application/json' }, payload: { signature: { timestamp, token, signature }, 'event-data': { id: `ev${seq}`, timestamp: Date.now() / 1000, ...eventData } } });
  }

  it('Mailgun: a signed permanent failure suppresses and marks the delivery; a temporary one waits; a complaint suppresses', async () => {
    const hard = uniqueAddress('mg-hard');
    const temporary = uniqueAddress('mg-temp');
    const complained = uniqueAddress('mg-complaint');
    expect((await mailgunEvent({ event: 'failed', severity: 'permanent', reason: 'bounce', recipient: hard, 'user-variables': { [MAILGUN_REF_VARIABLE]: 'mg_1' }, 'delivery-status': { code: 550, message: '5.1.1 no such user' } })).statusCode).toBe(200);
    expect((await mailgunEvent({ event: 'failed', severity: 'temporary', recipient: temporary })).statusCode).toBe(200);
    expect((await mailgunEvent({ event: 'complained', recipient: complained })).statusCode).toBe(200);
    expect(await suppressionOf(database.db, hard)).toMatchObject({ reason: 'HARD_BOUNCE' });
    expect(await events('mail.bounced', hard)).toEqual([{ address: hard.toLowerCase(), ref: 'mg_1', kind: 'hard' }]);
    expect(await suppressionOf(database.db, temporary)).toBeNull();
    expect(await suppressionOf(database.db, complained)).toMatchObject({ reason: 'COMPLAINT' });
  });

  it('Mailgun: an event signed with another key, or unsigned, is 403 and nothing is written', async () => {
    const address = uniqueAddress('mg-forged');
    expect((await mailgunEvent({ event: 'complained', recipient: address }, 'another-signing-key-0000')).statusCode).toBe(403);
    const unsigned = await app.inject({ method: 'POST', url: MAILGUN_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'application/json' }, payload: { 'event-data': { event: 'complained', recipient: address } } });
    expect(unsigned.statusCode).toBe(403);
    expect(await suppressionOf(database.db, address)).toBeNull();
  });

  it('the signing certificate was fetched once for all the messages above', () => {
    expect(certificateFetches).toBe(1);
  });

  it('the webhooks keep cached pages (a large send brings thousands of them; no page shows the list)', async () => {
    const page = () => app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });
    await page();
    expect((await page()).headers['x-cache']).toBe('HIT');
    await post(snsMessage({ Type: 'Notification', Message: bounce([uniqueAddress('ses-cache')], 'Permanent') }));
    await mailgunEvent({ event: 'complained', recipient: uniqueAddress('mg-cache') });
    expect((await page()).headers['x-cache']).toBe('HIT');
  });

  it('a body that is not an SNS message is 400', async () => {
    const response = await app.inject({ method: 'POST', url: SES_WEBHOOK_PATH, headers: { host: 'localhost:3000', 'content-type': 'text/plain' }, payload: '{"Type":"Notification"}' });
    expect(response.statusCode).toBe(400);
  });
});
