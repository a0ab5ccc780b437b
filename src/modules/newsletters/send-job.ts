import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger/index.js';
import { startPeriodic } from '../../platform/jobs/periodic.js';
import type { MailProvider, OutgoingMessage, SendResult } from '../../platform/mail/providers/types.js';
import { verpAddress } from '../../platform/mail/verp.js';
import { hasMemberAccess } from '../posts/policies.js';
import { siteSecretFor } from '../metering/settings.js';
import { emailLinkSecret, emailSettingsHash, emailSettingsPath, subscriberToken, unsubscribeMailbox, unsubscribePath } from './links.js';
import { onSendQueued } from './send-wake.js';
import { storyEmailFor, forgetStoryEmails, type StoryEmails } from './send-render.js';

/** Subscribers one fan-out transaction records in the ledger. */
export const FAN_OUT_CHUNK = 2000;
/** A claim's lease: a batch not finished by then (its worker died) goes again, under the same Message-IDs. */
export const LEASE_SECONDS = 120;
/** Messages per batch unless told otherwise: the crash window's size per lane. */
export const SEND_BATCH = 100;
/** Transient failures (the provider said try again) before a delivery is FAILED for good. */
export const MAX_DELIVERY_ATTEMPTS = 5;

export interface NewsletterSenderOptions {
  db: Db;
  provider: MailProvider;
  logger: Logger;
  siteName: string;
  /** 'https://host': links in the email. */
  origin: string;
  /** The domain of the VERP return paths and the List-Unsubscribe mailto address. */
  bounceDomain: string;
  /** Most messages per batch (default SEND_BATCH, at most the provider's maxBatchSize): a batch is what a crash can send twice. */
  batchSize?: number;
  /** Batches in flight at once (each its own claim): overlaps the database's and the provider's waits. Default 2. */
  lanes?: number;
  /** A claim's lease in seconds (default LEASE_SECONDS): longer than a batch can take to send. */
  leaseSeconds?: number;
  /** Poll for sends queued by other processes. Default 5 s. */
  intervalMs?: number;
  startDelayMs?: number;
}

export interface NewsletterSender {
  /** Works until no send has anything due; resolves with the emails handed to the provider. */
  drain(): Promise<number>;
  /** Stops after the batches in flight (their ledger rows are committed SENT or FAILED). */
  stop(): Promise<void>;
}

type Secrets = { verp: Buffer; links: Buffer };

/**
 * Sends newsletters (README "Sending"): for each QUEUED or SENDING send, first the fan-out
 * (ledger rows for the newsletter's ACTIVE subscribers, a chunk per transaction, the cursor
 * moved in the same one), then the deliveries: a batch of due rows is claimed and committed
 * SENDING with a lease, handed to the provider, and committed SENT or FAILED with the send's
 * totals. Every step's state is in the database, so any worker resumes any send; memory holds
 * one batch and the send's two renderings.
 */
