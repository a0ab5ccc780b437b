import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLogger } from '../../src/platform/logger/index.js';
import { emailOutbox, enqueueEmail, MAX_SEND_ATTEMPTS, startMailer } from '../../src/platform/mail/index.js';
import { createMailProvider } from '../../src/platform/mail/providers/index.js';
import { loadConfig } from '../../src/server/config.js';
import { createTestDatabase } from '../support/db.js';
import { describeMailProviderConformance, type ArrivedMessage } from '../support/mail-provider-conformance.js';
import { freePort, startSmtpReceiver, type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver.js';

const HOST = 'stories.example.com';
const REFUSED = 'nobody@refused.example.com';
const base = { NODE_ENV: 'test', SITE_NAME: 'Inkwell Test', MAIN_HOST: HOST };

/** A header as sent: unfolded (a folding line break removed, its space kept). */
const headersOf = (mail: ParsedMail): Record<string, string> =>
  Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.replace(/\r?\n(?=[ \t])/g, '').slice(h.key.length + 1).trim()]));

async function fromSmtp(r: ReceivedEmail): Promise<ArrivedMessage> {
  const mail = await simpleParser(r.raw);
  return { to: r.to[0]!, subject: mail.subject ?? '', text: mail.text ?? '', html: String(mail.html || ''), headers: headersOf(mail), messageId: r.messageId, returnPath: r.from };
}

describe('mail providers', () => {
  const receivers: SmtpReceiver[] = [];
  const servers: http.Server[] = [];
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  describeMailProviderConformance('smtp', async () => {
    const receiver = await startSmtpReceiver({ rejectRecipient: (a) => a === REFUSED });
    receivers.push(receiver);
    return {
      provider: (rate) => createMailProvider('bulk', loadConfig({ ...base, SMTP_URL: receiver.url, MAIL_BULK_RATE_PER_SECOND: String(rate) })),
      arrived: () => Promise.all(receiver.received.map(fromSmtp)),
      expectedMessageId: (id) => `<${id}@${HOST}>`,
      refusedRecipient: REFUSED,
    };
  });

  describeMailProviderConformance('ses', async () => {
    const emulator = await startSesEmulator();
    servers.push(...emulator.servers);
    return {
      provider: (rate) =>
        createMailProvider(
          'bulk',
          loadConfig({
            ...base,
            MAIL_BULK_PROVIDER: 'ses',
            SES_REGION: 'eu-west-1',
            SES_ENDPOINT: emulator.endpoint,
            SES_ACCESS_KEY_ID: 'AKIATEST',
            SES_SECRET_ACCESS_KEY: 'test-secret',
            MAIL_BULK_RATE_PER_SECOND: String(rate),
          }),
        ),
      arrived: emulator.arrived,
      expectedMessageId: (id) => `<${id}@${HOST}>`,
    };
  });

  describeMailProviderConformance('mailbox', async () => {
    const { db } = await createTestDatabase();
    return {
      provider: (rate) => createMailProvider('bulk', loadConfig({ ...base, MAIL_BULK_RATE_PER_SECOND: String(rate) }), { db }),
      async arrived() {
        const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.deliveredTo, 'mailbox'));
        return rows
          .filter((r) => r.sentAt !== null)
          .map((r) => {
            const headers = Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
            return { to: r.toAddress, subject: r.subject, text: r.textBody, html: r.htmlBody, headers, messageId: r.id, returnPath: headers['return-path'] ?? '' };
          });
      },
      expectedMessageId: (id) => id,
    };
  });

  describe('smtp', () => {
    it('signs with DKIM when a key is configured', async () => {
      const receiver = await startSmtpReceiver();
      receivers.push(receiver);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
      const config = loadConfig({ ...base, SMTP_URL: receiver.url, DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'inkwell', DKIM_PRIVATE_KEY: privateKey });
      const p = createMailProvider('transactional', config);
      const [r] = await p.send([{ id: 'dkim0000test', to: 'ann@example.com', subject: 'Signed', text: 'Hi', html: '<p>Hi</p>', kind: 'login' }]);
      await p.close();
      expect(r).toMatchObject({ ok: true });
      const head = receiver.received[0]!.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n(?=[ \t])/g, '');
      const dkim = /^DKIM-Signature: (.*)$/im.exec(head)?.[1] ?? '';
      expect(dkim).toMatch(/\bd=example\.com;/);
      expect(dkim).toMatch(/\bs=inkwell;/);
      expect(dkim).toMatch(/\bb=[A-Za-z0-9+/= ]{100,}/);
    });

    it('throws when the server cannot be reached at all, as nothing could be tried', async () => {
      const p = createMailProvider('bulk', loadConfig({ ...base, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
      await expect(p.send([{ id: 'down00000000', to: 'ann@example.com', subject: 'x', text: 'x', html: 'x', kind: 'newsletter' }])).rejects.toThrow(/ECONNREFUSED/);
      await p.close();
    });

    it('sends from MAIL_BULK_FROM on the bulk stream, MAIL_FROM on the transactional one, over MAIL_BULK_SMTP_URL when set', async () => {
      const shared = await startSmtpReceiver();
      const bulkOnly = await startSmtpReceiver();
      receivers.push(shared, bulkOnly);
      const config = loadConfig({ ...base, SMTP_URL: shared.url, MAIL_BULK_SMTP_URL: bulkOnly.url, MAIL_FROM: 'Site <site@example.com>', MAIL_BULK_FROM: 'Letters <letters@example.com>' });
      const bulk = createMailProvider('bulk', config);
      const transactional = createMailProvider('transactional', config);
      const m = { id: 'from00000000', to: 'ann@example.com', subject: 'From', text: 'x', html: 'x', kind: 'newsletter' };
      await bulk.send([m]);
      await transactional.send([{ ...m, id: 'from00000001' }]);
      await Promise.all([bulk.close(), transactional.close()]);
      expect(bulkOnly.received.map((r) => r.raw)).toEqual([expect.stringMatching(/^From: Letters <letters@example\.com>/m)]);
      expect(shared.received.map((r) => r.raw)).toEqual([expect.stringMatching(/^From: Site <site@example\.com>/m)]);
    });
  });

  describe('the outbox mailer on a provider', () => {
    it('gives up at once on an email the server refuses for good, and keeps the refusal', async () => {
      const { db } = await createTestDatabase();
      const receiver = await startSmtpReceiver({ rejectRecipient: (a) => a === REFUSED });
      receivers.push(receiver);
      const id = await enqueueEmail(db, { to: REFUSED, subject: 'Refused', text: 'x', html: 'x', kind: 'login', headers: { 'List-Id': 'Letters <letters.example.com>' } });
      const mailer = startMailer({ db, config: loadConfig({ ...base, SMTP_URL: receiver.url }), logger: createLogger('silent'), pollIntervalMs: 60_000 });
      await mailer.flush();
      await mailer.stop();
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, sentAt: null, headers: { 'List-Id': 'Letters <letters.example.com>' } });
      expect(row!.lastError).toMatch(/550|No such user/);
      expect(receiver.received).toEqual([]);
    });

    it('refuses to enqueue a header that would inject another', async () => {
      const { db } = await createTestDatabase();
      await expect(enqueueEmail(db, { to: 'ann@example.com', subject: 'x', text: 'x', html: 'x', kind: 'login', headers: { 'List-Id': 'a\r\nBcc: b@example.com' } })).rejects.toThrow(/one line/);
    });
  });
});

