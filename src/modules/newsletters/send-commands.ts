import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { enqueueEmail } from '../../platform/mail/outbox.js';
import { newId } from '../../platform/ids.js';
import { readableParagraphs, type Paragraph } from '../../shared/paragraphs.js';
import { ensureWriterNewsletter, setSubscription } from './commands.js';
import { publicationNewsletters } from './queries.js';
import { renderStory } from './send-render.js';
import type { NewsletterOutcome } from './commands.js';

type Tx = Db | DbTransaction;

/** Messages of the sending commands. */
export const SEND_MESSAGES = {
  notFound: 'Post not found.',
  forbidden: 'Only the writer of this story can do that.',
  noAddress: 'Add an email address to your account in Settings to get a test email.',
  tooMany: 'You have sent several test emails just now. Try again in a few minutes.',
  testSent: (address: string) => `A test email is on its way to ${address}.`,
} as const;

interface PublishedFacts {
  creator_id: string;
  collection_id: string | null;
  visibility: string;
  is_story: boolean;
  live: boolean;
  send_email: boolean | null;
}

/**
 * On a story's first publication ('post.published'), in the event's transaction: one send row
 * per newsletter it goes to — the writer's always (made on first use), and each newsletter of the
 * publication it appears in. Only rows: the sender does the fan-out. SKIPPED rows record why a
 * story was not emailed (the writer opted out, or it is not for everyone). Idempotent.
 */
export async function queueSendsForPost(tx: DbTransaction, postId: string): Promise<number> {
  const { rows } = await tx.execute<PublishedFacts & Record<string, unknown>>(sql`
    select p.creator_id, p.collection_id, p.visibility, (p.in_response_to_post_id is null and p.in_response_to_catalog_id is null) as is_story,
      (p.deleted_at is null and p.first_published_at is not null) as live, o.send_email
    from posts p left join newsletter_post_options o on o.post_id = p.id where p.id = ${postId}`);
  const post = rows[0];
  if (!post || !post.is_story || !post.live) return 0;
  const writer = await ensureWriterNewsletter(tx, post.creator_id);
  const targets = [...(writer ? [writer] : []), ...(post.collection_id ? await publicationNewsletters(tx, post.collection_id) : [])];
  // PUBLIC and member-only stories are for everyone (a member-only one as its preview); unlisted and private ones are not mailed.
  const reason = post.send_email === false ? 'opted-out' : post.visibility !== 'PUBLIC' && post.visibility !== 'LOCKED' ? 'not-public' : null;
  let queued = 0;
  for (const n of targets) {
    const { rows: made } = await tx.execute(sql`
      insert into newsletter_sends (id, newsletter_id, post_id, state, reason, finished_at)
      values (${newId()}, ${n.id}, ${postId}, ${reason ? 'SKIPPED' : 'QUEUED'}, ${reason}, ${reason ? sql`now()` : null})
      on conflict (newsletter_id, post_id) do nothing returning id`);
    if (made.length && !reason) queued++;
  }
  return queued;
}

/** The writer of a story, or null when there is no such story. */
async function creatorOf(db: Tx, postId: string): Promise<string | null> {
  const { rows } = await db.execute<{ creator_id: string }>(sql`select creator_id from posts where id = ${postId} and deleted_at is null`);
  return rows[0]?.creator_id ?? null;
}

/** Whether the story will be (or was) emailed: the writer's choice, on by default. */
export async function postSendsEmail(db: Tx, postId: string): Promise<boolean> {
  const { rows } = await db.execute<{ send_email: boolean }>(sql`select send_email from newsletter_post_options where post_id = ${postId}`);
  return rows[0]?.send_email ?? true;
}

/** The publish dialog's "Email this story to my subscribers": the writer's choice for one story, before it is published. */
export async function setPostSendsEmail(db: Db, viewerId: string, postId: string, sendEmail: boolean): Promise<NewsletterOutcome<boolean>> {
  const creator = await creatorOf(db, postId);
  if (!creator) return { kind: 'not-found', message: SEND_MESSAGES.notFound };
  if (creator !== viewerId) return { kind: 'forbidden', message: SEND_MESSAGES.forbidden };
  await db.execute(sql`
    insert into newsletter_post_options (post_id, send_email) values (${postId}, ${sendEmail})
    on conflict (post_id) do update set send_email = excluded.send_email, updated_at = now()`);
  return { kind: 'ok', value: sendEmail };
}

export interface TestEmailSite {
  siteName: string;
  origin: string;
}