export function startNewsletterSender(opts: NewsletterSenderOptions): NewsletterSender {
  const { db, provider, logger } = opts;
  const lanes = Math.max(1, opts.lanes ?? 2);
  const batchSize = Math.max(1, Math.min(provider.maxBatchSize, opts.batchSize ?? SEND_BATCH));
  let stopped = false;
  let secrets: Secrets | null = null;
  const secretsOf = async () => (secrets ??= { verp: await siteSecretFor(db, 'verp'), links: await emailLinkSecret(db) });

  /** One lane: fan-out chunks first, then delivery batches, until nothing is due. */
  const lane = async (): Promise<number> => {
    let total = 0;
    while (!stopped) {
      const send = await nextSend(db);
      if (!send) break;
      // Fan-out chunks first; while another lane holds the fan-out, deliver what it recorded.
      if (!send.fanned_out && (await fanOut(db, send.id, FAN_OUT_CHUNK)) !== null) continue;
      const n = await deliverBatch({ ...opts, secrets: await secretsOf() }, send.id, batchSize);
      if (n === 0) {
        if (!send.fanned_out) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        // Nothing claimable: either finished (now marked) or every due row is leased by another lane.
        if (!(await finishIfDone(db, send.id))) break;
        forgetStoryEmails(send.id);
      }
      total += n;
    }
    return total;
  };

  const loop = startPeriodic({
    // Every lane ends before the pass does (a failing one does not leave the others running into the next pass).
    run: async () => {
      const ends = await Promise.allSettled(Array.from({ length: lanes }, lane));
      const failed = ends.find((e) => e.status === 'rejected');
      if (failed) throw failed.reason;
      return ends.reduce((a, e) => a + (e.status === 'fulfilled' ? e.value : 0), 0);
    },
    intervalMs: opts.intervalMs ?? 5000,
    startDelayMs: opts.startDelayMs ?? 0,
    logger: logger.child({ job: 'newsletter-sender' }),
    failureMessage: 'newsletter sending failed; the send resumes from its ledger on the next pass',
  });
  const off = onSendQueued(() => loop.trigger());
  return {
    drain: loop.now,
    async stop() {
      stopped = true;
      off();
      await loop.stop();
    },
  };
}

interface SendRef {
  id: string;
  fanned_out: boolean;
}

/** The oldest send with work: not fanned out, with due ledger rows (QUEUED, or SENDING past its lease), or finished but not marked. */
async function nextSend(db: Db): Promise<SendRef | null> {
  const { rows } = await db.execute<SendRef & Record<string, unknown>>(sql`
    select s.id, s.fanned_out from newsletter_sends s
    where s.state in ('QUEUED', 'SENDING')
      and (not s.fanned_out or exists (
        select 1 from newsletter_deliveries d where d.send_id = s.id
          and d.state in ('QUEUED', 'SENDING') and (d.lease_until is null or d.lease_until < now()))
        -- fanned out with nothing left in flight: it is due to be marked SENT
        or not exists (select 1 from newsletter_deliveries d where d.send_id = s.id and d.state in ('QUEUED', 'SENDING')))
    order by s.created_at, s.id limit 1`);
  return rows[0] ?? null;
}

/**
 * Records the next `chunk` ACTIVE subscribers after the send's cursor in the ledger, in one
 * transaction with the cursor's move: a crash repeats a chunk at worst, and the primary key
 * (send, subscriber) and the (post, address) key make the repeat write nothing. Suppressed
 * addresses get a SUPPRESSED row (counted, never mailed).
 */
export async function fanOut(db: Db, sendId: string, chunk: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ newsletter_id: string; post_id: string; cursor: string; fanned_out: boolean }>(sql`
      select newsletter_id, post_id, cursor, fanned_out from newsletter_sends where id = ${sendId} and state in ('QUEUED', 'SENDING') for update skip locked`);
    const send = locked[0];
    // Another worker is fanning it out (or it is done): null tells the caller so.
    if (!send || send.fanned_out) return null;
    const { rows } = await tx.execute<{ seen: number; last: string | null; queued: number; suppressed: number }>(sql`
      with next as (
        select s.id, lower(coalesce(s.email, u.email)) as address from newsletter_subscribers s
        left join users u on u.id = s.user_id
        where s.newsletter_id = ${send.newsletter_id} and s.state = 'ACTIVE' and s.id > ${send.cursor}
          and (s.user_id is null or u.deactivated_at is null)
        order by s.id limit ${chunk}
      ), ins as (
        insert into newsletter_deliveries (send_id, subscriber_id, post_id, address, state)
        select ${sendId}, n.id, ${send.post_id}, n.address,
          case when exists (select 1 from email_suppressions e where e.address = n.address and e.suppressed_at is not null) then 'SUPPRESSED' else 'QUEUED' end
        from next n where n.address is not null
        on conflict do nothing
        returning state
      )
      select (select count(*)::int from next) as seen, (select max(id) from next) as last,
        (select count(*)::int from ins where state = 'QUEUED') as queued, (select count(*)::int from ins where state = 'SUPPRESSED') as suppressed`);
    const r = rows[0]!;
    await tx.execute(sql`
      update newsletter_sends set state = 'SENDING', started_at = coalesce(started_at, now()),
        cursor = coalesce(${r.last}, cursor), fanned_out = ${r.seen < chunk},
        recipients = recipients + ${r.queued}, suppressed = suppressed + ${r.suppressed}
      where id = ${sendId}`);
    return r.seen;
  });
}

