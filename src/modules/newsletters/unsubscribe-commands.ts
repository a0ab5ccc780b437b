import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { ownerName, setSubscription } from './commands.js';
import { readerSubscriberRows } from './email-settings-queries.js';
import { emailLinkSecret, readSubscriberToken, subscriberToken } from './links.js';
import { consentNotice, type NewsletterRow, type SubscriberSource, type SubscriberState } from './model.js';
import { newsletterById } from './queries.js';

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid.',
  expiredLink: 'This link is from an email sent before you subscribed again, so it no longer works. Use the link in a newer email.',
  invalidSettingsLink: 'This email settings link is not valid.',
  signIn: 'Sign in to manage your newsletter subscriptions.',
  unsubscribedAll: "You've unsubscribed from all newsletters.",
  unsubscribedAllAuthors: "You've unsubscribed from all author newsletters.",
  notSubscribed: 'You are not subscribed to this newsletter.',
} as const;

/** Where an unsubscribe came from, for its consent line: 'list-unsubscribe', 'email-link', a page path. */
export interface UnsubscribeOrigin {
  source: string;
  ip?: string | null;
  userAgent?: string | null;
}

interface SubscriberRow {
  id: string;
  newsletterId: string;
  userId: string | null;
  email: string | null;
  state: SubscriberState;
  source: SubscriberSource;
  tokenVersion: number;
}

export type TokenOutcome =
  | { kind: 'ok'; newsletter: NewsletterRow; subscriberId: string; state: SubscriberState; changed: boolean }
  /** Forged, malformed, or the subscriber row is gone. */
  | { kind: 'invalid' }
  /** Signed for an older subscription: the reader subscribed again since that email. */
  | { kind: 'expired'; newsletter: NewsletterRow };

async function lockSubscriber(tx: DbTransaction, id: string): Promise<SubscriberRow | null> {
  const { rows } = await tx.execute(sql`
    select id, newsletter_id as "newsletterId", user_id as "userId", email, state, source, token_version as "tokenVersion"
    from newsletter_subscribers where id = ${id} for update`);
  return (rows[0] as unknown as SubscriberRow | undefined) ?? null;
}

const who = (row: SubscriberRow) => (row.userId ? { userId: row.userId } : { email: row.email! });

async function unsubscribeRow(tx: DbTransaction, row: SubscriberRow, origin: UnsubscribeOrigin): Promise<void> {
  await setSubscription(tx, {
    newsletterId: row.newsletterId,
    who: who(row),
    state: 'UNSUBSCRIBED',
    source: row.source,
    consent: { action: 'UNSUBSCRIBE', notice: '', source: origin.source, ip: origin.ip, userAgent: origin.userAgent },
  });
}

/** Reads a subscriber token and locks its row; the row's token_version must still be the token's. */
async function withTokenRow(db: Db, token: string, act: (tx: DbTransaction, row: SubscriberRow, n: NewsletterRow) => Promise<TokenOutcome>): Promise<TokenOutcome> {
  const link = readSubscriberToken(await emailLinkSecret(db), 'unsubscribe', token);
  if (!link) return { kind: 'invalid' };
  return db.transaction(async (tx) => {
    const row = await lockSubscriber(tx, link.subscriberId);
    const n = row && (await newsletterById(tx, row.newsletterId));
    if (!row || !n) return { kind: 'invalid' };
    if (row.tokenVersion !== link.version) return { kind: 'expired', newsletter: n };
    return act(tx, row, n);
  });
}

/**
 * RFC 8058 one-click (List-Unsubscribe-Post), the footer page's button and the mailto address:
 * the signed token alone decides. Unsubscribing again while unsubscribed changes nothing and
 * records no second consent line.
 */
export function unsubscribeByToken(db: Db, token: string, origin: UnsubscribeOrigin): Promise<TokenOutcome> {
  return withTokenRow(db, token, async (tx, row, n) => {
    if (row.state === 'UNSUBSCRIBED') return { kind: 'ok', newsletter: n, subscriberId: row.id, state: row.state, changed: false };
    await unsubscribeRow(tx, row, origin);
    return { kind: 'ok', newsletter: (await newsletterById(tx, n.id))!, subscriberId: row.id, state: 'UNSUBSCRIBED', changed: true };
  });
}

/**
 * "Resubscribe" on the footer page after unsubscribing there: only while that subscription is
 * still unsubscribed under the same token version. It records the §5 notice the page shows, and
 * the token version moves on, so the answer carries the new unsubscribe token for the page.
 */
