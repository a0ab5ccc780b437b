import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { enqueueEmail, type DbTransaction } from '../../platform/mail/outbox.js';
import { renderConfirmationEmail } from './email-render.js';
import { normalizeEmail } from '../accounts/validation.js';
import { ownerName, setSubscription, type NewsletterOutcome, type Subscriber } from './commands.js';
import { confirmSubscriptionPath, emailLinkSecret, readSubscriberToken, subscriberToken } from './links.js';
import { consentNotice, NEWSLETTER_COLUMNS, NEWSLETTER_MESSAGES, type NewsletterRow, type SubscriberState } from './model.js';
import { newsletterById } from './queries.js';

const cols = sql.raw(NEWSLETTER_COLUMNS);

/**
 * What NewsletterV3PublicationSubscribeByEmail's SusiMethod says: a confirmation email is on its
 * way (or, for an address that was already subscribed, nothing needed doing). The answer is the
 * same whether or not the address has an account or a subscription, so the form tells a visitor
 * nothing about other people's addresses.
 */
export const EMAIL_CONFIRMATION_SENT = 'EMAIL_CONFIRMATION_SENT';

export const EMAIL_SUBSCRIBE_MESSAGES = {
  invalidLink: 'This confirmation link is not valid. It may have been mistyped, or replaced by a newer one: subscribe again to get a new link.',
  expiredLink: 'This confirmation link has expired: subscribe again to get a new link.',
} as const;

export interface EmailSubscribeInput {
  newsletterId: string;
  email: string;
  /** Where the form was (the page path), the client's address and agent, for the consent record. */
  source: string;
  ip?: string | null;
  userAgent?: string | null;
  /** Absolute origin of this site (links in the email). */
  origin: string;
  siteName: string;
  /** Where the confirmation link leads once confirmed (a path on this site), else the newsletter's page. */
  redirect?: string | null;
  /** False when a confirmation email for this address and newsletter went out a few minutes ago. */
  mayResend: boolean;
}

export type EmailSubscribeOutcome = NewsletterOutcome<{ newsletter: NewsletterRow; emailed: boolean }>;

/**
 * Spec §7 NewsletterV3PublicationSubscribeByEmail, double opt-in: the address becomes a PENDING
 * subscriber with the §5 notice recorded as its consent, and a confirmation email goes out in the
 * same transaction. An address that belongs to an account becomes that account's subscription
 * (mail then follows the account's address); the visitor is told the same either way. An
 * address already ACTIVE stays so (nothing is sent); a PENDING one gets the email again unless
 * one went out a few minutes ago (mayResend).
 */
export async function subscribeByEmail(db: Db, input: EmailSubscribeInput): Promise<EmailSubscribeOutcome> {
  const email = normalizeEmail(input.email);
  if (!email) return { kind: 'bad-request', message: NEWSLETTER_MESSAGES.invalidEmail };
  const secret = await emailLinkSecret(db);
  const outcome = await db.transaction(async (tx): Promise<EmailSubscribeOutcome> => {
    const { rows } = await tx.execute(sql`select ${cols} from newsletters where id = ${input.newsletterId} for share`);
    const n = rows[0] as unknown as NewsletterRow | undefined;
    if (!n) return { kind: 'not-found', message: NEWSLETTER_MESSAGES.notFound };
    const { rows: account } = await tx.execute<{ id: string }>(sql`select id from users where email = ${email} limit 1`);
    // The writer's own address: as with one click, nobody subscribes to their own newsletter (answered as sent, nothing done).
    if (n.type === 'USER' && account[0]?.id === n.userId) return { kind: 'ok', value: { newsletter: n, emailed: false } };
    const who: Subscriber = account[0] ? { userId: account[0].id } : { email };
    const current = await currentState(tx, n.id, who);
    if (current === 'ACTIVE') return { kind: 'ok', value: { newsletter: n, emailed: false } };
    if (current === 'PENDING' && !input.mayResend) return { kind: 'ok', value: { newsletter: n, emailed: false } };
    const owner = await ownerName(tx, n);
    const change = await setSubscription(tx, {
      newsletterId: n.id,
      who,
      state: 'PENDING',
      source: 'EMAIL_FORM',
      shareEmail: true,
      consent: { action: 'SUBSCRIBE', notice: consentNotice(owner), source: input.source, ip: input.ip, userAgent: input.userAgent },
    });
    const { rows: version } = await tx.execute<{ token_version: number }>(sql`select token_version from newsletter_subscribers where id = ${change.subscriberId}`);
    const url = `${input.origin}${confirmSubscriptionPath(subscriberToken(secret, 'confirm', change.subscriberId, version[0]!.token_version))}${input.redirect ? `?redirect=${encodeURIComponent(input.redirect)}` : ''}`;
    await enqueueEmail(tx, { to: email, kind: 'newsletter-confirm', ...renderConfirmationEmail({ siteName: input.siteName, newsletterName: n.name, ownerName: owner, confirmUrl: url }) });
    return { kind: 'ok', value: { newsletter: n, emailed: true } };
  });
  return outcome;
}

async function currentState(tx: DbTransaction, newsletterId: string, who: Subscriber): Promise<SubscriberState | null> {
  const match = 'userId' in who ? sql`user_id = ${who.userId}` : sql`user_id is null and email = ${who.email}`;
  const { rows } = await tx.execute<{ state: SubscriberState }>(sql`select state from newsletter_subscribers where newsletter_id = ${newsletterId} and ${match} for update`);
  return rows[0]?.state ?? null;
}

export interface ConfirmInput {
  token: string;
  source: string;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * GET /_/newsletters/confirm/{token}: a valid link turns its PENDING subscriber ACTIVE and records
 * the CONFIRM consent; opening it again is fine (already ACTIVE). A forged link, or one for an
 * older subscription (token_version moved on) or one that was unsubscribed since, is refused.
 */
export async function confirmSubscription(db: Db, input: ConfirmInput): Promise<NewsletterOutcome<NewsletterRow>> {
  const read = readSubscriberToken(await emailLinkSecret(db), 'confirm', input.token);
  if (!read) return { kind: 'not-found', message: EMAIL_SUBSCRIBE_MESSAGES.invalidLink };
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ newsletter_id: string; user_id: string | null; email: string | null; state: SubscriberState; token_version: number }>(
      sql`select newsletter_id, user_id, email, state, token_version from newsletter_subscribers where id = ${read.subscriberId} for update`,
    );
    const s = rows[0];
    if (!s) return { kind: 'not-found', message: EMAIL_SUBSCRIBE_MESSAGES.invalidLink };
    if (s.token_version !== read.version || s.state === 'UNSUBSCRIBED') return { kind: 'bad-request', message: EMAIL_SUBSCRIBE_MESSAGES.expiredLink };
    if (s.state === 'PENDING') {
      await setSubscription(tx, {
        newsletterId: s.newsletter_id,
        who: s.user_id ? { userId: s.user_id } : { email: s.email! },
        state: 'ACTIVE',
        source: 'EMAIL_FORM',
        consent: { action: 'CONFIRM', notice: '', source: input.source, ip: input.ip, userAgent: input.userAgent },
      });
    }
    return { kind: 'ok', value: (await newsletterById(tx, s.newsletter_id))! };
  });
}
