import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PostRow } from '../posts/queries.js';
import { viewerFeedSources } from './feed-sources.js';
import { postsByCreator, staffPickPostIds } from './queries.js';
import { isListed } from '../posts/listed.js';

const MAX_PAGE = 25;

export const feedsTypeDefs = /* GraphQL */ `
  "Spec §3 paging options: a limit and the cursor of the next page."
  input PagingOptions {
    limit: Int
    to: String
  }

  type PageParams {
    limit: Int!
    to: String
  }

  type PagingInfo {
    next: PageParams
  }

  type PostConnection {
    items: [Post!]!
    pagingInfo: PagingInfo!
  }

  extend type Query {
    staffPicksFeed(paging: PagingOptions): PostConnection!
  }

  extend type User {
    "The writer's published stories, newest first (profile Home tab, 'More from')."
    homepagePostsConnection(paging: PagingOptions): PostConnection!
  }
`;

export const pageLimit = (paging?: { limit?: number | null }) => Math.max(1, Math.min(paging?.limit ?? 10, MAX_PAGE));

export async function loadListed(ids: string[], ctx: RequestContext): Promise<PostRow[]> {
  const rows = (await ctx.loaders.postById.loadMany(ids)).filter((p): p is PostRow => p !== null && !(p instanceof Error));
  return withActiveCreators(rows, ctx);
}

/** A signed-in reader never sees the writers they muted, in any list of this module. */
export async function withoutMuted(rows: PostRow[], ctx: RequestContext): Promise<PostRow[]> {
  if (!ctx.viewer) return rows;
  const muted = new Set((await viewerFeedSources(ctx, ctx.viewer.id)).mutedIds);
  return muted.size ? rows.filter((r) => !muted.has(r.creatorId)) : rows;
}

/** Lists leave out stories of deactivated accounts (one batched lookup of their writers). */
async function withActiveCreators(rows: PostRow[], ctx: RequestContext): Promise<PostRow[]> {
  const creators = await ctx.loaders.userById.loadMany([...new Set(rows.map((r) => r.creatorId))]);
  const hidden = new Set(creators.filter((u) => u && !(u instanceof Error) && u.deactivatedAt).map((u) => (u as { id: string }).id));
  return hidden.size ? rows.filter((r) => !hidden.has(r.creatorId)) : rows;
}

export const feedsResolvers: IResolvers = {
  Query: {
    staffPicksFeed: async (_: unknown, args: { paging?: { limit?: number; to?: string } }, ctx: RequestContext) => {
      const limit = pageLimit(args.paging);
      const cursor = args.paging?.to ? Number.parseInt(args.paging.to, 10) || 0 : null;
      const { ids, next } = await staffPickPostIds(ctx.db, limit, cursor);
      // The ids may be kept a little while (kept-staff-picks.ts): a story trashed or unlisted since is left out.
      const listed = (await loadListed(ids, ctx)).filter(isListed);
      return { items: await withoutMuted(listed, ctx), pagingInfo: { next: next === null ? null : { limit, to: String(next) } } };
    },
  },
  User: {
    homepagePostsConnection: async (user: { id: string }, args: { paging?: { limit?: number; to?: string } }, ctx: RequestContext) => {
      const limit = pageLimit(args.paging);
      const before = args.paging?.to ? new Date(Number(args.paging.to)) : null;
      const rows = await postsByCreator(ctx.db, user.id, limit + 1, before && !Number.isNaN(before.getTime()) ? before : null);
      for (const row of rows) ctx.loaders.postById.prime(row.id, row);
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      const next = rows.length > limit && last?.firstPublishedAt ? { limit, to: String(last.firstPublishedAt.getTime()) } : null;
      return { items, pagingInfo: { next } };
    },
  },
};
