import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { UserRow } from '../accounts/queries.js';
import { loadTags } from '../posts/queries.js';
import { followSuggestions, viewerList } from './lists.js';

/** The viewer's following, muted and suggestions pages (customize-following, customize-muted, customize-suggestions). */
export const socialListsTypeDefs = /* GraphQL */ `
  "A page of the viewer's people, newest first; pagingInfo.next is null on the last page."
  type ViewerUsersPage {
    users: [User!]!
    pagingInfo: PagingInfo!
  }

  type ViewerTagsPage {
    tags: [Tag!]!
    pagingInfo: PagingInfo!
  }

  enum FollowSuggestionReason {
    "Followed by writers the viewer follows."
    NETWORK
    "Writes about topics the viewer follows."
    TOPICS
    "Popular in recent stories."
    POPULAR
  }

  type FollowSuggestion {
    user: User!
    reason: FollowSuggestionReason!
  }

  extend type Query {
    "Writers the viewer follows (null signed out)."
    viewerFollowedUsers(paging: PagingOptions): ViewerUsersPage
    "Topics the viewer follows (null signed out)."
    viewerFollowedTags(paging: PagingOptions): ViewerTagsPage
    "Writers the viewer muted (null signed out)."
    viewerMutedUsers(paging: PagingOptions): ViewerUsersPage
    "Writers to follow, best first, never followed or muted ones (null signed out)."
    viewerFollowSuggestions(limit: Int): [FollowSuggestion!]
  }
`;

type Ctx = RequestContext;
type Paging = { paging?: { limit?: number | null; to?: string | null } | null };

const MAX_PAGE = 50;
const limitOf = (n: number | null | undefined, fallback: number) => Math.max(1, Math.min(n ?? fallback, MAX_PAGE));

async function usersOf(ctx: Ctx, ids: string[]): Promise<UserRow[]> {
  const found = await ctx.loaders.userById.loadMany(ids);
  return found.filter((u): u is UserRow => u !== null && !(u instanceof Error));
}

function usersPage(kind: 'followedUsers' | 'mutedUsers') {
  return async (_: unknown, args: Paging, ctx: Ctx) => {
    if (!ctx.viewer) return null;
    const limit = limitOf(args.paging?.limit, 25);
    const page = await viewerList(ctx.db, kind, ctx.viewer.id, limit, args.paging?.to);
    return { users: await usersOf(ctx, page.keys), pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
  };
}

export const socialListsResolvers: IResolvers = {
  Query: {
    viewerFollowedUsers: usersPage('followedUsers'),
    viewerMutedUsers: usersPage('mutedUsers'),
    viewerFollowedTags: async (_: unknown, args: Paging, ctx: Ctx) => {
      if (!ctx.viewer) return null;
      const limit = limitOf(args.paging?.limit, 25);
      const page = await viewerList(ctx.db, 'followedTags', ctx.viewer.id, limit, args.paging?.to);
      return { tags: await loadTags(ctx.loaders, page.keys), pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
    },
    viewerFollowSuggestions: async (_: unknown, args: { limit?: number | null }, ctx: Ctx) => {
      if (!ctx.viewer) return null;
      const suggestions = await followSuggestions(ctx.db, ctx.viewer.id, limitOf(args.limit, 20));
      const users = new Map((await usersOf(ctx, suggestions.map((s) => s.userId))).map((u) => [u.id, u]));
      return suggestions.flatMap((s) => (users.has(s.userId) ? [{ user: users.get(s.userId), reason: s.reason }] : []));
    },
  },
};