export async function resubscribeByToken(db: Db, token: string, origin: UnsubscribeOrigin): Promise<TokenOutcome & { token?: string }> {
  const outcome = await withTokenRow(db, token, async (tx, row, n) => {
    if (row.state !== 'UNSUBSCRIBED') return { kind: 'ok', newsletter: n, subscriberId: row.id, state: row.state, changed: false };
    await setSubscription(tx, {
      newsletterId: n.id,
      who: who(row),
      state: 'ACTIVE',
      source: row.source,
      consent: { action: 'SUBSCRIBE', notice: consentNotice(await ownerName(tx, n)), source: origin.source, ip: origin.ip, userAgent: origin.userAgent },
    });
    return { kind: 'ok', newsletter: (await newsletterById(tx, n.id))!, subscriberId: row.id, state: 'ACTIVE', changed: true };
  });
  if (outcome.kind !== 'ok') return outcome;
  const { rows } = await db.execute<{ v: number }>(sql`select token_version as v from newsletter_subscribers where id = ${outcome.subscriberId}`);
  return { ...outcome, token: subscriberToken(await emailLinkSecret(db), 'unsubscribe', outcome.subscriberId, rows[0]!.v) };
}

/**
 * The List-Unsubscribe mailto variant: a message to `unsubscribe+{token}@{bounce domain}`,
 * handed over by the inbound listener with the address's local part. Anything else is not ours.
 */
export function unsubscribeByMailbox(db: Db, localPart: string, origin: Omit<UnsubscribeOrigin, 'source'> = {}): Promise<TokenOutcome> {
  const m = /^unsubscribe\+(.+)$/i.exec(localPart.trim());
  if (!m) return Promise.resolve({ kind: 'invalid' });
  return unsubscribeByToken(db, m[1]!, { ...origin, source: 'list-unsubscribe-mailto' });
}

/** What an unsubscribe link shows before anything is done (GET must not unsubscribe: link scanners follow them). */
export async function unsubscribeLinkState(db: Db, token: string): Promise<{ newsletter: NewsletterRow; state: SubscriberState; expired: boolean; userId: string | null } | null> {
  const link = readSubscriberToken(await emailLinkSecret(db), 'unsubscribe', token);
  if (!link) return null;
  const { rows } = await db.execute<{ state: SubscriberState; v: number; user_id: string | null; newsletter_id: string }>(
    sql`select state, token_version as v, user_id, newsletter_id from newsletter_subscribers where id = ${link.subscriberId}`,
  );
  const row = rows[0];
  const n = row && (await newsletterById(db, row.newsletter_id));
  if (!row || !n) return null;
  return { newsletter: n, state: row.state, expired: row.v !== link.version, userId: row.user_id };
}

/**
 * "Unsubscribe from all author newsletters" (writers' only) or "all newsletters" (publications'
 * too), at once (spec §9 allows a day): one consent line per subscription ended. Returns how many.
 */
export async function unsubscribeAll(db: Db, userId: string, scope: 'authors' | 'all', origin: UnsubscribeOrigin): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      select s.id from newsletter_subscribers s join newsletters n on n.id = s.newsletter_id
      where s.state <> 'UNSUBSCRIBED' and ${readerSubscriberRows(userId)} ${scope === 'authors' ? sql`and n.type = 'USER'` : sql``}
      order by s.id`);
    let count = 0;
    for (const { id } of rows as { id: string }[]) {
      const row = await lockSubscriber(tx, id);
      if (!row || row.state === 'UNSUBSCRIBED') continue;
      await unsubscribeRow(tx, row, origin);
      count++;
    }
    return count;
  });
}

/** The email settings page's Unsubscribe beside one newsletter: the reader's rows for it (as a user and by address). */
export async function unsubscribeReaderFrom(db: Db, userId: string, newsletterId: string, origin: UnsubscribeOrigin): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      select s.id from newsletter_subscribers s where s.newsletter_id = ${newsletterId} and s.state <> 'UNSUBSCRIBED' and ${readerSubscriberRows(userId)} order by s.id`);
    for (const { id } of rows as { id: string }[]) {
      const row = await lockSubscriber(tx, id);
      if (row && row.state !== 'UNSUBSCRIBED') await unsubscribeRow(tx, row, origin);
    }
    return rows.length > 0;
  });
}

/** Spec §3 allowEmailAddressSharingEditorWriter, set by the reader. */
export async function setAllowEmailSharing(db: Db | DbTransaction, userId: string, allow: boolean): Promise<void> {
  await db.execute(sql`
    insert into reader_email_preferences (user_id, allow_email_sharing) values (${userId}, ${allow})
    on conflict (user_id) do update set allow_email_sharing = excluded.allow_email_sharing, updated_at = now()`);
}

