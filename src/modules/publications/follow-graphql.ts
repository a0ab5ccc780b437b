import type { IResolvers } from 'mercurius';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PublicationOutcome } from './commands.js';
import { followPublication, mutePublication, unfollowPublication, unmutePublication, type FollowChange } from './follow-commands.js';
import type { UserRow } from '../accounts/queries.js';
import { pageLimit, parseKeysetCursor } from '../posts/pins-cursor.js';
import { publicationFollowersPage } from './followers-queries.js';
import { PUBLICATION_MESSAGES, type PublicationRow } from './model.js';

/**
 * Spec §7 FollowCollection/UnfollowCollection and muteCollection/unmuteCollection, shaped as
 * followUser/muteUser are: the target's id in, the target as it is now out (its viewerEdge and
 * subscriberCount read after the commit), failures as errors.
 */
export const publicationFollowTypeDefs = /* GraphQL */ `
  extend type Collection {
    "ShowLiteCollectionFollowers: who follows the publication, the most recent first."
    followersConnection(paging: PagingOptions): UserFollowsConnection!
  }
  extend type Mutation {
    "Spec §7 FollowCollection. Idempotent; the owner of the publication cannot follow it."
    followCollection(targetCollectionId: ID!): Collection!
    unfollowCollection(targetCollectionId: ID!): Collection!
    "Spec §7 muteCollection: the publication's stories leave the viewer's feeds."
    muteCollection(targetCollectionId: ID!): Collection!
    unmuteCollection(targetCollectionId: ID!): Collection!
  }
`;

type Ctx = RequestContext;
type Command = typeof followPublication;

/** A refusal as the error the user mutations throw. */
export function throwRefusal(outcome: Exclude<PublicationOutcome<FollowChange>, { kind: 'ok' }>): never {
  switch (outcome.kind) {
    case 'not-found':
      throw new NotFoundError(outcome.message);
    case 'forbidden':
      throw new ForbiddenError(outcome.message);
    case 'unauthorized':
      throw new UnauthorizedError(outcome.message);
    default:
      throw new BadRequestError(outcome.message);
  }
}

function collectionMutation(command: Command) {
  return async (_: unknown, args: { targetCollectionId: string }, ctx: Ctx) => {
    if (!ctx.viewer) throw new UnauthorizedError(PUBLICATION_MESSAGES.signIn);
    const outcome = await command(ctx.db, ctx.viewer.id, args.targetCollectionId);
    if (outcome.kind !== 'ok') throwRefusal(outcome);
    ctx.loaders.publicationById.clear(args.targetCollectionId).prime(args.targetCollectionId, outcome.value.publication);
    return outcome.value.publication;
  };
}

type Paging = { limit?: number | null; to?: string | null } | null | undefined;

export const publicationFollowResolvers: IResolvers = {
  Collection: {
    followersConnection: async (p: PublicationRow, args: { paging?: Paging }, ctx: Ctx) => {
      const limit = pageLimit(args.paging, 20, 25);
      const page = await publicationFollowersPage(ctx.db, p.id, limit, parseKeysetCursor(args.paging?.to, 'followers'));
      // One batched lookup of the people (the request's user loader).
      const found = await ctx.loaders.userById.loadMany(page.ids);
      const users = found.filter((u): u is UserRow => u !== null && !(u instanceof Error));
      return { users, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
    },
  },
  Mutation: {
    followCollection: collectionMutation(followPublication),
    unfollowCollection: collectionMutation(unfollowPublication),
    muteCollection: collectionMutation(mutePublication),
    unmuteCollection: collectionMutation(unmutePublication),
  },
};
