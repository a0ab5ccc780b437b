import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { startSmtpReceiver, type ReceivedEmail, type SmtpReceiver } from '../support/smtp-receiver.js';
import { sql } from './feeds-fixtures.js';
import { PUBLISH } from './notifications-fixtures.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { startEventDispatcher, type EventDispatcher } from '../../src/platform/events/dispatcher.js';
import { emitDomainEvent } from '../../src/platform/events/outbox.js';
import { eventHandlers } from '../../src/server/event-handlers.js';
import { createMailProvider, type MailProvider } from '../../src/platform/mail/providers/types.js';
import { parseVerpAddress } from '../../src/platform/mail/verp.js';
import { siteSecretFor } from '../../src/modules/metering/settings.js';
import { createDraft } from '../../src/modules/posts/drafts.js';
import { publishPost } from '../../src/modules/posts/publish.js';
import { ensureWriterNewsletter, setSubscription, subscribeReader } from '../../src/modules/newsletters/commands.js';
import { emailLinkSecret, readSubscriberToken } from '../../src/modules/newsletters/links.js';
import { startNewsletterSender, type NewsletterSender } from '../../src/modules/newsletters/send-job.js';
import { pruneSendLedgerBatch, SEND_LEDGER_RETENTION_DAYS } from '../../src/modules/newsletters/send-retention.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';

const BOUNCE_DOMAIN = 'bounces.example.test';
const logger = createLogger('silent');

/** The message body as text: quoted-printable soft breaks and escapes undone. */
const decoded = (m: ReceivedEmail) => m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const headerOf = (m: ReceivedEmail, name: string) => {
  const head = m.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? '';
};

const para = (name: string, text: string): Paragraph => ({ name, type: 'P', text, markups: [] });

