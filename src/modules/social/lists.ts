import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { BadRequestError } from '../../platform/errors/index.js';
import { LISTED } from '../posts/listed.js';

/**
 * The viewer's own lists (/me/following, /me/settings/mute): newest first, paged by a
 * keyset cursor `{microseconds}_{key}` naming the last row exactly (microseconds, as
 * PostgreSQL keeps them, so rows written in the same millisecond are neither skipped nor
 * repeated).
 */
export interface ListPage {
  keys: string[];
  next: string | null;
}

const CURSOR = /^(\d{1,19})_(.{1,200})$/;

function parseCursor(to: string | null | undefined): { micros: string; key: string } | null {
  if (!to) return null;
  const m = CURSOR.exec(to);
  if (!m) throw new BadRequestError('That page does not exist (bad paging cursor).');
  return { micros: m[1]!, key: m[2]! };
}

type ListKind = 'followedUsers' | 'followedTags' | 'mutedUsers';

/** Table, owner column and key column of each list (fixed names, never input). */
const LISTS: Record<ListKind, { table: string; owner: string; key: string }> = {
  followedUsers: { table: 'user_follows', owner: 'follower_id', key: 'target_user_id' },
  followedTags: { table: 'tag_follows', owner: 'user_id', key: 'tag_slug' },
  mutedUsers: { table: 'user_mutes', owner: 'user_id', key: 'target_user_id' },
};

export async function viewerList(db: Db, kind: ListKind, userId: string, limit: number, to?: string | null): Promise<ListPage> {
  const { table, owner, key } = LISTS[kind];
  const cursor = parseCursor(to);
  const after = cursor
    ? sql`and (created_at, ${sql.raw(key)}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.key})`
    : sql``;
  const { rows } = await db.execute<{ key: string; micros: string }>(sql`
    select ${sql.raw(key)} as key, (extract(epoch from created_at) * 1000000)::bigint::text as micros
    from ${sql.raw(table)} where ${sql.raw(owner)} = ${userId} ${after}
    order by created_at desc, ${sql.raw(key)} desc limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { keys: page.map((r) => r.key), next: rows.length > limit && last ? `${last.micros}_${last.key}` : null };
}

export type SuggestionReason = 'NETWORK' | 'TOPICS' | 'POPULAR';

export interface Suggestion {
  userId: string;
  reason: SuggestionReason;
}

/** How many of the viewer's follows, and of each of theirs, the network suggestion looks at. */
const NETWORK_FOLLOWS = 100;
const NETWORK_FOLLOWS_EACH = 50;
/** Suggestions from stories look at this many of the newest stories. */
const RECENT_STORIES = 2000;

/**
 * Writers to follow (customize-suggestions), best first: followed by the writers the
 * viewer follows (the more of them the better), then writing about the viewer's topics
 * in recent stories (by claps), then popular in recent stories. Never the viewer, a
 * writer they follow or muted, or an account that is deactivated or suspended. Every
 * candidate set is bounded (the viewer's newest 100 follows × 50 follows of each, read
 * straight off the user_follows primary key; the newest 2,000 stories through
 * posts_published_idx), so the cost does not grow with the site.
 */
export async function followSuggestions(db: Db, userId: string, limit: number): Promise<Suggestion[]> {
  const { rows } = await db.execute<{ id: string; reason: SuggestionReason }>(sql`
    with mine as (
      select target_user_id from user_follows where follower_id = ${userId} order by created_at desc limit ${NETWORK_FOLLOWS}
    ),
    network as (
      select f2.target_user_id as id, count(*)::float8 as score
      from mine cross join lateral (
        select target_user_id from user_follows where follower_id = mine.target_user_id limit ${NETWORK_FOLLOWS_EACH}
      ) f2
      group by 1
    ),
    recent as (
      select creator_id, clap_count, tags from posts
      where ${LISTED('posts')}
      order by first_published_at desc limit ${RECENT_STORIES}
    ),
    my_tags as (select array(select tag_slug from tag_follows where user_id = ${userId}) as slugs),
    topical as (
      select creator_id as id, sum(clap_count + 1)::float8 as score from recent, my_tags where tags && my_tags.slugs group by 1
    ),
    popular as (select creator_id as id, sum(clap_count + 1)::float8 as score from recent group by 1),
    ranked as (
      select id, 'NETWORK' as reason, 1 as tier, score from network
      union all select id, 'TOPICS', 2, score from topical
      union all select id, 'POPULAR', 3, score from popular
    ),
    best as (select distinct on (id) id, reason, tier, score from ranked order by id, tier, score desc)
    select b.id, b.reason from best b join users u on u.id = b.id
    where b.id <> ${userId} and u.deactivated_at is null and not u.is_suspended
      and not exists (select 1 from user_follows where follower_id = ${userId} and target_user_id = b.id)
      and not exists (select 1 from user_mutes where user_id = ${userId} and target_user_id = b.id)
    order by b.tier, b.score desc, b.id
    limit ${limit}`);
  return rows.map((r) => ({ userId: r.id, reason: r.reason }));
}
