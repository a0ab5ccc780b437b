import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { isReadable } from '../posts/policies.js';
import type { PostRow } from '../posts/queries.js';
import { createSequence, deleteSequence, type SeriesOutcome, setSequenceFollow, setSequencePublished, updateSequence } from './commands.js';
import { canSeeSequence, isSeriesFilter, type SequenceInput, type SequenceRow, sequenceSlug, SERIES_MESSAGES } from './model.js';
import { createSequenceOfPostLoader, isFollowingSequence, sequenceForViewer, sequencePostIds, seriesCandidateIds, userSequences, viewerSequences } from './queries.js';

export const seriesTypeDefs = /* GraphQL */ `
  "Spec §3 Sequence: a writer's series of their own stories, read in order at /s/{slug}."
  type Sequence {
    id: ID!
    "The title's slug plus '-' plus the id: /s/{slug}."
    slug: String!
    title: String!
    description: String!
    coverImageId: String
    "False for a draft (seen by its writer only)."
    isPublished: Boolean!
    creator: User!
    "Every part, including any the viewer may not read."
    itemsCount: Int!
    followersCount: Int!
    viewerIsOwner: Boolean!
    viewerIsFollowing: Boolean!
    "The parts the viewer may read, in reading order."
    posts: [Post!]!
    updatedAt: Float!
  }
  enum SequenceFilter { DRAFTS PUBLIC }
  input SequenceInput {
    title: String!
    description: String
    coverImageId: String
    "The parts in reading order: the whole list (stories left out are removed)."
    postIds: [ID!]!
  }
  type SequenceSuccess { sequence: Sequence! }
  union SequenceResult = SequenceSuccess | NotFound | BadRequest | Unauthorized

  extend type Post {
    "Whether the story is part of a series the viewer may see."
    isSeries: Boolean!
    "The series holding the story (a story is part of at most one)."
    sequence: Sequence
  }
  extend type User {
    "Published series of that user; the viewer's own drafts too."
    sequences: [Sequence!]!
  }
  extend type Query {
    "By slug or bare id; a draft is null to everyone but its writer."
    sequence(sequenceSlug: String!): Sequence
    "The viewer's series (/me/series[/{filterBy}])."
    viewerSequences(filterBy: SequenceFilter): [Sequence!]!
    "The viewer's stories that may be parts of a series (in none yet), newest first."
    seriesCandidates: [Post!]!
  }
  extend type Mutation {
    createSequence(input: SequenceInput!): SequenceResult!
    updateSequence(sequenceId: ID!, input: SequenceInput!): SequenceResult!
    publishSequence(sequenceId: ID!): SequenceResult!
    unpublishSequence(sequenceId: ID!): SequenceResult!
    deleteSequence(sequenceId: ID!): SequenceResult!
    followSequence(sequenceId: ID!): SequenceResult!
    unfollowSequence(sequenceId: ID!): SequenceResult!
  }
`;

type Ctx = RequestContext;
const unauthorized = { __typename: 'Unauthorized', message: SERIES_MESSAGES.signIn };

function result(outcome: SeriesOutcome): object {
  switch (outcome.kind) {
    case 'ok':
      return { __typename: 'SequenceSuccess', sequence: outcome.sequence };
    case 'not-found':
      return { __typename: 'NotFound', message: outcome.message };
    case 'bad-request':
      return { __typename: 'BadRequest', message: outcome.message };
    case 'unauthorized':
      return { __typename: 'Unauthorized', message: outcome.message };
  }
}

/** A mutation for signed-in readers only: the command authorizes the rest. */
const signedIn =
  <A>(run: (ctx: Ctx, viewerId: string, args: A) => Promise<SeriesOutcome>) =>
  async (_: unknown, args: A, ctx: Ctx) =>
    ctx.viewer ? result(await run(ctx, ctx.viewer.id, args)) : unauthorized;

/** A writer who left the site takes their series with them (as their stories), except for themselves. */
async function visibleToViewer(row: SequenceRow | null, ctx: Ctx): Promise<SequenceRow | null> {
  if (!row) return null;
  if (row.userId === ctx.viewer?.id) return row;
  const creator = await ctx.loaders.userById.load(row.userId);
  return creator && !creator.deactivatedAt ? row : null;
}