/**
 * "Send a test email first": the story as its subscribers will get it (whole), to the writer's
 * own address only, through the transactional outbox (it shows in the dev mailbox). Works on a
 * draft: it renders the latest saved revision. The caller rate-limits it.
 */
export async function sendTestEmail(db: Db, viewerId: string, postId: string, site: TestEmailSite): Promise<NewsletterOutcome<string>> {
  const creator = await creatorOf(db, postId);
  if (!creator) return { kind: 'not-found', message: SEND_MESSAGES.notFound };
  if (creator !== viewerId) return { kind: 'forbidden', message: SEND_MESSAGES.forbidden };
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ email: string | null; title: string; subtitle: string; paragraphs: Paragraph[]; slug: string; is_locked: boolean; reading_time: number; name: string; username: string | null }>(sql`
      select u.email, coalesce(r.title, p.title) as title, coalesce(r.subtitle, p.subtitle) as subtitle, coalesce(r.paragraphs, p.paragraphs) as paragraphs,
        p.slug, p.is_locked, p.reading_time, coalesce(nullif(u.name, ''), u.username, '') as name, u.username
      from posts p join users u on u.id = p.creator_id left join post_revisions r on r.post_id = p.id and r.rev = p.latest_rev
      where p.id = ${postId}`);
    const r = rows[0]!;
    if (!r.email) return { kind: 'bad-request', message: SEND_MESSAGES.noAddress };
    const newsletter = await ensureWriterNewsletter(tx, viewerId);
    const emails = renderStory(
      {
        newsletter_id: newsletter!.id,
        newsletter_name: newsletter!.name,
        newsletter_type: 'USER',
        post_id: postId,
        title: r.title || 'Untitled story',
        subtitle: r.subtitle,
        slug: r.slug,
        is_locked: r.is_locked,
        reading_time: r.reading_time,
        paragraphs: readableParagraphs(r.paragraphs),
        author_name: r.name,
        username: r.username,
        collection_slug: null,
      },
      site,
    );
    const settings = `${site.origin}/me/settings`;
    const email = emails.whole.forRecipient({ unsubscribeUrl: settings, emailSettingsUrl: settings });
    await enqueueEmail(tx, { to: r.email, subject: `[Test] ${email.subject}`.replace(/[\r\n]+/g, ' '), text: email.text, html: email.html, kind: 'newsletter-test' });
    return { kind: 'ok', value: SEND_MESSAGES.testSent(r.email) };
  });
}

/** A delivery's ledger key from the VERP ref the sender set (`{sendId}-{subscriberId}`). */
export function parseLedgerRef(ref: string): { sendId: string; subscriberId: string } | null {
  const m = /^([0-9a-f]{12})-([0-9a-f]{12})$/.exec(ref);
  return m ? { sendId: m[1]!, subscriberId: m[2]! } : null;
}

/**
 * A bounce or complaint about one delivery (events from the bounce handling): the ledger row
 * becomes BOUNCED or COMPLAINED and the send's total moves, once (a repeated report finds the
 * row already changed). A complaint also unsubscribes the reader from that newsletter.
 */
export async function recordDeliveryOutcome(tx: DbTransaction, ref: string, outcome: 'BOUNCED' | 'COMPLAINED'): Promise<boolean> {
  const key = parseLedgerRef(ref);
  if (!key) return false;
  const { rows } = await tx.execute<{ newsletter_id: string }>(sql`
    with d as (
      update newsletter_deliveries set state = ${outcome}
      where send_id = ${key.sendId} and subscriber_id = ${key.subscriberId} and state in ('SENT', 'SENDING', 'FAILED', ${outcome === 'COMPLAINED' ? 'BOUNCED' : 'SENT'})
      returning send_id
    )
    update newsletter_sends s set ${outcome === 'BOUNCED' ? sql`bounced = bounced + 1` : sql`complained = complained + 1`}
    from d where s.id = d.send_id returning s.newsletter_id`);
  if (outcome === 'COMPLAINED') {
    const { rows: sub } = await tx.execute<{ newsletter_id: string; user_id: string | null; email: string | null }>(sql`
      select newsletter_id, user_id, email from newsletter_subscribers where id = ${key.subscriberId}`);
    const s = sub[0];
    if (s) {
      await setSubscription(tx, {
        newsletterId: s.newsletter_id,
        who: s.user_id ? { userId: s.user_id } : { email: s.email! },
        state: 'UNSUBSCRIBED',
        source: 'ONE_CLICK',
        consent: { action: 'UNSUBSCRIBE', notice: '', source: 'complaint' },
      });
    }
  }
  return rows.length > 0;
}
