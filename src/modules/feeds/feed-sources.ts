import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { RequestContext } from '../../server/graphql/context.js';

/**
 * What a reader's feeds are made of: the writers and topics they follow, minus the
 * writers they muted (a muted writer never appears, followed or not), and the publications
 * they follow and mute: a followed publication's stories are one more LATERAL branch of the
 * Following query; a muted publication's stories leave Following and For you.
 */
export interface FeedSources {
  viewerId: string;
  authorIds: string[];
  tagSlugs: string[];
  mutedIds: string[];
  /** Stories the reader dismissed ('Show less like this'): few, so passed as an array, which keeps each per-source scan a plain index scan. */
  dismissedIds: string[];
  /** Publications followed and not muted: their stories are the Following tab's third source. */
  publicationIds?: string[];
  /** Publications muted: their stories leave Following and For you. */
  mutedPublicationIds?: string[];
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
  coalesce((select array_agg(post_id) from feed_dismissals where user_id = $1), '{}') as dismissed,
  coalesce((select array_agg(publication_id) from publication_follows where user_id = $1), '{}') as publications,
  coalesce((select array_agg(publication_id) from publication_mutes where user_id = $1), '{}') as muted_publications`;

export async function feedSources(db: Db, viewerId: string): Promise<FeedSources> {
  const { rows } = await db.$client.query<{ followed: string[]; tags: string[]; muted: string[]; dismissed: string[]; publications: string[]; muted_publications: string[] }>({
    name: 'feed_sources',
    text: FEED_SOURCES_SQL,
    values: [viewerId],
  });
  const { followed, tags, muted, dismissed, publications, muted_publications } = rows[0]!;
  const mutedSet = new Set(muted);
  const mutedPublications = new Set(muted_publications);
  return {
    viewerId,
    authorIds: followed.filter((id) => !mutedSet.has(id) && id !== viewerId),
    tagSlugs: tags,
    mutedIds: muted,
    dismissedIds: dismissed,
    publicationIds: publications.filter((id) => !mutedPublications.has(id)),
    mutedPublicationIds: muted_publications,
  };
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

/**
 * Not a story of a publication the reader muted. Empty (no condition, the same plan) for the
 * many readers who muted none; otherwise one primary-key probe of the story per row scanned.
 */
export const NOT_IN_MUTED_PUBLICATION = (src: Pick<FeedSources, 'mutedPublicationIds'>, postIdColumn: string) =>
  src.mutedPublicationIds?.length
    ? sql`and not exists (select 1 from posts mp where mp.id = ${sql.raw(postIdColumn)} and mp.collection_id = any(${textArray(src.mutedPublicationIds)}))`
    : sql``;

export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
