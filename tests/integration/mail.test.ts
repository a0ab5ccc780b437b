import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '../../src/platform/db/client.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { emailOutbox, enqueueEmail, notifyMailers, startMailer, type Mailer, type OutgoingEmail } from '../../src/platform/mail/index.js';
import { loadConfig } from '../../src/server/config.js';
import { createTestDatabase } from '../support/db.js';
import { freePort, SMTP_PASS, SMTP_USER, smtpUrl, startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';

const silent = createLogger('silent');
const mailboxConfig = loadConfig({ NODE_ENV: 'test', SITE_NAME: 'Inkwell Test', PORT: '3000' });
const smtpConfig = (url: string) => loadConfig({ NODE_ENV: 'test', SITE_NAME: 'Inkwell Test', MAIN_HOST: 'stories.example.com', SMTP_URL: url });

const email = (subject: string, to = 'reader@example.com'): OutgoingEmail => ({
  to,
  subject,
  text: `${subject}\n\nhttps://stories.example.com/m/callback/email?token=t`,
  html: `<p>${subject}</p>`,
  kind: 'login',
});

/** Debug-level log lines of one mailer, to see which emails it sent. */
function recordingLogger() {
  const lines: { msg: string; emailId?: string }[] = [];
  const logger = createLogger('debug', { destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  return { logger, sentIds: () => lines.filter((l) => l.msg === 'email sent').map((l) => l.emailId!) };
}

describe('email outbox and mailer', () => {
  let database: Database;
  let db: Database['db'];
  const mailers: Mailer[] = [];
  const receivers: SmtpReceiver[] = [];
  const start = (...args: Parameters<typeof startMailer>) => {
    const mailer = startMailer(...args);
    mailers.push(mailer);
    return mailer;
  };
  const row = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await Promise.all(mailers.map((m) => m.stop()));
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('keeps no email when the transaction that enqueued it rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, email('rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'rolled back'));
    expect(rows).toEqual([]);
  });

  it('delivers a committed email to the dev mailbox without SMTP, and nothing before the commit', async () => {
    const mailer = start({ db, config: mailboxConfig, logger: silent, pollIntervalMs: 60_000 });
    let id = '';
    await db.transaction(async (tx) => {
      id = await enqueueEmail(tx, email('Sign in to Inkwell Test'));
      await mailer.flush(); // on another connection: the row is not there yet
      expect((await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!.sentAt).toBeNull();
    });
    await mailer.flush();
    const sent = await row(id);
    expect(sent).toMatchObject({ toAddress: 'reader@example.com', kind: 'login', deliveredTo: 'mailbox', attempts: 0, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    await mailer.stop();
  });

  it('sends at once when notified after a commit, without waiting for its poll', async () => {
    const mailer = start({ db, config: mailboxConfig, logger: silent, pollIntervalMs: 60_000 });
    await mailer.flush(); // the first poll is over; the next one is a minute away
    const id = await enqueueEmail(db, email('notified'));
    notifyMailers();
    await vi.waitFor(async () => expect((await row(id)).sentAt).not.toBeNull(), { timeout: 5000, interval: 20 });
    await mailer.stop();
  });

  it('refuses an address that is not one, and a subject with a line break', async () => {
    await expect(enqueueEmail(db, email('x', 'not an address'))).rejects.toThrow(/not an email address/);
    await expect(enqueueEmail(db, email('Hi\r\nBcc: victim@example.com'))).rejects.toThrow(/one line/);
  });

  it('sends each email exactly once with two mailers on one database, over real SMTP', async () => {
    const receiver = await startSmtpReceiver({ delayMs: 5 });
    receivers.push(receiver);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueEmail(db, email(`Batch email ${i}`, `reader${i}@example.com`)));

    // A second pool stands for a second worker process on the same database.
    const other = connectDatabase({ ...(database.pool.options as pg.PoolConfig) }, 3);
    const a = recordingLogger();
    const b = recordingLogger();
    const config = smtpConfig(receiver.url);
    const first = start({ db, config, logger: a.logger, pollIntervalMs: 60_000 });
    const second = start({ db: other.db, config, logger: b.logger, pollIntervalMs: 60_000 });
    await Promise.all([first.flush(), second.flush()]);
    await Promise.all([first.stop(), second.stop()]);
    await other.close();

    expect(receiver.received).toHaveLength(30);
    const messageIds = receiver.received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(30);
    expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@stories.example.com>`).sort());
    expect(new Set(receiver.received.map((m) => m.subject)).size).toBe(30);
    // Both took part, and no email went out through both.
    expect(a.sentIds().length).toBeGreaterThan(0);
    expect(b.sentIds().length).toBeGreaterThan(0);
    expect(a.sentIds().filter((id) => b.sentIds().includes(id))).toEqual([]);
    expect([...a.sentIds(), ...b.sentIds()].sort()).toEqual([...ids].sort());

    const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null && r.deliveredTo === 'smtp' && r.attempts === 0)).toBe(true);

    const first30 = receiver.received.find((m) => m.to[0] === 'reader0@example.com')!;
    expect(first30.from).toBe('no-reply@stories.example.com');
    expect(first30.raw).toMatch(/^From: "?Inkwell Test"? <no-reply@stories\.example\.com>/m);
    expect(first30.raw).toContain('multipart/alternative');
  });

  it('never sends an email again once it has been sent', async () => {
    const receiver = await startSmtpReceiver();
    receivers.push(receiver);
    const id = await enqueueEmail(db, email('already sent'));
    await db.update(emailOutbox).set({ sentAt: new Date(), deliveredTo: 'smtp' }).where(eq(emailOutbox.id, id));
    const mailer = start({ db, config: smtpConfig(receiver.url), logger: silent, pollIntervalMs: 60_000 });
    await mailer.flush();
    await mailer.stop();
    expect(receiver.received).toEqual([]);
  });

  it('finishes the email in flight when stopped', async () => {
    const receiver = await startSmtpReceiver({ delayMs: 300 });
    receivers.push(receiver);
    const mailer = start({ db, config: smtpConfig(receiver.url), logger: silent, pollIntervalMs: 60_000 });
    await mailer.flush();
    const id = await enqueueEmail(db, email('in flight at shutdown'));
    mailer.notify();
    await vi.waitFor(() => expect(receiver.receiving).toBe(1), { timeout: 5000, interval: 5 });
    await mailer.stop();
    expect(receiver.received.map((m) => m.subject)).toEqual(['in flight at shutdown']);
    expect((await row(id)).sentAt).not.toBeNull();
  });

  describe('when the SMTP server is down', () => {
    let port: number;
    let clock: Date;
    let mailer: Mailer;
    const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

    beforeAll(async () => {
      port = await freePort();
      // Ahead of the database's clock, so emails enqueued now are due.
      clock = new Date(Date.now() + 1000);
      mailer = start({ db, config: smtpConfig(smtpUrl(port)), logger: silent, now: () => clock, pollIntervalMs: 60_000 });
      await mailer.flush();
    });
    afterAll(() => mailer.stop());

    it('counts the attempt, keeps the error and backs off; sends once the server is back', async () => {
      const id = await enqueueEmail(db, email('retried'));
      await mailer.flush();
      let r = await row(id);
      expect(r.sentAt).toBeNull();
      expect(r.attempts).toBe(1);
      expect(r.lastError).toMatch(/ECONNREFUSED/);
      expect(r.sendAfter.getTime()).toBe(clock.getTime() + 2 * 60_000);

      advance(1); // not due yet: no new attempt
      await mailer.flush();
      expect((await row(id)).attempts).toBe(1);

      advance(1); // due: fails again, waits 4 minutes now
      await mailer.flush();
      r = await row(id);
      expect(r.attempts).toBe(2);
      expect(r.sendAfter.getTime()).toBe(clock.getTime() + 4 * 60_000);

      const receiver = await startSmtpReceiver({ port });
      receivers.push(receiver);
      advance(4);
      await mailer.flush();
      r = await row(id);
      expect(r.sentAt!.getTime()).toBe(clock.getTime());
      expect(r).toMatchObject({ attempts: 2, deliveredTo: 'smtp', lastError: null });
      expect(receiver.received.map((m) => m.subject)).toEqual(['retried']);
      expect(receiver.received[0]!.messageId).toBe(`<${id}@stories.example.com>`);
      await receiver.close();
      receivers.pop();
    });

    it('waits an hour at most between attempts, and gives up after ten, keeping the row', async () => {
      const id = await enqueueEmail(db, email('given up'));
      await db.update(emailOutbox).set({ attempts: 9 }).where(eq(emailOutbox.id, id));
      await mailer.flush();
      let r = await row(id);
      expect(r.attempts).toBe(10);
      expect(r.sendAfter.getTime()).toBe(clock.getTime() + 60 * 60_000);

      const receiver = await startSmtpReceiver({ port });
      receivers.push(receiver);
      advance(24 * 60);
      await mailer.flush();
      r = await row(id);
      expect(r).toMatchObject({ attempts: 10, sentAt: null });
      expect(r.lastError).toMatch(/ECONNREFUSED/);
      expect(receiver.received).toEqual([]);
    });
  });

  it('authenticates with the credentials in SMTP_URL', async () => {
    const receiver = await startSmtpReceiver();
    receivers.push(receiver);
    const wrong = `smtp://${SMTP_USER}:not-${encodeURIComponent(SMTP_PASS)}@127.0.0.1:${receiver.port}`;
    const mailer = start({ db, config: smtpConfig(wrong), logger: silent, pollIntervalMs: 60_000 });
    const id = await enqueueEmail(db, email('wrong password'));
    await mailer.flush();
    await mailer.stop();
    const r = await row(id);
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/Invalid username or password|auth/i);
    expect(receiver.received).toEqual([]);
    // Keep this row out of the other tests' way.
    await db.execute(sql`delete from email_outbox where id = ${id}`);
  });
});
