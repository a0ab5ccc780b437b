import type { IResolvers } from 'mercurius';
import { systemClock } from '../../platform/clock.js';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { isYourStoriesFilter, yourStoriesCounts, yourStoriesFilterOf, yourStoriesPage, yourStoryById, type YourStoriesFilter, type YourStoryRow } from './library-queries.js';
import { moveToTrash, permanentDeletionAt, restoreFromTrash, RESTORE_EXPIRED_MESSAGE, type TrashOutcome } from './trash.js';

/** Your stories (spec §2.3 /me/stories[/{filterBy}]) and the trash (spec §4, §7 DeletePost, UndeletePostMutation). */
export const libraryTypeDefs = /* GraphQL */ `
  "The tabs of Your stories (spec §2.3 filterBy)."
  enum YourStoriesFilter {
    drafts
    public
    unlisted
    responses
    deleted
  }

  "One of the viewer's own stories or responses as Your stories lists it."
  type YourStory {
    "The post's id."
    id: ID!
    post: Post!
    "The subtitle, or the opening text of the body when there is none."
    previewText: String!
    "The tab it is in."
    filterBy: YourStoriesFilter!
    "When it went to the trash; null outside the trash."
    deletedAt: Float
    "When the trash purge deletes it for good (14 days after deletedAt); null outside the trash."
    permanentlyDeletedAt: Float
  }

  type YourStoriesConnection {
    items: [YourStory!]!
    pagingInfo: PagingInfo!
    "The server's time of this answer: 'edited 3 hours ago' counts from it, so the server-rendered page and the browser agree."
    asOf: Float!
  }

  type YourStoriesCounts {
    drafts: Int!
    public: Int!
    unlisted: Int!
    responses: Int!
    deleted: Int!
  }

  union DeletePostResult = YourStory | NotFound
  union UndeletePostResult = YourStory | NotFound | BadRequest

  extend type Query {
    "A tab of the viewer's stories, newest first; null when logged out."
    yourStories(filterBy: YourStoriesFilter!, paging: PagingOptions): YourStoriesConnection
    "How many posts each tab holds; null when logged out."
    yourStoriesCounts: YourStoriesCounts
  }

  extend type Mutation {
    "DeletePost: moves a story or response to the trash (its author or staff). Again on a trashed post: no change."
    deletePost(targetPostId: ID!): DeletePostResult!
    "UndeletePostMutation: takes it out of the trash within 14 days. On a post not in the trash: no change."
    undeletePost(targetPostId: ID!): UndeletePostResult!
  }
`;

const MAX_PAGE = 25;
const NOT_FOUND = { __typename: 'NotFound', message: 'Story not found.' };
export const SIGN_IN_TO_MANAGE_STORIES = 'Sign in to manage your stories.';

function requireViewer(ctx: RequestContext) {
  if (!ctx.viewer) throw new UnauthorizedError(SIGN_IN_TO_MANAGE_STORIES);
  return ctx.viewer;
}

/** The mutation's answer: the post as the list shows it now, and readers' loaders forget it. */
async function answer(outcome: TrashOutcome, ctx: RequestContext) {
  if (outcome.kind === 'not-found') return NOT_FOUND;
  if (outcome.kind === 'expired') return { __typename: 'BadRequest', message: RESTORE_EXPIRED_MESSAGE };
  ctx.loaders.postById.clear(outcome.post.id);
  ctx.loaders.postWithParagraphsById.clear(outcome.post.id);
  return (await yourStoryById(ctx.db, outcome.post.id)) ?? NOT_FOUND;
}

export const libraryResolvers: IResolvers = {
  Query: {
    yourStories: async (_: unknown, args: { filterBy: YourStoriesFilter; paging?: { limit?: number | null; to?: string | null } | null }, ctx: RequestContext) => {
      if (!ctx.viewer) return null;
      // The enum has validated it; this guards a resolver called another way.
      if (!isYourStoriesFilter(args.filterBy)) return null;
      const limit = Math.max(1, Math.min(args.paging?.limit ?? 10, MAX_PAGE));
      const asOf = Date.now();
      const { items, next } = await yourStoriesPage(ctx.db, ctx.viewer.id, args.filterBy, limit, args.paging?.to);
      for (const row of items) ctx.loaders.postById.prime(row.id, row);
      return { items, pagingInfo: { next: next ? { limit, to: next } : null }, asOf };
    },
    yourStoriesCounts: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer ? yourStoriesCounts(ctx.db, ctx.viewer.id) : null),
  },
  Mutation: {
    deletePost: async (_: unknown, args: { targetPostId: string }, ctx: RequestContext) =>
      answer(await moveToTrash(ctx.db, requireViewer(ctx), args.targetPostId, systemClock.now()), ctx),
    undeletePost: async (_: unknown, args: { targetPostId: string }, ctx: RequestContext) =>
      answer(await restoreFromTrash(ctx.db, requireViewer(ctx), args.targetPostId, systemClock.now()), ctx),
  },
  DeletePostResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'YourStory' },
  UndeletePostResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'YourStory' },
  YourStory: {
    post: (r: YourStoryRow) => r,
    filterBy: (r: YourStoryRow) => yourStoriesFilterOf(r),
    deletedAt: (r: YourStoryRow) => r.deletedAt?.getTime() ?? null,
    permanentlyDeletedAt: (r: YourStoryRow) => (r.deletedAt ? permanentDeletionAt(r.deletedAt).getTime() : null),
  },
};
