import DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PostRow } from '../posts/queries.js';
import type { PublicationOutcome } from './commands.js';
import { publicationResult, signInToPublish, viewerIsEditor } from './graphql.js';
import type { PublicationRow } from './model.js';
import { approveSubmission, commentOnSubmission, declineSubmission, removeFromPublication, requestEdits, submitStory, withdrawSubmission } from './submission-commands.js';
import { featuredPostIds } from './queries.js';
import { statusForCollection, type SubmissionRow } from './submission-model.js';
import { createLatestSubmissionLoader, publicationStoryIds, submissionComments, submissionsScheduled, submissionsWaiting, submittablePublications } from './submission-queries.js';

export const submissionsTypeDefs = /* GraphQL */ `
  "A note between a publication's editors and the writer of a submission."
  type CollectionSubmissionComment {
    id: ID!
    author: User
    body: String!
    createdAt: Float!
  }

  "A story offered to a publication (spec §4)."
  type CollectionSubmission {
    id: ID!
    "PENDING, EDITS_REQUESTED, APPROVED, DECLINED, REMOVED or WITHDRAWN."
    status: String!
    post: Post
    collection: Collection
    submittedBy: User
    "An approved draft's publish time (ms)."
    scheduledFor: Float
    decidedAt: Float
    createdAt: Float!
    comments: [CollectionSubmissionComment!]!
  }
  type CollectionSubmissionSuccess {
    submission: CollectionSubmission!
  }
  union CollectionSubmissionResult = CollectionSubmissionSuccess | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists

  extend type Post {
    "Spec §3: APPROVED (in its collection), PENDING (waiting for the editors) or REMOVED; null when never submitted."
    statusForCollection: String
    "The story's latest submission: for its writer and the publication's editors, else null."
    viewerSubmission: CollectionSubmission
  }

  extend type Collection {
    "/{slug}/stories/{filterBy} (editors only, else empty): submissions or scheduled."
    submissions(filterBy: String!, limit: Int): [CollectionSubmission!]!
    "/{slug}/stories/{filterBy} (editors only, else empty): published, unlisted or featured stories in the publication."
    editorStories(filterBy: String!, limit: Int): [Post!]!
  }

  extend type User {
    "Publications the viewer may submit to: their memberships and followed ones open to anyone (the viewer's own only)."
    submissionCollections: [Collection!]!
  }

  extend type Mutation {
    submitStoryToCollection(postId: ID!, collectionId: ID!): CollectionSubmissionResult!
    withdrawCollectionSubmission(submissionId: ID!): CollectionSubmissionResult!
    commentOnCollectionSubmission(submissionId: ID!, body: String!): CollectionSubmissionResult!
    requestCollectionSubmissionEdits(submissionId: ID!, note: String!): CollectionSubmissionResult!
    "scheduledFor (ms): an approved draft is published then."
    approveCollectionSubmission(submissionId: ID!, scheduledFor: Float): CollectionSubmissionResult!
    declineCollectionSubmission(submissionId: ID!, note: String): CollectionSubmissionResult!
    removePostFromCollection(collectionId: ID!, postId: ID!): CollectionSubmissionResult!
  }
`;

type Ctx = RequestContext;

const latestLoaders = new WeakMap<Ctx, DataLoader<string, SubmissionRow | null>>();
function latestSubmission(ctx: Ctx, postId: string) {
  let loader = latestLoaders.get(ctx);
  if (!loader) latestLoaders.set(ctx, (loader = createLatestSubmissionLoader(ctx.db)));
  return loader.load(postId);
}

const answer = (outcome: PublicationOutcome<SubmissionRow>) => publicationResult(outcome, (submission) => ({ __typename: 'CollectionSubmissionSuccess', submission }));
const signedIn = async (ctx: Ctx, work: (viewerId: string) => Promise<PublicationOutcome<SubmissionRow>>) => (ctx.viewer ? answer(await work(ctx.viewer.id)) : signInToPublish);
const limitOf = (n: number | null | undefined) => Math.min(Math.max(n ?? 50, 1), 100);
const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

