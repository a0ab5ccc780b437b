import { sql } from 'drizzle-orm';
import type { EventHandlers, EventMeta } from '../../platform/events/dispatcher.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { sharedPubSub, type PubSub } from '../../platform/pubsub/index.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { fanOutCatalogStories } from './catalog-fanout.js';
import { fanOutPublished } from './fanout.js';
import { notifySeriesFollowers } from './series-parts.js';
import { publishNotificationsChanged } from './live.js';
import { mentionedUsernames } from './mentions.js';
import { MAX_ACTOR_IDS } from './kinds.js';
import { notify, type NotifyInput } from './notify.js';

interface PostFacts {
  id: string;
  creator_id: string;
  in_response_to_post_id: string | null;
  visibility: string;
  is_live: boolean;
  paragraphs: Paragraph[];
}

/** The post as readers see it now (handlers act on the truth, not on the event's moment). */
async function postFacts(tx: DbTransaction, postId: string, withBody = false): Promise<PostFacts | null> {
  const { rows } = await tx.execute<PostFacts & Record<string, unknown>>(sql`
    select p.id, p.creator_id, p.in_response_to_post_id, p.visibility,
      (p.deleted_at is null and p.first_published_at is not null and p.hidden_by_parent_author_at is null and u.deactivated_at is null) as is_live,
      ${withBody ? sql`p.paragraphs` : sql`'[]'::jsonb`} as paragraphs
    from posts p join users u on u.id = p.creator_id where p.id = ${postId}`);
  return rows[0] ?? null;
}

/**
 * The readers who clapped a story, as its author hears of them: how many, and the latest
 * MAX_ACTOR_IDS first — leaving out readers the author muted and, on the NETWORK channel,
 * readers the author does not follow. One pass over the story's claps (its primary key).
 */
async function clappers(tx: DbTransaction, postId: string): Promise<{ authorId: string; ids: string[]; count: number } | null> {
  // The story (live, as readers see it) and its clappers in one statement: this runs for every first clap.
  const { rows } = await tx.execute<{ author_id: string; ids: string[]; count: number }>(sql`
    with post as (
      select p.id, p.creator_id from posts p join users u on u.id = p.creator_id
      where p.id = ${postId} and p.deleted_at is null and p.first_published_at is not null
        and p.hidden_by_parent_author_at is null and u.deactivated_at is null
    ),
    pref as (
      select coalesce((select channel from notification_channels ch, post where ch.user_id = post.creator_id and ch.kind = 'clap'), 'ALL') as channel
    ),
    c as (
      select c.user_id, c.created_at from claps c, post, pref
      where c.post_id = post.id
        and not exists (select 1 from user_mutes m where m.user_id = post.creator_id and m.target_user_id = c.user_id)
        and (pref.channel <> 'NETWORK' or exists (select 1 from user_follows f where f.follower_id = post.creator_id and f.target_user_id = c.user_id))
    )
    select post.creator_id as author_id, array(select user_id from c order by created_at desc, user_id limit ${MAX_ACTOR_IDS}) as ids, (select count(*)::int from c) as count
    from post`);
  const r = rows[0];
  return r ? { authorId: r.author_id, ids: r.ids, count: r.count } : null;
}

