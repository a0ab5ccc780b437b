import { sql } from 'drizzle-orm';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { DEFAULT_DIGEST_FREQUENCY, DIGEST_PERIOD_DAYS, MAX_ACTOR_IDS, type NotificationKind } from './kinds.js';

export interface NotifyInput {
  recipientId: string;
  kind: NotificationKind;
  /** One row per key and recipient: what makes a redelivered event land on the same row. */
  key: string;
  /** Who did it (the event's actor: mutes and the NETWORK channel apply to them); null for system notices. */
  actorId: string | null;
  /**
   * For an aggregated row, read from the facts, not from the event: the latest actors
   * (MAX_ACTOR_IDS) and how many there are (claps: the readers who clapped the story).
   * The row changes only when these do, so the same event twice, or an old event after
   * newer ones, changes nothing. Default: [actorId] and 1.
   */
  actors?: { ids: string[]; count: number };
  postId?: string | null;
  responseId?: string | null;
  data?: { text?: string; href?: string } | null;
}

const DEFAULT_PERIOD = DEFAULT_DIGEST_FREQUENCY === 'OFF' ? null : DIGEST_PERIOD_DAYS[DEFAULT_DIGEST_FREQUENCY];

/**
 * Upserts one notification, if the recipient wants it: not about themselves, not from
 * someone they muted, and their channel for the kind (spec §3) lets it through — OFF
 * never, NETWORK only from people they follow, ALL (the default) always. A new actor on
 * an aggregated row moves it to the top and makes it unread again. Returns whether the
 * recipient's notifications changed (so the caller tells their open pages).
 */
export async function notify(tx: DbTransaction, n: NotifyInput): Promise<boolean> {
  const actor = n.actorId;
  const actorIds = n.actors?.ids ?? (actor ? [actor] : []);
  // One statement: the channel, the upsert and the reader's inbox row (one round trip per notification).
  const { rows } = await tx.execute<{ recipient_id: string }>(sql`
    with pref as (
      select coalesce((select channel from notification_channels where user_id = ${n.recipientId} and kind = ${n.kind}), 'ALL') as channel
    ),
    ins as (
    insert into notifications as n (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id, response_id, data)
    select ${n.recipientId}, ${n.kind}, ${n.key},
      ${sql.param(actorIds.slice(0, MAX_ACTOR_IDS))}::text[],
      ${n.actors?.count ?? 1}, ${n.postId ?? null}, ${n.responseId ?? null}, ${n.data ? JSON.stringify(n.data) : null}::jsonb
    from pref
    where ${actor}::text is distinct from ${n.recipientId}
      and (${n.kind} = 'system' or pref.channel <> 'OFF')
      and (${actor}::text is null or not exists (select 1 from user_mutes m where m.user_id = ${n.recipientId} and m.target_user_id = ${actor}))
      and (pref.channel <> 'NETWORK' or ${actor}::text is null
           or exists (select 1 from user_follows f where f.follower_id = ${n.recipientId} and f.target_user_id = ${actor}))
    on conflict (recipient_id, aggregation_key) do update set
      actor_ids = excluded.actor_ids,
      actor_count = excluded.actor_count,
      updated_at = now(),
      read_at = null
    where (n.actor_ids, n.actor_count) is distinct from (excluded.actor_ids, excluded.actor_count)
    returning recipient_id
    ),
    inbox as (
      insert into notification_inboxes (user_id, digest_frequency, digest_due_at)
      select recipient_id, ${DEFAULT_DIGEST_FREQUENCY}, ${dueSql()} from ins
      on conflict (user_id) do nothing
    )
    select recipient_id from ins`);
  return rows.length > 0;
}

/** When a new inbox's first digest is due (a period of the default frequency from now). */
const dueSql = () => (DEFAULT_PERIOD === null ? sql`null::timestamptz` : sql`now() + make_interval(days => ${DEFAULT_PERIOD})`);

/**
 * A reader's inbox row (digest schedule, last visit) exists from their first
 * notification: the digest sweep finds due readers by it alone.
 */
export async function ensureInboxes(tx: DbTransaction, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`
    insert into notification_inboxes (user_id, digest_frequency, digest_due_at)
    select u, ${DEFAULT_DIGEST_FREQUENCY}, ${dueSql()}
    from unnest(${sql.param(userIds)}::text[]) as u
    on conflict (user_id) do nothing`);
}
