import type { RequestContext } from '../../server/graphql/context.js';
import type { PostRow } from '../posts/queries.js';
import { viewerFeedSources } from '../feeds/feed-sources.js';
import { TOPICS_LIMITS } from './limits.js';
import type { TagRow, WriterInTags } from './queries.js';

type Ctx = RequestContext;

/** The GraphQL Tag of a row (Tag.postCount, followerCount and viewerEdge are the social module's). */
export const presentTag = (t: Pick<TagRow, 'slug' | 'displayTitle'>) => ({ __typename: 'Tag', id: t.slug, normalizedTagSlug: t.slug, displayTitle: t.displayTitle });

export const pageLimit = (paging?: { limit?: number | null } | null, max: number = TOPICS_LIMITS.maxPage) =>
  Math.max(1, Math.min(paging?.limit ?? TOPICS_LIMITS.defaultPage, max));

/** The offset cursor of a ranked list (next.to), bounded so no one pages through the whole table. */
export const rankedOffset = (to: string | null | undefined) => {
  const n = /^\d{1,6}$/.test(to ?? '') ? Number(to) : 0;
  return Math.min(n, TOPICS_LIMITS.maxRankedOffset);
};

/**
 * Writers whose stories this reader never sees in tag lists: the ones they muted (the
 * reader's feed sources, read once per request for feeds and topics alike). With `self`,
 * the reader too (who-to-follow lists).
 */
export async function excludedWriters(ctx: Ctx, opts: { self?: boolean } = {}): Promise<string[]> {
  const viewerId = ctx.viewer?.id;
  if (!viewerId) return [];
  const { mutedIds } = await viewerFeedSources(ctx, viewerId);
  return opts.self ? [...mutedIds, viewerId] : mutedIds;
}

/** Deactivated accounts' stories leave lists with them (one batched lookup of their writers). */
export async function visiblePosts(ctx: Ctx, rows: PostRow[]): Promise<PostRow[]> {
  const hidden = await deactivated(ctx, rows.map((r) => r.creatorId));
  return hidden.size ? rows.filter((r) => !hidden.has(r.creatorId)) : rows;
}

/** Writers as TagWriter objects, without deactivated or suspended accounts. */
export async function visibleWriters(ctx: Ctx, rows: WriterInTags[]) {
  const users = await ctx.loaders.userById.loadMany(rows.map((r) => r.userId));
  return rows.flatMap((r, i) => {
    const user = users[i];
    if (!user || user instanceof Error || user.deactivatedAt || user.isSuspended) return [];
    return [{ user, clapCount: r.clapCount, postCount: r.postCount }];
  });
}

async function deactivated(ctx: Ctx, ids: string[]): Promise<Set<string>> {
  const users = await ctx.loaders.userById.loadMany([...new Set(ids)]);
  return new Set(users.filter((u) => u && !(u instanceof Error) && u.deactivatedAt).map((u) => (u as { id: string }).id));
}
