import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { newId } from '../../platform/ids.js';
import { consentNotice, NEWSLETTER_COLUMNS, NEWSLETTER_MESSAGES, type ConsentAction, type NewsletterRow, type SubscriberSource, type SubscriberState } from './model.js';
import { newsletterById, writerNewsletter } from './queries.js';

const cols = sql.raw(NEWSLETTER_COLUMNS);
type Tx = Db | DbTransaction;

/**
 * Spec §7 fetchOrLazilyCreateNewsletterV3…: the writer's newsletter, made on first use (every
 * writer has one). Named after the writer; its slug is their username (or id) at creation.
 * Concurrent first uses make one row (the unique index on writers' newsletters).
 */
export async function ensureWriterNewsletter(db: Tx, userId: string): Promise<NewsletterRow | null> {
  const existing = await writerNewsletter(db, userId);
  if (existing) return existing;
  const { rows } = await db.execute(sql`
    insert into newsletters (id, type, user_id, slug, name)
    select ${newId()}, 'USER', u.id, lower(coalesce(u.username, u.id)), coalesce(nullif(u.name, ''), u.username, 'Newsletter')
    from users u where u.id = ${userId}
    on conflict (user_id) where type = 'USER' do nothing
    returning ${cols}`);
  return (rows[0] as unknown as NewsletterRow | undefined) ?? writerNewsletter(db, userId);
}

/** Who a subscription is for: a signed-in reader, or an address without an account. */
export type Subscriber = { userId: string } | { email: string };

export interface SubscriptionChange {
  newsletterId: string;
  who: Subscriber;
  state: SubscriberState;
  /** Kept from the first subscription; only used when the row is new. */
  source: SubscriberSource;
  /** Recorded in newsletter_consents when given (the §5 notice, where, from which address). */
  consent?: { action: ConsentAction; notice: string; source: string; ip?: string | null; userAgent?: string | null };
  shareEmail?: boolean;
}

export interface SubscriptionResult {
  subscriberId: string;
  previous: SubscriberState | null;
  state: SubscriberState;
}

/**
 * The one write of a subscription's state (subscribe, confirm, unsubscribe, import), in the
 * caller's transaction: upserts the subscriber row, keeps newsletters.subscriber_count (ACTIVE
 * rows) in step, and records the consent line. Idempotent: the same state again changes nothing
 * and records no second consent line. Email addresses are stored lowercase.
 */
export async function setSubscription(tx: DbTransaction, change: SubscriptionChange): Promise<SubscriptionResult> {
  const userId = 'userId' in change.who ? change.who.userId : null;
  const email = 'email' in change.who ? change.who.email.trim().toLowerCase() : null;
  const match = userId ? sql`user_id = ${userId}` : sql`user_id is null and email = ${email}`;
  const { rows: found } = await tx.execute<{ id: string; state: SubscriberState }>(
    sql`select id, state from newsletter_subscribers where newsletter_id = ${change.newsletterId} and ${match} for update`,
  );
  const previous = found[0]?.state ?? null;
  let subscriberId = found[0]?.id;
  if (previous === change.state && subscriberId) return { subscriberId, previous, state: change.state };
  if (!subscriberId) {
    subscriberId = newId();
    await tx.execute(sql`
      insert into newsletter_subscribers (id, newsletter_id, user_id, email, state, source, share_email, confirmed_at, unsubscribed_at)
      values (${subscriberId}, ${change.newsletterId}, ${userId}, ${email}, ${change.state}, ${change.source}, ${change.shareEmail ?? true},
        ${change.state === 'ACTIVE' ? sql`now()` : null}, ${change.state === 'UNSUBSCRIBED' ? sql`now()` : null})`);
  } else {
    await tx.execute(sql`
      update newsletter_subscribers set state = ${change.state}, updated_at = now(),
        token_version = token_version + case when ${previous} = 'UNSUBSCRIBED' and ${change.state} <> 'UNSUBSCRIBED' then 1 else 0 end,
        share_email = coalesce(${change.shareEmail ?? null}::boolean, share_email),
        confirmed_at = case when ${change.state} = 'ACTIVE' then now() else confirmed_at end,
        unsubscribed_at = case when ${change.state} = 'UNSUBSCRIBED' then now() else null end
      where id = ${subscriberId}`);
  }
  const delta = (change.state === 'ACTIVE' ? 1 : 0) - (previous === 'ACTIVE' ? 1 : 0);
  if (delta !== 0) await tx.execute(sql`update newsletters set subscriber_count = subscriber_count + ${delta} where id = ${change.newsletterId}`);
  if (change.consent) {
    const address = email ?? (await tx.execute<{ email: string | null }>(sql`select email from users where id = ${userId}`)).rows[0]?.email ?? '';
    await tx.execute(sql`
      insert into newsletter_consents (id, subscriber_id, action, email, notice, source, ip, user_agent)
      values (${newId()}, ${subscriberId}, ${change.consent.action}, ${address}, ${change.consent.notice}, ${change.consent.source},
        ${change.consent.ip ?? null}, ${change.consent.userAgent?.slice(0, 500) ?? null})`);
  }
  return { subscriberId, previous, state: change.state };
}

export type NewsletterOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found' | 'forbidden' | 'bad-request'; message: string };