/** The stories the viewer may read, in the order given (the same read rules as the post query). */
async function readablePosts(ids: readonly string[], ctx: Ctx): Promise<PostRow[]> {
  const posts = await Promise.all(ids.map((id) => ctx.loaders.postById.load(id)));
  return posts.filter((p): p is PostRow => p !== null && isReadable(p, ctx.viewer));
}

/** One loader per request (the context is the request's). */
const postSequenceLoaders = new WeakMap<Ctx, ReturnType<typeof createSequenceOfPostLoader>>();

/** The series holding the story, if the viewer may see it. */
async function sequenceOfPost(postId: string, ctx: Ctx): Promise<SequenceRow | null> {
  let loader = postSequenceLoaders.get(ctx);
  if (!loader) postSequenceLoaders.set(ctx, (loader = createSequenceOfPostLoader(ctx.db)));
  const row = await loader.load(postId);
  return visibleToViewer(row && canSeeSequence(row, ctx.viewer?.id ?? null) ? row : null, ctx);
}

const ms = (d: Date | string) => new Date(d).getTime();

export const seriesResolvers: IResolvers = {
  Query: {
    sequence: async (_: unknown, a: { sequenceSlug: string }, ctx: Ctx) => visibleToViewer(await sequenceForViewer(ctx.db, a.sequenceSlug, ctx.viewer?.id ?? null), ctx),
    viewerSequences: (_: unknown, a: { filterBy?: string | null }, ctx: Ctx) => {
      if (!ctx.viewer) return [];
      const filter = a.filterBy?.toLowerCase();
      return viewerSequences(ctx.db, ctx.viewer.id, isSeriesFilter(filter) ? filter : null);
    },
    seriesCandidates: async (_: unknown, _a: unknown, ctx: Ctx) => (ctx.viewer ? readablePosts(await seriesCandidateIds(ctx.db, ctx.viewer.id), ctx) : []),
  },
  Mutation: {
    createSequence: signedIn<{ input: SequenceInput }>((ctx, viewerId, a) => createSequence(ctx.db, viewerId, a.input)),
    updateSequence: signedIn<{ sequenceId: string; input: SequenceInput }>((ctx, viewerId, a) => updateSequence(ctx.db, viewerId, a.sequenceId, a.input)),
    publishSequence: signedIn<{ sequenceId: string }>((ctx, viewerId, a) => setSequencePublished(ctx.db, viewerId, a.sequenceId, true)),
    unpublishSequence: signedIn<{ sequenceId: string }>((ctx, viewerId, a) => setSequencePublished(ctx.db, viewerId, a.sequenceId, false)),
    deleteSequence: signedIn<{ sequenceId: string }>((ctx, viewerId, a) => deleteSequence(ctx.db, viewerId, a.sequenceId)),
    followSequence: signedIn<{ sequenceId: string }>((ctx, viewerId, a) => setSequenceFollow(ctx.db, viewerId, a.sequenceId, true)),
    unfollowSequence: signedIn<{ sequenceId: string }>((ctx, viewerId, a) => setSequenceFollow(ctx.db, viewerId, a.sequenceId, false)),
  },
  SequenceResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Post: {
    // Asked only by the pages that show it (a story page outside a series never does).
    isSeries: async (p: { id: string }, _: unknown, ctx: Ctx) => (await sequenceOfPost(p.id, ctx)) !== null,
    sequence: (p: { id: string }, _: unknown, ctx: Ctx) => sequenceOfPost(p.id, ctx),
  },
  User: {
    sequences: (u: { id: string }, _: unknown, ctx: Ctx) => userSequences(ctx.db, u.id, ctx.viewer?.id ?? null),
  },
  Sequence: {
    slug: (s: SequenceRow) => sequenceSlug(s),
    isPublished: (s: SequenceRow) => s.publishedAt !== null,
    creator: (s: SequenceRow, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(s.userId),
    viewerIsOwner: (s: SequenceRow, _: unknown, ctx: Ctx) => ctx.viewer?.id === s.userId,
    viewerIsFollowing: (s: SequenceRow, _: unknown, ctx: Ctx) => (ctx.viewer && ctx.viewer.id !== s.userId ? isFollowingSequence(ctx.db, s.id, ctx.viewer.id) : false),
    posts: async (s: SequenceRow, _: unknown, ctx: Ctx) => readablePosts(await sequencePostIds(ctx.db, s.id), ctx),
    updatedAt: (s: SequenceRow) => ms(s.updatedAt),
  },
};