describe('newsletters: a story goes to its subscribers', () => {
  let t: TestApp;
  let sink: SmtpReceiver;
  let provider: MailProvider;
  let events: EventDispatcher;
  const senders: NewsletterSender[] = [];
  let shared: NewsletterSender | null = null;

  // One sender at a time, as in a worker: a queued send wakes every sender of the process.
  const startSender = (p: MailProvider, lanes: number) => {
    const s = startNewsletterSender({ db: t.database.db, provider: p, logger, siteName: 'Inkwell', origin: `http://${TEST_HOST}`, bounceDomain: BOUNCE_DOMAIN, lanes, intervalMs: 3_600_000, startDelayMs: 3_600_000 });
    senders.push(s);
    return s;
  };
  const sender = () => (shared ??= startSender(provider, 2));
  const stopAll = async () => {
    for (const s of senders.splice(0)) await s.stop();
    shared = null;
  };

  beforeAll(async () => {
    t = await createTestApp();
    sink = await startSmtpReceiver();
    provider = createMailProvider('bulk', { SITE_NAME: 'Inkwell', mainHost: TEST_HOST, SMTP_URL: sink.url }, { db: t.database.db });
    events = startEventDispatcher({ db: t.database.db, logger, handlers: eventHandlers(), pollIntervalMs: 3_600_000 });
  });
  afterAll(async () => {
    await stopAll();
    await events.stop();
    await provider.close();
    await sink.close();
  });

  const db = () => t.database.db;
  const subscribeAddress = (newsletterId: string, email: string, state: 'ACTIVE' | 'PENDING' | 'UNSUBSCRIBED' = 'ACTIVE') =>
    db().transaction((tx) => setSubscription(tx, { newsletterId, who: { email }, state, source: 'IMPORT' }));
  const emailOf = async (userId: string) => (await sql(t, 'select email from users where id = $1', [userId])).rows[0].email as string;

  async function draft(writer: string, paragraphs: Paragraph[] = [para('a1', 'Hello subscribers, a new story.')], title = 'News for subscribers') {
    const d = await createDraft(db(), writer, { title, subtitle: '', paragraphs });
    if (d.kind !== 'saved') throw new Error(JSON.stringify(d));
    return d.postId;
  }
  async function publish(writer: string, postId: string, extra: Partial<typeof PUBLISH> = {}) {
    const r = await publishPost(db(), writer, postId, { ...PUBLISH, ...extra });
    if (r.kind !== 'published') throw new Error(JSON.stringify(r));
    await events.drain();
  }
  const sendOf = async (postId: string) => (await sql(t, 'select * from newsletter_sends where post_id = $1', [postId])).rows[0];
  const toOf = (address: string) => sink.received.filter((m) => m.to.includes(address));

  it('sends each ACTIVE subscriber exactly one email with the bulk headers; pending, unsubscribed and suppressed get none', async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    const readers = [await newReader(t, 'Sub'), await newReader(t, 'Sub')];
    for (const r of readers) expect((await subscribeReader(db(), { newsletterId: n.id, readerId: r.id, recordConsent: true, source: 'test' })).kind).toBe('ok');
    const active = ['one@example.net', 'two@example.net', 'suppressed@example.net'];
    for (const a of active) await subscribeAddress(n.id, a);
    await subscribeAddress(n.id, 'pending@example.net', 'PENDING');
    await subscribeAddress(n.id, 'gone@example.net', 'ACTIVE');
    await subscribeAddress(n.id, 'gone@example.net', 'UNSUBSCRIBED');
    await sql(t, `insert into email_suppressions (address, reason, suppressed_at) values ('suppressed@example.net', 'HARD_BOUNCE', now())`);

    const postId = await draft(writer.id);
    await publish(writer.id, postId);
    // Publishing made the send row only: no ledger yet.
    expect(await sendOf(postId)).toMatchObject({ state: 'QUEUED', recipients: 0 });
    expect((await sql(t, 'select count(*)::int as n from newsletter_deliveries where post_id = $1', [postId])).rows[0].n).toBe(0);

    await sender().drain();
    const expected = ['one@example.net', 'two@example.net', ...(await Promise.all(readers.map((r) => emailOf(r.id))))];
    for (const a of expected) expect(toOf(a), a).toHaveLength(1);
    for (const a of ['pending@example.net', 'gone@example.net', 'suppressed@example.net']) expect(toOf(a), a).toHaveLength(0);
    expect(await sendOf(postId)).toMatchObject({ state: 'SENT', recipients: 4, sent: 4, failed: 0, suppressed: 1 });
    const ledger = await sql(t, 'select address, state from newsletter_deliveries where post_id = $1 order by address', [postId]);
    expect(ledger.rows.filter((r) => r.state === 'SENT').map((r) => r.address).sort()).toEqual(expected.map((a) => a.toLowerCase()).sort());
    expect(ledger.rows.find((r) => r.address === 'suppressed@example.net')?.state).toBe('SUPPRESSED');

    // Headers mailbox providers require for bulk mail, each naming this recipient.
    const m = toOf('one@example.net')[0]!;
    const links = await emailLinkSecret(db());
    const unsub = /^<http:\/\/localhost:3000\/_\/newsletters\/unsubscribe\/([^>]+)>, <mailto:unsubscribe\+([^@]+)@bounces\.example\.test>$/.exec(headerOf(m, 'List-Unsubscribe'));
    expect(unsub, headerOf(m, 'List-Unsubscribe')).not.toBeNull();
    expect(unsub![1]).toBe(unsub![2]);
    const sub = (await sql(t, `select id from newsletter_subscribers where newsletter_id = $1 and email = 'one@example.net'`, [n.id])).rows[0].id;
    expect(readSubscriberToken(links, 'unsubscribe', unsub![1]!)).toEqual({ subscriberId: sub, version: 0 });
    expect(headerOf(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(m, 'List-Id')).toContain(`<${n.id}.newsletters.${BOUNCE_DOMAIN}>`);
    const verp = parseVerpAddress(await siteSecretFor(db(), 'verp'), m.from);
    expect(verp).toEqual({ recipient: 'one@example.net', ref: `${(await sendOf(postId)).id}-${sub}` });
    expect(m.subject).toBe('News for subscribers');
    expect(m.messageId).toBe(`<nl-${(await sendOf(postId)).id}-${sub}@localhost>`);

    // The List-Unsubscribe URL works as mailbox providers use it (RFC 8058: a POST without a session).
    const oneClick = await t.app.inject({ method: 'POST', url: new URL(unsub![0]!.split('>')[0]!.slice(1)).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBeLessThan(300);
    expect((await sql(t, `select state from newsletter_subscribers where id = $1`, [sub])).rows[0].state).toBe('UNSUBSCRIBED');

    // Draining again sends nothing more.
    const before = sink.received.length;
    await sender().drain();
    expect(sink.received.length).toBe(before);
  });

  it("sends nothing when the writer chose not to email the story (publish dialog), and nothing for an unlisted story", async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    await subscribeAddress(n.id, `optout-${writer.id}@example.net`);
    const postId = await draft(writer.id);
    const set = await writer.browser.gql(`mutation($id: ID!) { setPostNewsletterEmail(postId: $id, sendEmail: false) { sendEmail subscriberCount } }`, { id: postId });
    expect(set.data.setPostNewsletterEmail).toEqual({ sendEmail: false, subscriberCount: 1 });
    await publish(writer.id, postId);
    const unlisted = await draft(writer.id);
    await publish(writer.id, unlisted, { visibility: 'UNLISTED' });
    await sender().drain();
    expect(toOf(`optout-${writer.id}@example.net`)).toHaveLength(0);
    expect(await sendOf(postId)).toMatchObject({ state: 'SKIPPED', reason: 'opted-out' });
    expect(await sendOf(unlisted)).toMatchObject({ state: 'SKIPPED', reason: 'not-public' });
  });

  it("a member-only story: a non-member's email has the preview only, a member's the whole story", async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    const member = await newReader(t, 'Member');
    const reader = await newReader(t, 'Reader');
    await sql(t, `update users set member_tier = 'MEMBER', member_access_until = now() + interval '30 days' where id = $1`, [member.id]);
    for (const r of [member, reader]) await subscribeReader(db(), { newsletterId: n.id, readerId: r.id, recordConsent: true, source: 'test' });
    const body = [para('p1', 'Opening words for everyone.'), para('p2', 'Second paragraph.'), para('p3', 'Third paragraph.'), para('p4', 'Zebra members only passage.')];
    const postId = await draft(writer.id, body, 'Locked story');
    await publish(writer.id, postId, { isLocked: true });
    await sender().drain();
    expect(await sendOf(postId)).toMatchObject({ state: 'SENT', sent: 2 });
    const [toMember] = toOf(await emailOf(member.id));
    const [toReader] = toOf(await emailOf(reader.id));
    expect(decoded(toMember!)).toContain('Zebra members only passage.');
    expect(decoded(toReader!)).toContain('Opening words for everyone.');
    expect(decoded(toReader!)).not.toContain('Zebra members only');
  });

  it('exactly once across a crash: a batch sent but not recorded goes again under the same Message-IDs, nobody is skipped', async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    const N = 230;
    await sql(t, `
      with s as (select 'e' || lpad(to_hex(g), 11, '0') as id, 'crash' || g || '@example.org' as email from generate_series(1, ${N}) g)
      insert into newsletter_subscribers (id, newsletter_id, email, state, source) select id, $1, email, 'ACTIVE', 'IMPORT' from s`, [n.id]);
    await stopAll();
    const postId = await draft(writer.id);
    await publish(writer.id, postId);
    const sendId = (await sendOf(postId)).id as string;

    // A worker that dies after its provider accepted its 4th batch, before recording it.
    let batches = 0;
    const dying: MailProvider = {
      ...provider,
      name: provider.name,
      maxBatchSize: 25,
      ratePerSecond: provider.ratePerSecond,
      async send(messages) {
        const results = await provider.send(messages);
        if (++batches === 4) throw new Error('killed');
        return results;
      },
      close: async () => {},
    };
    const first = startSender(dying, 1);
    await first.drain().catch(() => {});
    await stopAll();
    const mid = await sql(t, `select state, count(*)::int as n from newsletter_deliveries where send_id = $1 group by state`, [sendId]);
    const count = (s: string) => mid.rows.find((r) => r.state === s)?.n ?? 0;
    expect(count('SENT')).toBe(75);
    expect(count('SENDING')).toBe(25);

    // Restarted after the lease ran out: the in-flight batch goes again, the rest once.
    await sql(t, `update newsletter_deliveries set lease_until = now() - interval '1 second' where send_id = $1 and state = 'SENDING'`, [sendId]);
    await sender().drain();
    const ledger = await sql(t, `select state, count(*)::int as n from newsletter_deliveries where send_id = $1 group by state`, [sendId]);
    expect(ledger.rows).toEqual([{ state: 'SENT', n: N }]);
    expect(await sendOf(postId)).toMatchObject({ state: 'SENT', recipients: N, sent: N });
    const mine = sink.received.filter((m) => m.to[0]!.startsWith('crash'));
    const ids = new Set(mine.map((m) => m.messageId));
    expect(ids.size).toBe(N);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(N);
    // At most the one batch in flight at the crash arrived twice, with the same Message-IDs.
    expect(mine.length - N).toBeGreaterThanOrEqual(0);
    expect(mine.length - N).toBeLessThanOrEqual(25);
  });

  it('a story in a publication also goes to its newsletter, once per address for a reader of both', async () => {
    const writer = await newReader(t, 'Writer');
    const both = await newReader(t, 'Both');
    const pubId = (await sql(t, `insert into publications (id, name, slug, owner_id) values (substr(md5(random()::text), 1, 12), 'The Paper', 'paper-' || substr(md5(random()::text), 1, 6), $1) returning id`, [writer.id])).rows[0].id;
    const pn = (await sql(t, `insert into newsletters (id, type, user_id, collection_id, slug, name) values (substr(md5(random()::text), 1, 12), 'COLLECTION', $1, $2, 'paper', 'The Paper') returning id`, [writer.id, pubId])).rows[0].id;
    const wn = (await ensureWriterNewsletter(db(), writer.id))!;
    for (const id of [wn.id, pn]) await subscribeReader(db(), { newsletterId: id, readerId: both.id, recordConsent: true, source: 'test' });
    await subscribeAddress(pn, `paper-only-${writer.id}@example.net`);
    const postId = await draft(writer.id);
    await sql(t, `update posts set collection_id = $1 where id = $2`, [pubId, postId]);
    await publish(writer.id, postId);
    await sender().drain();
    expect(toOf(await emailOf(both.id))).toHaveLength(1);
    expect(toOf(`paper-only-${writer.id}@example.net`)).toHaveLength(1);
    const sends = await sql(t, `select newsletter_id, state, sent from newsletter_sends where post_id = $1`, [postId]);
    expect(sends.rows.map((r) => r.state)).toEqual(['SENT', 'SENT']);
    expect(sends.rows.reduce((a, r) => a + r.sent, 0)).toBe(2);
  });

  it('bounces and complaints mark the ledger and the totals once; a complaint unsubscribes', async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    await subscribeAddress(n.id, `bouncy-${writer.id}@example.net`);
    await subscribeAddress(n.id, `angry-${writer.id}@example.net`);
    const postId = await draft(writer.id);
    await publish(writer.id, postId);
    await sender().drain();
    const refOf = async (address: string) => {
      const r = (await sql(t, `select send_id, subscriber_id from newsletter_deliveries where address = $1`, [address])).rows[0];
      return `${r.send_id}-${r.subscriber_id}`;
    };
    const bounceRef = await refOf(`bouncy-${writer.id}@example.net`);
    const complaintRef = await refOf(`angry-${writer.id}@example.net`);
    for (let i = 0; i < 2; i++) {
      await db().transaction(async (tx) => {
        await emitDomainEvent(tx, { type: 'mail.bounced', payload: { address: `bouncy-${writer.id}@example.net`, ref: bounceRef, kind: 'hard' } });
        await emitDomainEvent(tx, { type: 'mail.complained', payload: { address: `angry-${writer.id}@example.net`, ref: complaintRef, kind: 'complaint' } });
      });
      await events.drain();
    }
    expect(await sendOf(postId)).toMatchObject({ sent: 2, bounced: 1, complained: 1 });
    const states = await sql(t, `select address, state from newsletter_deliveries where post_id = $1 order by address`, [postId]);
    expect(states.rows.map((r) => r.state)).toEqual(['COMPLAINED', 'BOUNCED']);
    const sub = await sql(t, `select state from newsletter_subscribers where newsletter_id = $1 and email = $2`, [n.id, `angry-${writer.id}@example.net`]);
    expect(sub.rows[0].state).toBe('UNSUBSCRIBED');
  });

  it('prunes the ledger of sends finished long ago, keeping their totals', async () => {
    const writer = await newReader(t, 'Writer');
    const n = (await ensureWriterNewsletter(db(), writer.id))!;
    for (const i of [1, 2, 3]) await subscribeAddress(n.id, `old${i}-${writer.id}@example.net`);
    const postId = await draft(writer.id);
    await publish(writer.id, postId);
    await sender().drain();
    const sendId = (await sendOf(postId)).id;
    const clock = { now: () => new Date(Date.now() + (SEND_LEDGER_RETENTION_DAYS + 1) * 86_400_000) };
    await sql(t, `update newsletter_sends set finished_at = now() - interval '1 day' where id <> $1 and finished_at is not null`, [sendId]);
    while ((await pruneSendLedgerBatch(db(), clock, 2)) > 0) {
      if ((await sql(t, `select count(*)::int as n from newsletter_sends where finished_at is not null and pruned_at is null`)).rows[0].n === 0) break;
    }
    expect((await sql(t, `select count(*)::int as n from newsletter_deliveries where send_id = $1`, [sendId])).rows[0].n).toBe(0);
    expect(await sendOf(postId)).toMatchObject({ state: 'SENT', sent: 3 });
    expect((await sendOf(postId)).pruned_at).not.toBeNull();
    // A send not yet past the retention keeps its ledger.
    const recent = await pruneSendLedgerBatch(db(), { now: () => new Date() }, 10);
    expect(recent).toBe(0);
  });

  describe('authorization: who may send a test email and see a send', () => {
    let writer: Reader;
    let other: Reader;
    let postId: string;
    beforeAll(async () => {
      writer = await newReader(t, 'Writer');
      other = await newReader(t, 'Other');
      postId = await draft(writer.id, [para('d1', 'A draft worth testing.')], 'Draft to test');
    });
    const TEST = `mutation($id: ID!) { sendTestNewsletterEmail(postId: $id) { message } }`;
    const OPTION = `mutation($id: ID!) { setPostNewsletterEmail(postId: $id, sendEmail: false) { sendEmail } }`;
    const PROGRESS = `query($id: ID!) { post(id: $id) { id newsletterSend { state recipients sent } } }`;
    const anon = (query: string, variables: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/_/graphql', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, payload: { query, variables } }).then((r) => r.json());
    const outbox = async () => (await sql(t, `select to_address, subject from email_outbox where kind = 'newsletter-test'`)).rows;

    it.each([
      ['writer', 'ok'],
      ['other reader', 'FORBIDDEN'],
      ['logged out', 'UNAUTHENTICATED'],
    ])('test email and story option: %s → %s', async (who, expected) => {
      const before = (await outbox()).length;
      const call = (q: string) => (who === 'writer' ? writer.browser.gql(q, { id: postId }) : who === 'other reader' ? other.browser.gql(q, { id: postId }) : anon(q, { id: postId }));
      const test = await call(TEST);
      const option = await call(OPTION);
      if (expected === 'ok') {
        expect(test.errors).toBeUndefined();
        expect(test.data.sendTestNewsletterEmail.message).toContain(await emailOf(writer.id));
        const sent = await outbox();
        expect(sent).toHaveLength(before + 1);
        expect(sent[sent.length - 1]).toEqual({ to_address: await emailOf(writer.id), subject: '[Test] Draft to test' });
        expect(option.data.setPostNewsletterEmail.sendEmail).toBe(false);
        await sql(t, 'delete from newsletter_post_options where post_id = $1', [postId]);
      } else {
        expect(test.errors?.[0]?.extensions?.code ?? test.errors?.[0]?.message).toBeTruthy();
        expect(JSON.stringify(test.errors)).toContain(expected === 'FORBIDDEN' ? 'Only the writer' : 'Sign in');
        expect(JSON.stringify(option.errors)).toContain(expected === 'FORBIDDEN' ? 'Only the writer' : 'Sign in');
        expect(await outbox()).toHaveLength(before);
        expect((await sql(t, 'select count(*)::int as n from newsletter_post_options where post_id = $1', [postId])).rows[0].n).toBe(0);
      }
    });

    it('limits test emails per writer', async () => {
      const w = await newReader(t, 'Limited');
      const p = await draft(w.id);
      const results = [];
      for (let i = 0; i < 6; i++) results.push(await w.browser.gql(TEST, { id: p }));
      expect(results.slice(0, 5).every((r) => !r.errors)).toBe(true);
      expect(JSON.stringify(results[5].errors)).toContain('several test emails');
    });

    it('progress: the writer sees the send, another reader and a logged-out visitor see null', async () => {
      const n = (await ensureWriterNewsletter(db(), writer.id))!;
      await subscribeAddress(n.id, `progress-${writer.id}@example.net`);
      const p = await draft(writer.id, [para('x1', 'Published for progress.')], 'Progress story');
      await publish(writer.id, p);
      await sender().drain();
      expect((await writer.browser.gql(PROGRESS, { id: p })).data.post.newsletterSend).toEqual({ state: 'SENT', recipients: 1, sent: 1 });
      expect((await other.browser.gql(PROGRESS, { id: p })).data.post.newsletterSend).toBeNull();
      expect((await anon(PROGRESS, { id: p })).data.post.newsletterSend).toBeNull();
      const SENDS = `query($id: ID!) { newsletterV3(id: $id) { sends(paging: { limit: 1 }) { items { state post { id } } pagingInfo { next { to } } } } }`;
      const mine = (await writer.browser.gql(SENDS, { id: n.id })).data.newsletterV3.sends;
      expect(mine.items).toEqual([{ state: 'SENT', post: { id: p } }]);
      expect((await other.browser.gql(SENDS, { id: n.id })).data.newsletterV3.sends).toBeNull();
    });
  });
});