interface Claimed {
  subscriber_id: string;
  address: string;
  attempts: number;
  user_id: string | null;
  subscriber_state: string | null;
  token_version: number | null;
  member_tier: string | null;
  /** A raw select's timestamptz: text. */
  member_access_until: string | null;
}

type DeliverOptions = NewsletterSenderOptions & { secrets: Secrets };

/**
 * One batch of one send: claim (commit SENDING with a lease), send, record. The window between
 * the provider accepting a message and the commit of SENT is the only place a message can go
 * twice: a process killed there leaves its batch SENDING, and once the lease runs out the batch
 * is sent again with the same Message-ID (<nl-{send}-{subscriber}@host>), which receivers and
 * the ledger recognise. Never skipped: a row leaves SENDING only by a commit that says how it went.
 */
export async function deliverBatch(opts: DeliverOptions, sendId: string, batchSize: number): Promise<number> {
  const { db, provider } = opts;
  const { rows: claimed } = await db.execute<Claimed & Record<string, unknown>>(sql`
    with due as (
      select d.send_id, d.subscriber_id from newsletter_deliveries d
      where d.send_id = ${sendId} and d.state in ('QUEUED', 'SENDING') and (d.lease_until is null or d.lease_until < now())
      order by d.subscriber_id limit ${batchSize} for update skip locked
    ), claimed as (
      update newsletter_deliveries d set state = 'SENDING', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${opts.leaseSeconds ?? LEASE_SECONDS})
      from due where d.send_id = due.send_id and d.subscriber_id = due.subscriber_id
      returning d.subscriber_id, d.address, d.attempts
    )
    select c.subscriber_id, c.address, c.attempts, s.user_id, s.state as subscriber_state, s.token_version, u.member_tier, u.member_access_until
    from claimed c left join newsletter_subscribers s on s.id = c.subscriber_id left join users u on u.id = s.user_id`);
  if (claimed.length === 0) return 0;
  const emails = await storyEmailFor(db, sendId, opts);
  if (!emails) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update newsletter_sends set state = 'FAILED', reason = 'post-gone', finished_at = now() where id = ${sendId}`);
      await tx.execute(sql`update newsletter_deliveries set state = 'FAILED', error = 'post-gone', lease_until = null where send_id = ${sendId} and state in ('QUEUED', 'SENDING')`);
    });
    return 0;
  }
  // A reader who unsubscribed since the fan-out gets nothing (changes apply at once).
  const gone = claimed.filter((c) => c.subscriber_state !== 'ACTIVE');
  const live = claimed.filter((c) => c.subscriber_state === 'ACTIVE');
  const messages = live.map((c) => messageFor(opts, emails, sendId, c));
  // A provider that throws tried nothing: the rows stay SENDING and go again when the lease runs out.
  const results = messages.length ? await provider.send(messages) : [];
  await record(db, sendId, live, results, gone);
  return claimed.length;
}

const ledgerRef = (sendId: string, subscriberId: string) => `${sendId}-${subscriberId}`;
/** The Message-ID's local part: one per ledger row, so a resend after a crash is the same message. */
export const deliveryMessageId = (sendId: string, subscriberId: string) => `nl-${sendId}-${subscriberId}`;

function messageFor(opts: DeliverOptions, emails: StoryEmails, sendId: string, c: Claimed): OutgoingMessage {
  const { secrets, origin, bounceDomain } = opts;
  const token = subscriberToken(secrets.links, 'unsubscribe', c.subscriber_id, c.token_version ?? 0);
  const unsubscribeUrl = `${origin}${unsubscribePath(token)}`;
  // Readers without an account have no settings page: their link is the unsubscribe page.
  const emailSettingsUrl = c.user_id ? `${origin}${emailSettingsPath(c.user_id, emailSettingsHash(secrets.links, c.user_id))}` : unsubscribeUrl;
  const member = c.user_id !== null && hasMemberAccess({ memberTier: c.member_tier, memberAccessUntil: c.member_access_until ? new Date(c.member_access_until) : null });
  const rendered = (member || !emails.isLocked ? emails.whole : emails.preview).forRecipient({ unsubscribeUrl, emailSettingsUrl });
  return {
    id: deliveryMessageId(sendId, c.subscriber_id),
    to: c.address,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    kind: 'newsletter',
    returnPath: verpAddress(secrets.verp, c.address, bounceDomain, ledgerRef(sendId, c.subscriber_id)),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${unsubscribeMailbox(token, bounceDomain)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${emails.listName.replace(/[\r\n<>"]/g, ' ')} <${emails.newsletterId}.newsletters.${bounceDomain}>`,
    },
  };
}

