import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { RequestContext } from '../../server/graphql/context.js';

/**
 * What a reader's feeds are made of: the writers and topics they follow, minus the
 * writers they muted (a muted writer never appears, followed or not). Publications join
 * here as a third source when they exist: their stories are one more LATERAL branch of
 * the Following query and one more candidate set of For you.
 */
export interface FeedSources {
  viewerId: string;
  authorIds: string[];
  tagSlugs: string[];
  mutedIds: string[];
  /** Stories the reader dismissed ('Show less like this'): few, so passed as an array, which keeps each per-source scan a plain index scan. */
  dismissedIds: string[];
}

/**
 * The reader's follows, topics, mutes and dismissals in one statement (named, planned once
 * per connection): every signed-in feed and sidebar starts here, so one round trip, not four.
 */
const FEED_SOURCES_SQL = `
select
  coalesce((select array_agg(target_user_id) from user_follows where follower_id = $1), '{}') as followed,
  coalesce((select array_agg(tag_slug) from tag_follows where user_id = $1), '{}') as tags,
  coalesce((select array_agg(target_user_id) from user_mutes where user_id = $1), '{}') as muted,
  coalesce((select array_agg(post_id) from feed_dismissals where user_id = $1), '{}') as dismissed`;

export async function feedSources(db: Db, viewerId: string): Promise<FeedSources> {
  const { rows } = await db.$client.query<{ followed: string[]; tags: string[]; muted: string[]; dismissed: string[] }>({ name: 'feed_sources', text: FEED_SOURCES_SQL, values: [viewerId] });
  const { followed, tags, muted, dismissed } = rows[0]!;
  const mutedSet = new Set(muted);
  return { viewerId, authorIds: followed.filter((id) => !mutedSet.has(id) && id !== viewerId), tagSlugs: tags, mutedIds: muted, dismissedIds: dismissed };
}

/**
 * The signed-in viewer's sources, read once per request: the home page asks for For you,
 * staff picks, topics and writers to follow together, and each needs the same lists.
 */
const perRequest = new WeakMap<object, Promise<FeedSources>>();
export function viewerFeedSources(ctx: Pick<RequestContext, 'db' | 'loaders'>, viewerId: string): Promise<FeedSources> {
  let s = perRequest.get(ctx.loaders);
  if (!s) perRequest.set(ctx.loaders, (s = feedSources(ctx.db, viewerId)));
  return s;
}

/** A story any reader may find in a list (posts/listed.ts). */
export { LISTED } from '../posts/listed.js';

/** Not a story the reader dismissed with 'Show less like this'. */
export const NOT_DISMISSED = (src: Pick<FeedSources, 'dismissedIds'>, postIdColumn: string) => sql`${sql.raw(postIdColumn)} <> all(${textArray(src.dismissedIds)})`;

export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
