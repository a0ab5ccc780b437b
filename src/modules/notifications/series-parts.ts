import { sql } from 'drizzle-orm';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { slugify } from '../../shared/slug.js';
import { ensureInboxes } from './notify.js';

/**
 * 'A part was added to a series you follow': one row per follower of the series, keyed
 * 'series:{sequenceId}:{postId}' (a redelivered event writes nothing new), in one statement.
 * Told only while the series is published, the story is live and the reader has not muted
 * the writer. The row keeps the series' title and the part's address in the series
 * (/s/{slug}/{postId}) in its data. Returns the readers who got a new notification.
 */
export async function notifySeriesFollowers(tx: DbTransaction, sequenceId: string, postId: string): Promise<string[]> {
  const { rows: found } = await tx.execute<{ user_id: string; title: string }>(sql`
    select s.user_id, s.title from sequences s
    join sequence_items i on i.sequence_id = s.id and i.post_id = ${postId}
    join posts p on p.id = i.post_id join users u on u.id = s.user_id
    where s.id = ${sequenceId} and s.published_at is not null and p.deleted_at is null and p.first_published_at is not null
      and p.visibility <> 'PRIVATE' and u.deactivated_at is null`);
  const series = found[0];
  if (!series) return [];
  const slug = slugify(series.title);
  const data = { text: series.title, href: `/s/${slug ? `${slug}-${sequenceId}` : sequenceId}/${postId}` };
  const { rows } = await tx.execute<{ recipient_id: string }>(sql`
    insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id, data)
    select f.user_id, 'series', ${`series:${sequenceId}:${postId}`}, array[${series.user_id}::text], 1, ${postId}, ${JSON.stringify(data)}::jsonb
    from sequence_follows f
    where f.sequence_id = ${sequenceId} and f.user_id <> ${series.user_id}
      and not exists (select 1 from user_mutes m where m.user_id = f.user_id and m.target_user_id = ${series.user_id})
    on conflict (recipient_id, aggregation_key) do nothing
    returning recipient_id`);
  const told = rows.map((r) => r.recipient_id);
  await ensureInboxes(tx, told);
  return told;
}