export interface ReaderSubscribeInput {
  newsletterId: string;
  readerId: string;
  /** Spec §7 shouldRecordConsent: the reader saw the §5 notice; record it as consent proof. */
  recordConsent: boolean;
  /** Where it happened (the page path), the client's address and agent, for the consent record. */
  source: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** The name a consent notice gives: the writer's or the publication's. */
export async function ownerName(tx: Tx, n: NewsletterRow): Promise<string> {
  const { rows } = n.collectionId
    ? await tx.execute<{ name: string }>(sql`select name from publications where id = ${n.collectionId}`)
    : await tx.execute<{ name: string }>(sql`select coalesce(nullif(name, ''), username, 'the writer') as name from users where id = ${n.userId}`);
  return rows[0]?.name ?? n.name;
}

/**
 * Spec §7 subscribeNewsletterV3 for a signed-in reader: one click, no confirmation email (the
 * account's address is verified). A writer cannot subscribe to their own newsletter; a reader
 * without an address on the account is refused with a message.
 */
export async function subscribeReader(db: Db, input: ReaderSubscribeInput): Promise<NewsletterOutcome<NewsletterRow>> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`select ${cols} from newsletters where id = ${input.newsletterId} for share`);
    const n = rows[0] as unknown as NewsletterRow | undefined;
    if (!n) return { kind: 'not-found', message: NEWSLETTER_MESSAGES.notFound };
    if (n.type === 'USER' && n.userId === input.readerId) return { kind: 'forbidden', message: NEWSLETTER_MESSAGES.ownNewsletter };
    const { rows: reader } = await tx.execute<{ email: string | null }>(sql`select email from users where id = ${input.readerId}`);
    if (!reader[0]?.email) return { kind: 'bad-request', message: NEWSLETTER_MESSAGES.noAddress };
    const notice = consentNotice(await ownerName(tx, n));
    await setSubscription(tx, {
      newsletterId: n.id,
      who: { userId: input.readerId },
      state: 'ACTIVE',
      source: 'ONE_CLICK',
      shareEmail: input.recordConsent ? true : undefined,
      consent: { action: 'SUBSCRIBE', notice: input.recordConsent ? notice : '', source: input.source, ip: input.ip, userAgent: input.userAgent },
    });
    return { kind: 'ok', value: (await newsletterById(tx, n.id))! };
  });
}

/** Spec §7 unsubscribeNewsletterV3 for a signed-in reader. Idempotent. */
export async function unsubscribeReader(db: Db, input: Omit<ReaderSubscribeInput, 'recordConsent'>): Promise<NewsletterOutcome<NewsletterRow>> {
  return db.transaction(async (tx) => {
    const n = await newsletterById(tx, input.newsletterId);
    if (!n) return { kind: 'not-found', message: NEWSLETTER_MESSAGES.notFound };
    const { rows } = await tx.execute(sql`select 1 from newsletter_subscribers where newsletter_id = ${n.id} and user_id = ${input.readerId}`);
    if (rows.length) {
      await setSubscription(tx, {
        newsletterId: n.id,
        who: { userId: input.readerId },
        state: 'UNSUBSCRIBED',
        source: 'ONE_CLICK',
        consent: { action: 'UNSUBSCRIBE', notice: '', source: input.source, ip: input.ip, userAgent: input.userAgent },
      });
    }
    return { kind: 'ok', value: (await newsletterById(tx, n.id))! };
  });
}

/**
 * setSubscription for a batch of imported addresses (an import of 100k rows cannot afford five
 * statements per row): each address becomes an ACTIVE IMPORT subscriber (a PENDING one is made
 * ACTIVE; an ACTIVE or UNSUBSCRIBED one is left as it is: the import's validation has skipped
 * those), the count moves by the rows added, and each gets an IMPORT consent line with the
 * writer's attestation. Returns the subscribers it added or activated.
 */
export async function importSubscribers(
  tx: DbTransaction,
  batch: { newsletterId: string; emails: string[]; notice: string; source: string },
): Promise<{ id: string; email: string; token_version: number }[]> {
  if (!batch.emails.length) return [];
  const { rows: added } = await tx.execute<{ id: string; email: string; token_version: number }>(sql`
    insert into newsletter_subscribers as s (id, newsletter_id, email, state, source, share_email, confirmed_at)
    select id, ${batch.newsletterId}, email, 'ACTIVE', 'IMPORT', true, now()
    from unnest(${sql.param(batch.emails.map(() => newId()))}::text[], ${sql.param(batch.emails.map((e) => e.trim().toLowerCase()))}::text[]) as t(id, email)
    on conflict (newsletter_id, email) where user_id is null
      do update set state = 'ACTIVE', confirmed_at = now(), updated_at = now() where s.state = 'PENDING'
    returning s.id, s.email, s.token_version`);
  if (!added.length) return [];
  await tx.execute(sql`update newsletters set subscriber_count = subscriber_count + ${added.length} where id = ${batch.newsletterId}`);
  await tx.execute(sql`insert into newsletter_consents (id, subscriber_id, action, email, notice, source)
    select id, subscriber_id, 'IMPORT', email, ${batch.notice}, ${batch.source}
    from unnest(${sql.param(added.map(() => newId()))}::text[], ${sql.param(added.map((a) => a.id))}::text[], ${sql.param(added.map((a) => a.email))}::text[])
      as t(id, subscriber_id, email)`);
  return added;
}
