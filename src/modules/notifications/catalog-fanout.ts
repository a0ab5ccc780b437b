import { sql } from 'drizzle-orm';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { FANOUT_BATCH_SIZE } from './kinds.js';
import { ensureInboxes } from './notify.js';

export interface CatalogFanoutCursor {
  catalogId: string;
  /** The UTC day (YYYY-MM-DD) the stories were added: one notification per follower, list and day. */
  day: string;
  /** When the stories were added: readers who followed the list later are not told. */
  followedBefore: string;
  /** The last follower handled (follow time, then id); '-infinity' and '' to start. */
  afterCreatedAt: string;
  afterUserId: string;
}

/** The row's key: a day's additions to a list are one notification ('Ann added 3 stories to …'). */
export const catalogNotificationKey = (catalogId: string, day: string) => `catalog:${catalogId}:${day}`;

/**
 * 'A list you follow gained stories': one row per follower and day, written in batches of
 * FANOUT_BATCH_SIZE followers per event like a writer's new story (fanout.ts), walking
 * catalog_follows by (created_at, user_id) from the cursor; a full batch emits the next as
 * a `notifications.catalogFanout` event. The story count is read from the facts (readable
 * stories added to the list that day), so a second addition the same day updates the row
 * (moves it up, unread again) and a redelivered batch changes nothing. Only while the list
 * is public and its owner shown; not to readers who muted the owner, whose channel for
 * 'catalog' is OFF, or, on NETWORK, who do not follow the owner. Returns who was told.
 */
export async function fanOutCatalogStories(tx: DbTransaction, c: CatalogFanoutCursor, batchSize = FANOUT_BATCH_SIZE): Promise<string[]> {
  const { rows } = await tx.execute<{ n: number; last_at: string | null; last_id: string | null; notified: string[] }>(sql`
    with list as (
      select c.id, c.user_id,
        (select count(*)::int from catalog_items i join posts p on p.id = i.post_id
          where i.catalog_id = c.id and i.added_at >= ${c.day}::date::timestamp at time zone 'UTC'
            and i.added_at < (${c.day}::date + 1)::timestamp at time zone 'UTC'
            and p.deleted_at is null and p.first_published_at is not null and p.visibility <> 'PRIVATE') as added
      from catalogs c join users u on u.id = c.user_id
      where c.id = ${c.catalogId} and c.visibility = 0 and u.deactivated_at is null and not u.is_suspended
    ),
    batch as (
      select f.user_id, f.created_at from catalog_follows f
      where f.catalog_id = ${c.catalogId} and f.created_at <= ${c.followedBefore}::timestamptz
        and (f.created_at, f.user_id) > (${c.afterCreatedAt}::timestamptz, ${c.afterUserId}::text)
      order by f.created_at, f.user_id
      limit ${batchSize}
    ),
    ins as (
      insert into notifications as n (recipient_id, kind, aggregation_key, actor_ids, actor_count, catalog_id, data)
      select b.user_id, 'catalog', ${catalogNotificationKey(c.catalogId, c.day)}, array[list.user_id], 1, list.id, jsonb_build_object('storyCount', list.added)
      from batch b
      cross join list
      cross join lateral (select coalesce((select ch.channel from notification_channels ch where ch.user_id = b.user_id and ch.kind = 'catalog'), 'ALL') as channel) pref
      where list.added > 0 and b.user_id <> list.user_id and pref.channel <> 'OFF'
        and not exists (select 1 from user_mutes m where m.user_id = b.user_id and m.target_user_id = list.user_id)
        and (pref.channel <> 'NETWORK' or exists (select 1 from user_follows uf where uf.follower_id = b.user_id and uf.target_user_id = list.user_id))
      on conflict (recipient_id, aggregation_key) do update set data = excluded.data, updated_at = now(), read_at = null
        where n.data is distinct from excluded.data
      returning recipient_id
    ),
    last as (select created_at, user_id from batch order by created_at desc, user_id desc limit 1)
    select (select count(*)::int from batch) as n,
      (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from last) as last_at,
      (select user_id from last) as last_id,
      array(select recipient_id from ins) as notified`);
  const r = rows[0]!;
  await ensureInboxes(tx, r.notified);
  if (r.n === batchSize && r.last_at && r.last_id) {
    await emitDomainEvent(tx, {
      type: 'notifications.catalogFanout',
      payload: { catalogId: c.catalogId, day: c.day, followedBefore: c.followedBefore, afterCreatedAt: r.last_at, afterUserId: r.last_id },
    });
  }
  return r.notified;
}
