import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { sharedPubSub, type PubSub } from '../../platform/pubsub/index.js';
import { DIGEST_PERIOD_DAYS, type ChannelKind, type DigestFrequency, type NotificationChannel } from './kinds.js';
import { publishNotificationsChanged } from './live.js';
import { ensureInboxes } from './notify.js';

/** Tells the reader's other tabs (their badges) after a change; best effort. */
async function tellReader(userId: string, pubsub: () => Promise<PubSub>): Promise<void> {
  await pubsub()
    .then((p) => publishNotificationsChanged(p, [userId]))
    .catch(() => {});
}

/**
 * The reader opened their notifications: the badge counts only what arrives after now.
 * The rows stay unread (styled so) until opened or marked read.
 */
export async function markNotificationsSeen(db: Db, userId: string, pubsub = sharedPubSub): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureInboxes(tx, [userId]);
    await tx.execute(sql`update notification_inboxes set seen_at = now() where user_id = ${userId}`);
  });
  await tellReader(userId, pubsub);
}

/** Marks one of the reader's notifications read (opened); false when it is not theirs. */
export async function markNotificationRead(db: Db, userId: string, notificationId: string, pubsub = sharedPubSub): Promise<boolean> {
  if (!/^\d{1,18}$/.test(notificationId)) return false;
  const { rows } = await db.execute(sql`
    update notifications set read_at = coalesce(read_at, now())
    where id = ${notificationId}::bigint and recipient_id = ${userId} returning id`);
  if (rows.length > 0) await tellReader(userId, pubsub);
  return rows.length > 0;
}

/** 'Mark all as read': every notification of the reader, and the badge with them. */
export async function markAllNotificationsRead(db: Db, userId: string, pubsub = sharedPubSub): Promise<number> {
  const n = await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`update notifications set read_at = now() where recipient_id = ${userId} and read_at is null returning id`);
    await ensureInboxes(tx, [userId]);
    await tx.execute(sql`update notification_inboxes set seen_at = now() where user_id = ${userId}`);
    return rows.length;
  });
  await tellReader(userId, pubsub);
  return n;
}

/** The reader's channel for one kind; ALL removes the row (the default). */
export async function setNotificationChannel(db: Db, userId: string, kind: ChannelKind, channel: NotificationChannel): Promise<void> {
  if (channel === 'ALL') {
    await db.execute(sql`delete from notification_channels where user_id = ${userId} and kind = ${kind}`);
    return;
  }
  await db.execute(sql`
    insert into notification_channels (user_id, kind, channel) values (${userId}, ${kind}, ${channel})
    on conflict (user_id, kind) do update set channel = excluded.channel, updated_at = now()`);
}

/**
 * The email digest's frequency. Choosing one schedules the next digest a period after
 * the last one sent (or from now), so switching back and forth never sends two at once.
 */
export async function setDigestFrequency(db: Db, userId: string, frequency: DigestFrequency): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureInboxes(tx, [userId]);
    const due = frequency === 'OFF' ? sql`null` : sql`greatest(coalesce(digest_sent_at, now()) + make_interval(days => ${DIGEST_PERIOD_DAYS[frequency]}), now())`;
    await tx.execute(sql`update notification_inboxes set digest_frequency = ${frequency}, digest_due_at = ${due} where user_id = ${userId}`);
  });
}

/**
 * A notice from the site to one reader (kind system), written like every notification by
 * the event handler. `key` makes it once per reader: the same key again changes nothing.
 */
export async function sendSystemNotice(db: Db | DbTransaction, notice: { userId: string; key: string; text: string; href?: string | null }): Promise<void> {
  await emitDomainEvent(db, { type: 'notifications.system', payload: notice });
  notifyEventDispatchers();
}