/**
 * Commits how the batch went, guarded by the claim (state SENDING and this attempt): a row whose
 * lease ran out and was claimed again elsewhere is that claim's to record, so totals count once.
 */
async function record(db: Db, sendId: string, live: Claimed[], results: SendResult[], gone: Claimed[]): Promise<void> {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows = live.map((c) => {
    const r = byId.get(deliveryMessageId(sendId, c.subscriber_id));
    const state = r?.ok ? 'SENT' : !r?.permanent && c.attempts < MAX_DELIVERY_ATTEMPTS ? 'QUEUED' : 'FAILED';
    return { id: c.subscriber_id, attempts: c.attempts, state, pmid: r?.providerMessageId ?? null, error: r?.ok ? null : (r?.error ?? 'no result').slice(0, 500) };
  });
  for (const c of gone) rows.push({ id: c.subscriber_id, attempts: c.attempts, state: 'UNSUBSCRIBED', pmid: null, error: null });
  await db.transaction(async (tx) => {
    const { rows: done } = await tx.execute<{ state: string; n: number }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, attempts int, state text, pmid text, error text)
      ), upd as (
        update newsletter_deliveries d set state = i.state, provider_message_id = i.pmid, error = i.error,
          lease_until = case when i.state = 'QUEUED' then now() + make_interval(secs => 30 * i.attempts) end, sent_at = case when i.state = 'SENT' then now() else d.sent_at end
        from input i where d.send_id = ${sendId} and d.subscriber_id = i.id and d.state = 'SENDING' and d.attempts = i.attempts
        returning i.state
      )
      select state, count(*)::int as n from upd group by state`);
    const n = (s: string) => done.find((d) => d.state === s)?.n ?? 0;
    await tx.execute(sql`
      update newsletter_sends set sent = sent + ${n('SENT')}, failed = failed + ${n('FAILED')}, unsubscribed = unsubscribed + ${n('UNSUBSCRIBED')},
        recipients = recipients - ${n('UNSUBSCRIBED')}
      where id = ${sendId}`);
  });
}

/** Marks a fanned-out send SENT when no ledger row is due or in flight; says whether it did. */
async function finishIfDone(db: Db, sendId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    update newsletter_sends s set state = 'SENT', finished_at = now()
    where s.id = ${sendId} and s.state = 'SENDING' and s.fanned_out
      and not exists (select 1 from newsletter_deliveries d where d.send_id = s.id and d.state in ('QUEUED', 'SENDING'))
    returning s.id`);
  return rows.length > 0;
}
