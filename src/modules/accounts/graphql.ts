import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { UserRow } from './queries.js';
import { hasMemberAccess } from './membership-access.js';
import { userViewerEdge } from '../social/graphql.js';
import { dismissFlagResolver, dismissableFlagsResolver } from './dismissed-flags-graphql.js';

export const accountsTypeDefs = /* GraphQL */ `
  type SocialStats {
    followerCount: Int!
    followingCount: Int!
  }

  type UserViewerEdge {
    id: ID!
    isFollowing: Boolean!
    isMuting: Boolean!
    createdAt: Float
    lastPostCreatedAt: Float
  }

  type Verifications {
    isBookAuthor: Boolean!
  }

  enum MembershipTier {
    FREE
    FRIEND
    MEMBER
  }

  type Membership {
    id: ID!
    tier: MembershipTier!
    memberSince: Float
    friendSince: Float
  }

  type Geolocation {
    country: String
  }

  "Spec §3 User/Viewer. Fields of later issues resolve to their empty values until they land."
  type User {
    id: ID!
    name: String!
    username: String
    pronouns: [String!]!
    bio: String!
    imageId: String
    hasSubdomain: Boolean!
    isSuspended: Boolean!
    mediumMemberAt: Float
    createdAt: Float!
    socialStats: SocialStats!
    viewerEdge: UserViewerEdge!
    verifications: Verifications!
    membership: Membership
    geolocation: Geolocation
    dismissableFlags: [String!]!
  }

  type Visitor {
    id: ID!
    geolocation: Geolocation!
  }

  union UserResult = User | NotFound

  extend type Query {
    "The signed-in user; null when logged out."
    viewer: User
    visitor: Visitor!
    userResult(username: ID, id: ID): UserResult!
    isLoggedIn: Boolean!
  }

  extend type Mutation {
    "Spec §7 DismissFlag: the viewer dismisses one of their own flags; answers the user with dismissableFlags."
    dismissFlag(userId: ID!, flag: String!): User!
  }
`;

type Ctx = RequestContext;

export const accountsResolvers: IResolvers = {
  Query: {
    viewer: (_: unknown, __: unknown, ctx: Ctx) => (ctx.viewer ? ctx.loaders.userById.load(ctx.viewer.id) : null),
    visitor: (_: unknown, __: unknown, ctx: Ctx) => ({ id: ctx.visitorId, geolocation: { country: ctx.country } }),
    isLoggedIn: (_: unknown, __: unknown, ctx: Ctx) => ctx.viewer !== null,
    userResult: async (_: unknown, args: { username?: string | null; id?: string | null }, ctx: Ctx) => {
      const user = args.id ? await ctx.loaders.userById.load(args.id) : args.username ? await ctx.loaders.userByUsername.load(args.username) : null;
      // A deactivated account is hidden from everyone but its owner.
      if (!user || (user.deactivatedAt && ctx.viewer?.id !== user.id)) return { __typename: 'NotFound', message: 'User not found.' };
      return user;
    },
  },
  Mutation: {
    dismissFlag: dismissFlagResolver,
  },
  UserResult: {
    resolveType: (obj: { __typename?: string }) => obj.__typename ?? 'User',
  },
  User: {
    createdAt: (u: UserRow) => u.createdAt.getTime(),
    hasSubdomain: () => false,
    mediumMemberAt: () => null,
    socialStats: (u: UserRow) => ({ followerCount: u.followerCount, followingCount: u.followingCount }),
    // Follows and mutes live in the social module (one query per request for all users).
    viewerEdge: (u: UserRow, _: unknown, ctx: Ctx) => userViewerEdge(u.id, ctx),
    verifications: () => ({ isBookAuthor: false }),
    // The viewer's own membership while it gives access (tier and period on their row, kept
    // by the membership module); only the viewer learns it (whether someone pays is theirs to tell).
    membership: (u: UserRow, _: unknown, ctx: Ctx) =>
      ctx.viewer?.id === u.id && hasMemberAccess(u)
        ? { id: u.id, tier: u.memberTier, memberSince: u.memberSince?.getTime() ?? null, friendSince: u.friendSince?.getTime() ?? null }
        : null,
    geolocation: (_u: UserRow, _: unknown, ctx: Ctx) => ({ country: ctx.country }),
    dismissableFlags: dismissableFlagsResolver,
  },
};
