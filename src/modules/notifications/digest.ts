import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import { enqueueEmail, notifyMailers, renderEmail } from '../../platform/mail/index.js';
import { DIGEST_PERIOD_DAYS } from './kinds.js';
import { notificationSentence } from './sentences.js';

/** Lines in one digest; the rest is 'and N more'. */
export const DIGEST_MAX_ITEMS = 10;

export interface DigestOptions {
  db: Db;
  logger: Logger;
  siteName: string;
  /** http(s)://host of the site, for the link to /me/notifications. */
  origin: string;
}

interface DueReader {
  user_id: string;
  email: string | null;
  name: string;
  frequency: 'DAILY' | 'WEEKLY';
  since: string | null;
}

interface DigestLine {
  kind: string;
  actor: string | null;
  actor_count: number;
  post_title: string | null;
  text: string | null;
  list_name: string | null;
  story_count: number | null;
  total: number;
}

/**
 * One pass of the email digest (spec §3 digest frequency): readers whose digest is due by
 * their own row (notification_inboxes.digest_due_at) are claimed with FOR UPDATE SKIP
 * LOCKED; each gets one email listing their unread notifications since the last digest,
 * enqueued in the mail outbox in the same transaction that records the digest as sent and
 * schedules the next one, so a digest is sent once even when sweepers race or crash.
 * Nothing unread, no email (the schedule still moves on). Returns the readers handled.
 */
export async function sendDueDigests(opts: DigestOptions, batchSize: number): Promise<number> {
  let sent = 0;
  const handled = await opts.db.transaction(async (tx) => {
    const { rows: due } = await tx.execute<DueReader & Record<string, unknown>>(sql`
      select i.user_id, u.email, u.name, i.digest_frequency as frequency, i.digest_sent_at::text as since
      from notification_inboxes i join users u on u.id = i.user_id
      where i.digest_frequency <> 'OFF' and i.digest_due_at <= now()
      order by i.digest_due_at
      limit ${batchSize}
      for update of i skip locked`);
    for (const reader of due) {
      const { rows: lines } = await tx.execute<DigestLine & Record<string, unknown>>(sql`
        select n.kind, a.name as actor, n.actor_count, p.title as post_title, n.data->>'text' as text, c.name as list_name,
          (n.data->>'storyCount')::int as story_count, count(*) over ()::int as total
        from notifications n
        left join users a on a.id = n.actor_ids[1]
        left join posts p on p.id = n.post_id
        left join posts r on r.id = n.response_id
        left join catalogs c on c.id = n.catalog_id
        where n.recipient_id = ${reader.user_id} and n.read_at is null
          and n.updated_at > coalesce(${reader.since}::timestamptz, '-infinity')
          and (n.post_id is null or (p.deleted_at is null and p.first_published_at is not null))
          and (n.response_id is null or r.deleted_at is null)
          and (n.catalog_id is null or c.visibility = 0)
        order by n.updated_at desc, n.id desc
        limit ${DIGEST_MAX_ITEMS}`);
      if (lines.length > 0 && reader.email) {
        await enqueueEmail(tx, { to: reader.email, kind: 'notification-digest', ...digestEmail(opts, reader, lines) });
        sent += 1;
      }
      // Sent (or nothing to send): the next digest lists what comes after now.
      await tx.execute(sql`
        update notification_inboxes
        set digest_sent_at = now(), digest_due_at = now() + make_interval(days => ${DIGEST_PERIOD_DAYS[reader.frequency]})
        where user_id = ${reader.user_id}`);
    }
    return due.length;
  });
  if (sent > 0) {
    notifyMailers();
    opts.logger.info({ sent, handled }, 'notification digests enqueued');
  }
  return handled;
}

function digestEmail(opts: DigestOptions, reader: DueReader, lines: DigestLine[]) {
  const total = lines[0]!.total;
  const period = reader.frequency === 'DAILY' ? 'today' : 'this week';
  const paragraphs = lines.map((l) => notificationSentence({ kind: l.kind, actor: l.actor, actorCount: l.actor_count, postTitle: l.post_title, text: l.text, listName: l.list_name, storyCount: l.story_count }) + '.');
  if (total > lines.length) paragraphs.push(`And ${total - lines.length} more.`);
  const subject = `${total} new ${total === 1 ? 'notification' : 'notifications'} on ${opts.siteName}`;
  const rendered = renderEmail({
    siteName: opts.siteName,
    heading: `Your notifications ${period}`,
    paragraphs,
    action: { label: 'See all notifications', url: `${opts.origin}/me/notifications` },
    footer: `You get this ${reader.frequency === 'DAILY' ? 'daily' : 'weekly'} digest because of your notification settings. Change or turn it off in Settings → Notifications: ${opts.origin}/me/settings/notifications`,
  });
  return { subject, ...rendered };
}

/** The digest as a sweep for the worker's sweeper (src/platform/jobs). */
export function notificationDigestSweep(opts: DigestOptions): Sweep {
  return { name: 'notification-digest', runBatch: (batchSize) => sendDueDigests(opts, batchSize) };
}
