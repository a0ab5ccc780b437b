import { sql } from 'drizzle-orm';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import { ensureInboxes } from './notify.js';
import { FANOUT_BATCH_SIZE } from './kinds.js';

export interface FanoutCursor {
  postId: string;
  creatorId: string;
  /** When the story was published: readers who followed the writer later are not told (a redelivery finds the same followers). */
  followedBefore: string;
  /** The last follower handled (follow time, then id); '-infinity' and '' to start. */
  afterCreatedAt: string;
  afterFollowerId: string;
}

/**
 * 'A writer you follow published': one row per follower, written in batches of
 * FANOUT_BATCH_SIZE followers per event (a writer may have 100k followers; no transaction
 * holds more than a batch). Each batch walks the writer's followers in follow order from
 * the cursor and, when it was full, emits the next batch as a new event, so the work is
 * durable and spread over the dispatchers. Readers whose channel for 'publish' is OFF or
 * who muted the writer get nothing (NETWORK is ALL here: they follow the writer).
 * Rows are keyed 'publish:{postId}': a redelivered batch writes nothing new.
 * Returns the readers who got a new notification.
 */
export async function fanOutPublished(tx: DbTransaction, c: FanoutCursor, batchSize = FANOUT_BATCH_SIZE): Promise<string[]> {
  const { rows } = await tx.execute<{ n: number; last_at: string | null; last_id: string | null; notified: string[] }>(sql`
    with batch as (
      select f.follower_id, f.created_at from user_follows f
      where f.target_user_id = ${c.creatorId} and f.created_at <= ${c.followedBefore}::timestamptz
        and (f.created_at, f.follower_id) > (${c.afterCreatedAt}::timestamptz, ${c.afterFollowerId}::text)
      order by f.created_at, f.follower_id
      limit ${batchSize}
    ),
    ins as (
      insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id)
      select b.follower_id, 'publish', ${`publish:${c.postId}`}, array[${c.creatorId}::text], 1, ${c.postId}
      from batch b
      where coalesce((select ch.channel from notification_channels ch where ch.user_id = b.follower_id and ch.kind = 'publish'), 'ALL') <> 'OFF'
        and not exists (select 1 from user_mutes m where m.user_id = b.follower_id and m.target_user_id = ${c.creatorId})
      on conflict (recipient_id, aggregation_key) do nothing
      returning recipient_id
    ),
    last as (select created_at, follower_id from batch order by created_at desc, follower_id desc limit 1)
    select (select count(*)::int from batch) as n,
      (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from last) as last_at,
      (select follower_id from last) as last_id,
      array(select recipient_id from ins) as notified`);
  const r = rows[0]!;
  await ensureInboxes(tx, r.notified);
  if (r.n === batchSize && r.last_at && r.last_id) {
    await emitDomainEvent(tx, { type: 'notifications.fanout', payload: { postId: c.postId, creatorId: c.creatorId, followedBefore: c.followedBefore, afterCreatedAt: r.last_at, afterFollowerId: r.last_id } });
  }
  return r.notified;
}
