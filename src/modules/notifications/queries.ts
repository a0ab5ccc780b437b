import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { BadRequestError } from '../../platform/errors/index.js';
import { CHANNEL_KINDS, DEFAULT_CHANNEL, DEFAULT_DIGEST_FREQUENCY, UNREAD_COUNT_CAP, type ChannelKind, type DigestFrequency, type NotificationChannel } from './kinds.js';

/**
 * The header badge (spec §2.5, §9): unread notifications that arrived since the reader last
 * opened the list, counted up to UNREAD_COUNT_CAP (the badge shows '99+' above 99). One
 * statement on the partial index of unread rows, index-only, so it costs the same for a
 * reader with 100k unread notifications as for one with 3. $1: the reader (exported so a
 * test can read its plan).
 */
export const UNREAD_COUNT_SQL = `select count(*)::int as n from (
  select 1 from notifications
  where recipient_id = $1 and read_at is null
    and updated_at > coalesce((select seen_at from notification_inboxes where user_id = $1), '-infinity')
  -- The index's order: the newest entries, read from the index alone, and no more than the cap.
  order by updated_at desc
  limit ${UNREAD_COUNT_CAP}) t`;

export async function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  const { rows } = await db.$client.query<{ n: number }>({ name: 'unread_notification_count', text: UNREAD_COUNT_SQL, values: [userId] });
  return rows[0]!.n;
}

export type NotificationFilter = 'ALL' | 'RESPONSES';

export interface NotificationRow {
  id: string;
  kind: string;
  actorIds: string[];
  actorCount: number;
  postId: string | null;
  responseId: string | null;
  /** A followed list that gained stories (kind catalog). */
  catalogId: string | null;
  data: { text?: string; href?: string; storyCount?: number } | null;
  createdAt: Date;
  updatedAt: Date;
  readAt: Date | null;
}

/** A page cursor: the last row's activity time (to the microsecond, as stored) and id. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,18})$/;

/**
 * A page of the reader's notifications, latest activity first (the index on recipient,
 * updated_at, id). RESPONSES keeps responses and mentions: what others wrote to the reader.
 * Rows about a story or response that is gone (in the trash), or a list made private, are left out.
 */
export async function notificationsPage(db: Db, userId: string, filter: NotificationFilter, limit: number, to: string | null): Promise<{ rows: NotificationRow[]; next: string | null }> {
  let after: { at: string; id: string } | null = null;
  if (to) {
    const m = CURSOR.exec(to);
    if (!m) throw new BadRequestError('That page of notifications does not exist (bad paging cursor).');
    after = { at: m[1]!, id: m[2]! };
  }
  const { rows } = await db.execute<{ cursor_at: string; id: string; kind: string; actor_ids: string[]; actor_count: number; post_id: string | null; response_id: string | null; catalog_id: string | null; data: NotificationRow['data']; created_at: Date; updated_at: Date; read_at: Date | null }>(sql`
    select to_char(n.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, n.id::text as id, n.kind, n.actor_ids, n.actor_count, n.post_id, n.response_id, n.catalog_id, n.data, n.created_at, n.updated_at, n.read_at
    from notifications n
    left join posts p on p.id = n.post_id
    left join posts r on r.id = n.response_id
    left join catalogs c on c.id = n.catalog_id
    where n.recipient_id = ${userId}
      ${filter === 'RESPONSES' ? sql`and n.kind in ('response', 'mention')` : sql``}
      ${after ? sql`and (n.updated_at, n.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
      and (n.post_id is null or (p.deleted_at is null and p.first_published_at is not null))
      and (n.response_id is null or r.deleted_at is null)
      and (n.catalog_id is null or c.visibility = 0)
    order by n.updated_at desc, n.id desc
    limit ${limit + 1}`);
  const list: NotificationRow[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    kind: r.kind,
    actorIds: r.actor_ids,
    actorCount: r.actor_count,
    postId: r.post_id,
    responseId: r.response_id,
    catalogId: r.catalog_id,
    data: r.data,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    readAt: r.read_at ? new Date(r.read_at) : null,
  }));
  const last = rows[limit - 1];
  return { rows: list, next: rows.length > limit && last ? `${last.cursor_at}_${last.id}` : null };
}

export interface NotificationSettings {
  channels: { kind: ChannelKind; channel: NotificationChannel }[];
  digestFrequency: DigestFrequency;
}

/** The reader's channel per kind (ALL where they chose nothing) and digest frequency. */
export async function notificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const { rows } = await db.execute<{ kind: string; channel: string }>(sql`select kind, channel from notification_channels where user_id = ${userId}`);
  const chosen = new Map(rows.map((r) => [r.kind, r.channel as NotificationChannel]));
  const inbox = await db.execute<{ digest_frequency: DigestFrequency }>(sql`select digest_frequency from notification_inboxes where user_id = ${userId}`);
  return {
    channels: CHANNEL_KINDS.map((kind) => ({ kind, channel: chosen.get(kind) ?? DEFAULT_CHANNEL })),
    digestFrequency: inbox.rows[0]?.digest_frequency ?? DEFAULT_DIGEST_FREQUENCY,
  };
}
