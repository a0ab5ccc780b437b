import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { catalogs } from '../catalogs/tables.js';
import { posts } from '../posts/tables.js';

/**
 * A reader's notification (/me/notifications). One row per thing to tell, not per event:
 * claps on a story are one row per story whose actors and count grow as readers clap
 * ('A and 12 others clapped for …'). `aggregationKey` is what makes a repeated or
 * redelivered event land on the same row (unique per recipient), so handlers upsert.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_KINDS (kinds.ts): follow, clap, response, mention, highlight, publish, system, series. */
    kind: text('kind').notNull(),
    /** 'clap:{postId}', 'follow:{userId}'…: one row per key and recipient. */
    aggregationKey: text('aggregation_key').notNull(),
    /** The latest actors first (at most 3 kept: the list shows one name and a count). */
    actorIds: text('actor_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Everyone who did it (claps: readers who clapped the story), for '… and N others'. */
    actorCount: integer('actor_count').notNull().default(0),
    /** The story the notification is about (clapped, highlighted, published, mentioned in, responded to). */
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** A response: the response itself (postId is what it answers). */
    responseId: text('response_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** A followed list that gained stories (kind catalog): the list; the row goes with it. */
    catalogId: text('catalog_id').references(() => catalogs.id, { onDelete: 'cascade' }),
    /** System notices: { text, href }. A list's: { storyCount } (stories added that day). */
    data: jsonb('data').$type<{ text?: string; href?: string; storyCount?: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped when a new actor joins an aggregated row: the list and the badge order by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_recipient_key_idx').on(t.recipientId, t.aggregationKey),
    // The list, newest activity first (cursor: updated_at, id).
    index('notifications_recipient_updated_idx').on(t.recipientId, t.updatedAt, t.id),
    // The badge: an index-only count of the unread rows newer than the last visit.
    index('notifications_unread_idx').on(t.recipientId, t.updatedAt).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A reader's channel for one kind (spec §3 notification channels ALL, NETWORK, OFF):
 * rows only where the reader chose something other than the default (ALL).
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A reader's inbox state: when they last opened the notifications (the badge counts what
 * is newer), and the email digest (spec §3 digest frequency DAILY, WEEKLY, OFF). Created
 * with a reader's first notification or setting; `digestDueAt` is what the digest sweep
 * reads (rows due by their own columns, docs/adr/0005).
 */
export const notificationInboxes = pgTable(
  'notification_inboxes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    digestFrequency: text('digest_frequency').notNull().default('WEEKLY'),
    /** The last digest sent; the next lists unread notifications after it. */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    digestDueAt: timestamp('digest_due_at', { withTimezone: true }),
  },
  (t) => [index('notification_inboxes_digest_due_idx').on(t.digestDueAt).where(sql`${t.digestFrequency} <> 'OFF'`)],
);
