import type DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import { NotFoundError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { followTag, followUser, muteUser, normalizeTagSlug, SOCIAL_MESSAGES, unfollowTag, unfollowUser, unmuteUser } from './commands.js';
import { createTagCountsLoader, createTagEdgeLoader, createUserEdgeLoader, type TagCounts, type UserEdge } from './queries.js';

export const socialGraphTypeDefs = /* GraphQL */ `
  type TagViewerEdge {
    id: ID!
    isFollowing: Boolean!
  }

  extend type Tag {
    "Published public stories carrying the tag."
    postCount: Int!
    followerCount: Int!
    viewerEdge: TagViewerEdge!
  }

  extend type Mutation {
    "Spec §7 FollowUser. Idempotent; 'You cannot follow yourself.' for the viewer."
    followUser(targetUserId: ID!): User!
    unfollowUser(targetUserId: ID!): User!
    "Spec §7 muteUser: the writer's stories leave the viewer's feeds."
    muteUser(targetUserId: ID!): User!
    unmuteUser(targetUserId: ID!): User!
    "Follow a topic (tag) by its slug."
    followTag(tagSlug: String!): Tag!
    unfollowTag(tagSlug: String!): Tag!
  }
`;

type Ctx = RequestContext;

/** Per-request loaders of this module, keyed by the request's loaders (as claps does). */
interface SocialLoaders {
  userEdge: DataLoader<string, UserEdge> | null;
  tagEdge: DataLoader<string, boolean> | null;
  tagCounts: DataLoader<string, TagCounts>;
}
const perRequest = new WeakMap<object, SocialLoaders>();
function loaders(ctx: Ctx): SocialLoaders {
  let l = perRequest.get(ctx.loaders);
  if (!l) {
    const viewerId = ctx.viewer?.id;
    l = {
      userEdge: viewerId ? createUserEdgeLoader(ctx.db, viewerId) : null,
      tagEdge: viewerId ? createTagEdgeLoader(ctx.db, viewerId) : null,
      tagCounts: createTagCountsLoader(ctx.db),
    };
    perRequest.set(ctx.loaders, l);
  }
  return l;
}

const NO_EDGE: UserEdge = { isFollowing: false, isMuting: false };

/**
 * Whose edge an id names. Every signed-out reader has the same (empty) edges, so theirs
 * share one id: a public page must not carry the visitor's own id, or the page cache
 * could not keep it (server/app.ts refuses pages holding the visitor id).
 */
const edgeViewer = (ctx: Ctx) => ctx.viewer?.id ?? 'anonymous';

/**
 * Spec §3 User.viewerEdge: whether the viewer follows and mutes the user. Signed out, and
 * for the viewer's own user, both are false. Used by the User type (accounts/graphql.ts).
 */
export async function userViewerEdge(userId: string, ctx: Ctx) {
  const loader = loaders(ctx).userEdge;
  const edge = loader && userId !== ctx.viewer?.id ? await loader.load(userId) : NO_EDGE;
  return { id: `userId:${userId}-viewerId:${edgeViewer(ctx)}`, ...edge, createdAt: null, lastPostCreatedAt: null };
}

function requireViewer(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError(SOCIAL_MESSAGES.signIn);
  return ctx.viewer.id;
}

type UserCommand = typeof followUser;

/** Runs a user command and answers the target as it is now, with the viewer's edge. */
function userMutation(command: UserCommand) {
  return async (_: unknown, args: { targetUserId: string }, ctx: Ctx) => {
    const viewerId = requireViewer(ctx);
    await command(ctx.db, viewerId, args.targetUserId);
    // The counters moved: later fields of this request read the rows again.
    ctx.loaders.userById.clear(args.targetUserId).clear(viewerId);
    // The edge is read after the commit: the truth even when another request raced this one.
    loaders(ctx).userEdge!.clear(args.targetUserId);
    const user = await ctx.loaders.userById.load(args.targetUserId);
    if (!user) throw new NotFoundError(SOCIAL_MESSAGES.userNotFound);
    return user;
  };
}

type TagCommand = typeof followTag;

function tagMutation(command: TagCommand, following: boolean) {
  return async (_: unknown, args: { tagSlug: string }, ctx: Ctx) => {
    const viewerId = requireViewer(ctx);
    const slug = normalizeTagSlug(args.tagSlug);
    await command(ctx.db, viewerId, slug);
    const l = loaders(ctx);
    l.tagCounts.clear(slug);
    l.tagEdge!.clear(slug).prime(slug, following);
    const title = await ctx.loaders.tagTitleBySlug.load(slug);
    return { id: slug, normalizedTagSlug: slug, displayTitle: title };
  };
}

type TagLike = { normalizedTagSlug?: string; slug?: string; id?: string };
const slugOf = (t: TagLike) => t.normalizedTagSlug ?? t.slug ?? t.id ?? '';

export const socialGraphResolvers: IResolvers = {
  Mutation: {
    followUser: userMutation(followUser),
    unfollowUser: userMutation(unfollowUser),
    muteUser: userMutation(muteUser),
    unmuteUser: userMutation(unmuteUser),
    followTag: tagMutation(followTag, true),
    unfollowTag: tagMutation(unfollowTag, false),
  },
  Tag: {
    postCount: async (t: TagLike, _: unknown, ctx: Ctx) => (await loaders(ctx).tagCounts.load(slugOf(t))).postCount,
    followerCount: async (t: TagLike, _: unknown, ctx: Ctx) => (await loaders(ctx).tagCounts.load(slugOf(t))).followerCount,
    viewerEdge: async (t: TagLike, _: unknown, ctx: Ctx) => {
      const slug = slugOf(t);
      const edge = loaders(ctx).tagEdge;
      return { id: `tagSlug:${slug}-viewerId:${edgeViewer(ctx)}`, isFollowing: edge ? await edge.load(slug) : false };
    },
  },
};