/** Readers a published story or response links to (/@username), told once per post. */
async function notifyMentions(tx: DbTransaction, post: PostFacts, skip: ReadonlySet<string>, told: Set<string>): Promise<void> {
  const names = mentionedUsernames(post.paragraphs);
  if (names.length === 0) return;
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from users where lower(username) = any(${sql.param(names)}::text[]) and deactivated_at is null`);
  for (const { id } of rows) {
    if (skip.has(id)) continue;
    if (await notify(tx, { recipientId: id, kind: 'mention', key: `mention:${post.id}`, actorId: post.creator_id, postId: post.id })) told.add(id);
  }
}

/**
 * The notifications module's reactions to domain events (docs/adr/0007): every
 * notification is written here, after the command committed, never in the request. Each
 * handler reads the current facts and upserts by a key, so a redelivered event changes
 * nothing. Once the writes commit, the recipients' open pages are told (pub/sub).
 */
export function notificationHandlers(pubsub: () => Promise<PubSub> = sharedPubSub): EventHandlers {
  const tell = (meta: EventMeta, users: Iterable<string>) => {
    const list = [...users];
    if (list.length === 0) return;
    meta.afterCommit(() => {
      void pubsub()
        .then((p) => publishNotificationsChanged(p, list))
        .catch(() => {}); // a page that misses it polls
    });
  };
  const one = async (tx: DbTransaction, meta: EventMeta, n: NotifyInput) => {
    if (await notify(tx, n)) tell(meta, [n.recipientId]);
  };

  return {
    'user.followed': [
      async (tx, p, meta) => {
        // Still following (an unfollow right after leaves nothing to tell).
        const { rows } = await tx.execute(sql`select 1 from user_follows where follower_id = ${p.followerId} and target_user_id = ${p.targetUserId}`);
        if (rows.length === 0) return;
        await one(tx, meta, { recipientId: p.targetUserId, kind: 'follow', key: `follow:${p.followerId}`, actorId: p.followerId });
      },
    ],
    'post.clapped': [
      async (tx, p, meta) => {
        const found = await clappers(tx, p.postId);
        if (!found || found.count === 0) return;
        await one(tx, meta, { recipientId: found.authorId, kind: 'clap', key: `clap:${p.postId}`, actorId: p.userId, actors: { ids: found.ids, count: found.count }, postId: p.postId });
      },
    ],
    'post.responded': [
      async (tx, p, meta) => {
        const response = await postFacts(tx, p.responseId, true);
        const parent = await postFacts(tx, p.parentPostId);
        if (!response?.is_live || !parent?.is_live) return;
        const told = new Set<string>();
        if (await notify(tx, { recipientId: parent.creator_id, kind: 'response', key: `response:${response.id}`, actorId: response.creator_id, postId: parent.id, responseId: response.id })) {
          told.add(parent.creator_id);
        }
        // The author answered is told once, by the response itself.
        await notifyMentions(tx, response, new Set([parent.creator_id]), told);
        tell(meta, told);
      },
    ],
    'post.highlighted': [
      async (tx, p, meta) => {
        const post = await postFacts(tx, p.postId);
        const { rows } = await tx.execute(sql`select 1 from quotes where id = ${p.quoteId}`);
        if (!post?.is_live || rows.length === 0) return;
        await one(tx, meta, { recipientId: post.creator_id, kind: 'highlight', key: `highlight:${p.postId}:${p.userId}`, actorId: p.userId, postId: p.postId });
      },
    ],
    'post.published': [
      async (tx, p, meta) => {
        const post = await postFacts(tx, p.postId, true);
        if (!post?.is_live || post.in_response_to_post_id) return;
        const told = new Set<string>();
        await notifyMentions(tx, post, new Set(), told);
        // Followers hear of public stories only (an unlisted one is for those with the link).
        if (post.visibility === 'PUBLIC') {
          // The followers at publication time, to the microsecond (as the database keeps it).
          const { rows } = await tx.execute<{ at: string }>(sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from domain_events where id = ${meta.id}`);
          const followedBefore = rows[0]?.at ?? meta.occurredAt.toISOString();
          for (const id of await fanOutPublished(tx, { postId: post.id, creatorId: post.creator_id, followedBefore, afterCreatedAt: '-infinity', afterFollowerId: '' })) told.add(id);
        }
        tell(meta, told);
      },
    ],
    'notifications.fanout': [
      async (tx, p, meta) => {
        const post = await postFacts(tx, p.postId);
        if (!post?.is_live || post.visibility !== 'PUBLIC') return;
        tell(meta, await fanOutPublished(tx, p));
      },
    ],
    'catalog.storiesAdded': [
      async (tx, p, meta) => {
        // The day and the followers of the moment the stories were added, to the microsecond.
        const { rows } = await tx.execute<{ at: string; day: string }>(sql`
          select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day
          from domain_events where id = ${meta.id}`);
        const at = rows[0]?.at ?? meta.occurredAt.toISOString();
        const day = rows[0]?.day ?? at.slice(0, 10);
        tell(meta, await fanOutCatalogStories(tx, { catalogId: p.catalogId, day, followedBefore: at, afterCreatedAt: '-infinity', afterUserId: '' }));
      },
    ],
    'notifications.catalogFanout': [async (tx, p, meta) => tell(meta, await fanOutCatalogStories(tx, p))],
    'sequence.part-added': [
      async (tx, p, meta) => {
        tell(meta, await notifySeriesFollowers(tx, p.sequenceId, p.postId));
      },
    ],
    'notifications.system': [
      async (tx, p, meta) => {
        await one(tx, meta, { recipientId: p.userId, kind: 'system', key: `system:${p.key}`, actorId: null, data: { text: p.text, ...(p.href ? { href: p.href } : {}) } });
      },
    ],
  };
}
