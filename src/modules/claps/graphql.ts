import type DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PostRow } from '../posts/queries.js';
import { CLAP_MESSAGES, clapPost, MAX_CLAPS_PER_STORY } from './commands.js';
import { createViewerClapLoader } from './queries.js';

export const clapsTypeDefs = /* GraphQL */ `
  "What a clap call did (spec §7 clap returns clapCount)."
  type ClapSuccess {
    post: Post!
    "The story's claps from every reader."
    clapCount: Int!
    "The viewer's claps on the story, 1 to 50."
    viewerClapCount: Int!
    "Claps this call added: numClaps, or fewer when the viewer's total would have passed 50."
    addedClaps: Int!
    "Set when fewer claps were added than asked: why, for the reader."
    notice: String
  }

  union ClapResult = ClapSuccess | NotFound | BadRequest

  extend type Post {
    "The viewer's claps on this story (0 when signed out)."
    viewerClapCount: Int!
  }

  extend type Mutation {
    "Spec §7: numClaps from 1 to 50; userId is the viewer. A trashed or unreadable story is NotFound."
    clap(targetPostId: ID!, userId: ID!, numClaps: Int!): ClapResult
  }
`;

type Ctx = RequestContext;

const viewerClapLoaders = new WeakMap<object, DataLoader<string, number>>();
/** Per request (keyed by its loaders), for the request's viewer. */
function viewerClaps(ctx: Ctx, userId: string): DataLoader<string, number> {
  let loader = viewerClapLoaders.get(ctx.loaders);
  if (!loader) viewerClapLoaders.set(ctx.loaders, (loader = createViewerClapLoader(ctx.db, userId)));
  return loader;
}

const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const notFound = { __typename: 'NotFound', message: CLAP_MESSAGES.notFound };

export const clapsResolvers: IResolvers = {
  Mutation: {
    clap: async (_: unknown, args: { targetPostId: string; userId: string; numClaps: number }, ctx: Ctx) => {
      if (!ctx.viewer) throw new UnauthorizedError(CLAP_MESSAGES.signIn);
      if (!Number.isInteger(args.numClaps) || args.numClaps < 1 || args.numClaps > MAX_CLAPS_PER_STORY) return badRequest(CLAP_MESSAGES.numClaps);
      if (args.userId !== ctx.viewer.id) return badRequest(CLAP_MESSAGES.notYou);
      const outcome = await clapPost(ctx.db, args.targetPostId, ctx.viewer.id, args.numClaps);
      if (outcome.kind === 'not-found') return notFound;
      if (outcome.kind === 'own-story') return badRequest(CLAP_MESSAGES.ownStory);
      // Later fields of this request read the new figures.
      ctx.loaders.postById.clear(args.targetPostId);
      viewerClaps(ctx, ctx.viewer.id).clear(args.targetPostId).prime(args.targetPostId, outcome.viewerClapCount);
      return {
        __typename: 'ClapSuccess',
        postId: args.targetPostId,
        clapCount: outcome.clapCount,
        viewerClapCount: outcome.viewerClapCount,
        addedClaps: outcome.added,
        notice: outcome.message,
      };
    },
  },
  ClapResult: { resolveType: (o: { __typename: string }) => o.__typename },
  ClapSuccess: {
    post: (r: { postId: string }, _: unknown, ctx: Ctx) => ctx.loaders.postById.load(r.postId),
  },
  Post: {
    viewerClapCount: (p: PostRow, _: unknown, ctx: Ctx) => (ctx.viewer ? viewerClaps(ctx, ctx.viewer.id).load(p.id) : 0),
  },
};