/**
 * aws-ses-v2-local (in this process) behind a recording proxy. Its store keeps what a
 * message says (from, to, subject, text, html) but not a raw message's headers, so the
 * headers, the Message-ID and the feedback address (our return path) are read from the raw
 * MIME and the request that reached it, joined to the store by SES's MessageId.
 */
async function startSesEmulator() {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: { default?: typeof import('aws-ses-v2-local').default } & typeof import('aws-ses-v2-local').default };
  const start = mod.default.default ?? mod.default;
  const emulatorPort = await freePort();
  const emulator = await start({ host: '127.0.0.1', port: emulatorPort });
  const upstream = `http://127.0.0.1:${emulatorPort}`;
  const requests = new Map<string, { raw: string; feedback?: string }>();
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'content-length')) as Record<string, string>;
      const answer = await fetch(upstream + req.url, { method: req.method, headers, body: body.length ? body : undefined });
      const text = await answer.text();
      if (req.url === '/v2/email/outbound-emails' && answer.ok) {
        const sent = JSON.parse(body.toString('utf8')) as { Content: { Raw: { Data: string } }; FeedbackForwardingEmailAddress?: string };
        requests.set((JSON.parse(text) as { MessageId: string }).MessageId, {
          raw: Buffer.from(sent.Content.Raw.Data, 'base64').toString('utf8'),
          feedback: sent.FeedbackForwardingEmailAddress,
        });
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    servers: [proxy, emulator],
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    async arrived(): Promise<ArrivedMessage[]> {
      const store = (await (await fetch(`${upstream}/store`)).json()) as {
        emails: { messageId: string; destination: { to: string[] }; subject: string; body: { text?: string; html?: string } }[];
      };
      return Promise.all(
        store.emails.map(async (e) => {
          const request = requests.get(e.messageId);
          const mail = request ? await simpleParser(request.raw) : undefined;
          return {
            to: e.destination.to[0] ?? '',
            subject: e.subject,
            text: e.body.text ?? '',
            html: e.body.html ?? '',
            headers: mail ? headersOf(mail) : {},
            messageId: mail?.messageId ? `<${mail.messageId.replace(/^<|>$/g, '')}>` : '',
            returnPath: request?.feedback ?? '',
          };
        }),
      );
    },
  };
}
