import type { IResolvers } from 'mercurius';
import { systemClock } from '../../platform/clock.js';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { pageLimit, parseKeysetCursor } from './pins-cursor.js';
import { profileResponsesPage, profileStoriesPage, type ProfilePage } from './pins-queries.js';
import { MAX_PINNED_STORIES, PIN_MESSAGES, pinPost, unpinPost, type PinOutcome } from './pins.js';

/** Pinned stories and the profile's story tabs (spec §2.3 author pages, §8 MaxPinnedStoriesReached). */
export const pinsTypeDefs = /* GraphQL */ `
  "Spec §8 result variant: the writer already has the most pinned stories allowed."
  type MaxPinnedStoriesReached {
    message: String!
    maxPinnedStories: Int!
  }

  union PinPostResult = Post | MaxPinnedStoriesReached | NotFound | BadRequest

  extend type Mutation {
    "Pins the viewer's own published public story to the top of their profile (at most ${MAX_PINNED_STORIES})."
    pinPost(postId: ID!): PinPostResult!
    "Takes the pin off; a story that is not pinned stays as it is."
    unpinPost(postId: ID!): PinPostResult!
  }

  extend type User {
    "Profile Home tab: pinned stories first, then the others newest first (stories only, no responses). pinnedFirst false (Latest tab): all newest first."
    profileStoriesConnection(paging: PagingOptions, pinnedFirst: Boolean = true): PostConnection!
    "Profile Responses tab: the user's responses, newest first."
    profileResponsesConnection(paging: PagingOptions): PostConnection!
  }
`;

type Ctx = RequestContext;
type Paging = { limit?: number | null; to?: string | null } | null | undefined;

const MAX_PAGE = 25;
const SIGN_IN_TO_PIN = 'Sign in to pin stories to your profile.';

function answer(outcome: PinOutcome, ctx: Ctx) {
  switch (outcome.kind) {
    case 'ok':
      ctx.loaders.postById.clear(outcome.post.id).prime(outcome.post.id, outcome.post);
      return { __typename: 'Post', ...outcome.post };
    case 'not-found':
      return { __typename: 'NotFound', message: PIN_MESSAGES.notFound };
    case 'not-pinnable':
      return { __typename: 'BadRequest', message: PIN_MESSAGES.notPinnable };
    case 'max-pinned':
      return { __typename: 'MaxPinnedStoriesReached', message: PIN_MESSAGES.maxPinned, maxPinnedStories: MAX_PINNED_STORIES };
  }
}

/** A page as a PostConnection; the rows prime the request's post loader for the cards' fields. */
function connection(page: ProfilePage, limit: number, ctx: Ctx) {
  for (const row of page.rows) ctx.loaders.postById.prime(row.id, row);
  return { items: page.rows, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
}

function viewerId(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError(SIGN_IN_TO_PIN);
  return ctx.viewer.id;
}

export const pinsResolvers: IResolvers = {
  Mutation: {
    pinPost: async (_: unknown, args: { postId: string }, ctx: Ctx) => answer(await pinPost(ctx.db, viewerId(ctx), args.postId, systemClock.now()), ctx),
    unpinPost: async (_: unknown, args: { postId: string }, ctx: Ctx) => answer(await unpinPost(ctx.db, viewerId(ctx), args.postId), ctx),
  },
  PinPostResult: {
    resolveType: (o: { __typename?: string }) => o.__typename ?? 'Post',
  },
  User: {
    profileStoriesConnection: async (user: { id: string }, args: { paging?: Paging; pinnedFirst?: boolean | null }, ctx: Ctx) => {
      const limit = pageLimit(args.paging, 10, MAX_PAGE);
      return connection(await profileStoriesPage(ctx.db, user.id, limit, parseKeysetCursor(args.paging?.to, 'stories'), args.pinnedFirst !== false), limit, ctx);
    },
    profileResponsesConnection: async (user: { id: string }, args: { paging?: Paging }, ctx: Ctx) => {
      const limit = pageLimit(args.paging, 10, MAX_PAGE);
      return connection(await profileResponsesPage(ctx.db, user.id, ctx.viewer?.id ?? null, limit, parseKeysetCursor(args.paging?.to, 'responses')), limit, ctx);
    },
  },
};
