import { sql } from 'drizzle-orm';
import type { EventHandlers, EventMeta } from '../../platform/events/dispatcher.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { sharedPubSub, type PubSub } from '../../platform/pubsub/index.js';
import { FANOUT_BATCH_SIZE } from './kinds.js';
import { publishNotificationsChanged } from './live.js';
import { ensureInboxes } from './notify.js';

export interface PublicationFanoutCursor {
  publicationId: string;
  postId: string;
  /** When the story entered the publication: readers who followed it later are not told. */
  followedBefore: string;
  /** The last follower handled (follow time, then id); '-infinity' and '' to start. */
  afterCreatedAt: string;
  afterUserId: string;
}

/**
 * 'A publication you follow published a story': the followers of the publication, in batches
 * of FANOUT_BATCH_SIZE per event as fanout.ts does for a writer's followers. The row is the
 * writer's own 'publish:{postId}' notification (kind publish, the writer as actor), so a reader
 * who follows both the writer and the publication is told once, whichever fan-out comes first,
 * and a redelivered batch writes nothing new. Readers whose 'publish' channel is OFF, who muted
 * the publication or the writer, and the writer themself get nothing.
 * Only a story that is live, public and still in the publication is announced.
 */
export async function fanOutPublicationStory(tx: DbTransaction, c: PublicationFanoutCursor, batchSize = FANOUT_BATCH_SIZE): Promise<string[]> {
  const { rows } = await tx.execute<{ n: number; last_at: string | null; last_id: string | null; notified: string[] }>(sql`
    with post as (
      select p.id, p.creator_id from posts p join users u on u.id = p.creator_id
      where p.id = ${c.postId} and p.collection_id = ${c.publicationId} and p.deleted_at is null and p.first_published_at is not null
        and p.visibility = 'PUBLIC' and p.in_response_to_post_id is null and u.deactivated_at is null
    ),
    batch as (
      select f.user_id, f.created_at from publication_follows f
      where exists (select 1 from post) and f.publication_id = ${c.publicationId} and f.created_at <= ${c.followedBefore}::timestamptz
        and (f.created_at, f.user_id) > (${c.afterCreatedAt}::timestamptz, ${c.afterUserId}::text)
      order by f.created_at, f.user_id
      limit ${batchSize}
    ),
    ins as (
      insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id)
      select b.user_id, 'publish', ${`publish:${c.postId}`}, array[post.creator_id], 1, post.id
      from batch b, post
      where b.user_id <> post.creator_id
        and coalesce((select ch.channel from notification_channels ch where ch.user_id = b.user_id and ch.kind = 'publish'), 'ALL') <> 'OFF'
        and not exists (select 1 from publication_mutes m where m.user_id = b.user_id and m.publication_id = ${c.publicationId})
        and not exists (select 1 from user_mutes m where m.user_id = b.user_id and m.target_user_id = post.creator_id)
      on conflict (recipient_id, aggregation_key) do nothing
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
    await emitDomainEvent(tx, { type: 'notifications.publicationFanout', payload: { ...c, afterCreatedAt: r.last_at, afterUserId: r.last_id } });
  }
  return r.notified;
}

/** The reactions to 'publication.storyAdded' and to the next batches it leaves. */
export function publicationNotificationHandlers(pubsub: () => Promise<PubSub> = sharedPubSub): EventHandlers {
  const tell = (meta: EventMeta, users: string[]) => {
    if (users.length === 0) return;
    meta.afterCommit(() => {
      void pubsub()
        .then((p) => publishNotificationsChanged(p, users))
        .catch(() => {}); // a page that misses it polls
    });
  };
  const start = async (tx: DbTransaction, meta: EventMeta, publicationId: string, postId: string) => {
    // The followers of the moment of the event, to the microsecond (as the database keeps it).
    const { rows } = await tx.execute<{ at: string }>(sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from domain_events where id = ${meta.id}`);
    const followedBefore = rows[0]?.at ?? meta.occurredAt.toISOString();
    tell(meta, await fanOutPublicationStory(tx, { publicationId, postId, followedBefore, afterCreatedAt: '-infinity', afterUserId: '' }));
  };
  return {
    'publication.storyAdded': [async (tx, p, meta) => start(tx, meta, p.publicationId, p.postId)],
    // A story already in a publication was published: its followers hear of it too.
    'post.published': [
      async (tx, p, meta) => {
        const { rows } = await tx.execute<{ collection_id: string | null }>(sql`select collection_id from posts where id = ${p.postId}`);
        const publicationId = rows[0]?.collection_id;
        if (publicationId) await start(tx, meta, publicationId, p.postId);
      },
    ],
    'notifications.publicationFanout': [async (tx, p, meta) => tell(meta, await fanOutPublicationStory(tx, p))],
  };
}
