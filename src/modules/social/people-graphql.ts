import type { IResolvers } from 'mercurius';
import type { UserRow } from '../accounts/queries.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { pageLimit, parseKeysetCursor } from '../posts/pins-cursor.js';
import { peoplePage } from './people-queries.js';

/** The people pages of a profile (spec §2.3 /@{username}/followers and /following). */
export const peopleTypeDefs = /* GraphQL */ `
  "A page of people; pagingInfo.next is null on the last page (spec §3 paging options)."
  type UserFollowsConnection {
    users: [User!]!
    pagingInfo: PagingInfo!
  }

  extend type User {
    "Who follows this user, the most recent first."
    followersConnection(paging: PagingOptions): UserFollowsConnection!
    "Whom this user follows, the most recent first."
    followingConnection(paging: PagingOptions): UserFollowsConnection!
  }
`;

type Ctx = RequestContext;
type Paging = { limit?: number | null; to?: string | null } | null | undefined;

const MAX_PAGE = 25;

function connection(side: 'followers' | 'following') {
  return async (user: { id: string }, args: { paging?: Paging }, ctx: Ctx) => {
    const limit = pageLimit(args.paging, 10, MAX_PAGE);
    const page = await peoplePage(ctx.db, side, user.id, limit, parseKeysetCursor(args.paging?.to, side));
    // One batched lookup of the people (the request's user loader).
    const found = await ctx.loaders.userById.loadMany(page.ids);
    const people = found.filter((u): u is UserRow => u !== null && !(u instanceof Error));
    return { users: people, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
  };
}

export const peopleResolvers: IResolvers = {
  User: {
    followersConnection: connection('followers'),
    followingConnection: connection('following'),
  },
};