export const submissionsResolvers: IResolvers = {
  CollectionSubmissionResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Mutation: {
    submitStoryToCollection: (_: unknown, a: { postId: string; collectionId: string }, ctx: Ctx) => signedIn(ctx, (v) => submitStory(ctx.db, v, { postId: a.postId, publicationId: a.collectionId })),
    withdrawCollectionSubmission: (_: unknown, a: { submissionId: string }, ctx: Ctx) => signedIn(ctx, (v) => withdrawSubmission(ctx.db, v, a.submissionId)),
    commentOnCollectionSubmission: (_: unknown, a: { submissionId: string; body: string }, ctx: Ctx) => signedIn(ctx, (v) => commentOnSubmission(ctx.db, v, a.submissionId, a.body)),
    requestCollectionSubmissionEdits: (_: unknown, a: { submissionId: string; note: string }, ctx: Ctx) => signedIn(ctx, (v) => requestEdits(ctx.db, v, a.submissionId, a.note)),
    approveCollectionSubmission: (_: unknown, a: { submissionId: string; scheduledFor?: number | null }, ctx: Ctx) =>
      signedIn(ctx, (v) => approveSubmission(ctx.db, v, a.submissionId, { scheduledFor: a.scheduledFor == null ? null : new Date(a.scheduledFor) })),
    declineCollectionSubmission: (_: unknown, a: { submissionId: string; note?: string | null }, ctx: Ctx) => signedIn(ctx, (v) => declineSubmission(ctx.db, v, a.submissionId, a.note)),
    removePostFromCollection: (_: unknown, a: { collectionId: string; postId: string }, ctx: Ctx) => signedIn(ctx, (v) => removeFromPublication(ctx.db, v, { publicationId: a.collectionId, postId: a.postId })),
  },
  Post: {
    statusForCollection: async (p: PostRow, _: unknown, ctx: Ctx) => statusForCollection((await latestSubmission(ctx, p.id))?.status ?? null, p.collectionId != null),
    viewerSubmission: async (p: PostRow, _: unknown, ctx: Ctx) => {
      if (!ctx.viewer) return null;
      const s = await latestSubmission(ctx, p.id);
      if (!s) return null;
      return s.submittedBy === ctx.viewer.id || (await viewerIsEditor(ctx, s.publicationId)) ? s : null;
    },
  },
  Collection: {
    submissions: async (c: PublicationRow, a: { filterBy: string; limit?: number | null }, ctx: Ctx) => {
      if (!(await viewerIsEditor(ctx, c.id))) return [];
      if (a.filterBy === 'submissions') return submissionsWaiting(ctx.db, c.id, limitOf(a.limit));
      if (a.filterBy === 'scheduled') return submissionsScheduled(ctx.db, c.id, limitOf(a.limit));
      return [];
    },
    editorStories: async (c: PublicationRow, a: { filterBy: string; limit?: number | null }, ctx: Ctx) => {
      if (!(await viewerIsEditor(ctx, c.id))) return [];
      const limit = limitOf(a.limit);
      const ids =
        a.filterBy === 'featured' ? await featuredPostIds(ctx.db, c.id, limit)
        : a.filterBy === 'published' || a.filterBy === 'unlisted' ? await publicationStoryIds(ctx.db, c.id, a.filterBy === 'published' ? 'PUBLIC' : 'UNLISTED', limit)
        : [];
      return (await ctx.loaders.postById.loadMany(ids)).filter((p) => p && !(p instanceof Error));
    },
  },
  User: {
    submissionCollections: (u: { id: string }, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? submittablePublications(ctx.db, u.id) : []),
  },
  CollectionSubmission: {
    post: (s: SubmissionRow, _: unknown, ctx: Ctx) => ctx.loaders.postById.load(s.postId),
    collection: (s: SubmissionRow, _: unknown, ctx: Ctx) => ctx.loaders.publicationById.load(s.publicationId),
    submittedBy: (s: SubmissionRow, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(s.submittedBy),
    scheduledFor: (s: SubmissionRow) => ms(s.scheduledFor),
    decidedAt: (s: SubmissionRow) => ms(s.decidedAt),
    createdAt: (s: SubmissionRow) => ms(s.createdAt),
    comments: (s: SubmissionRow, _: unknown, ctx: Ctx) => submissionComments(ctx.db, s.id),
  },
  CollectionSubmissionComment: {
    author: (c: { authorId: string | null }, _: unknown, ctx: Ctx) => (c.authorId ? ctx.loaders.userById.load(c.authorId) : null),
    createdAt: (c: { createdAt: Date }) => ms(c.createdAt),
  },
};
