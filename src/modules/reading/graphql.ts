import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { readablePost } from '../posts/graphql.js';
import { isReadable } from '../posts/policies.js';
import { recordPostRead, type PostReadRow } from './commands.js';
import { clearReadingHistory, HISTORY_PAGE, isReadingHistoryPaused, readingHistoryPage, removeFromReadingHistory, setReadingHistoryPaused, type HistoryEntry } from './history.js';
import { invalidPosition, readingPosition, saveReadingPosition, type PositionInput, type PositionRow } from './positions.js';

export const readingTypeDefs = /* GraphQL */ `
  "A story in the viewer's reading history."
  type PostRead {
    postId: ID!
    readCount: Int!
    firstReadAt: Float!
    lastReadAt: Float!
  }

  "The viewer paused their reading history (customize-reading-history): nothing was recorded."
  type ReadingHistoryPaused {
    message: String!
  }

  union RecordPostReadResult = PostRead | NotFound | ReadingHistoryPaused

  "A story in the viewer's reading history, for /me/lists/reading-history."
  type ReadingHistoryItem {
    post: Post!
    readCount: Int!
    lastReadAt: Float!
  }

  type ReadingHistoryPage {
    "Stories no longer readable (deleted, made private) are left out, so a page may hold fewer."
    items: [ReadingHistoryItem!]!
    next: String
  }

  "The viewer's reading history settings and the first pages of their history."
  type ReadingHistory {
    paused: Boolean!
    items(limit: Int, next: String): ReadingHistoryPage!
  }

  "Resume reading: where the viewer is in a story, the same on each of their devices."
  type ReadingPosition {
    postId: ID!
    paragraphName: String!
    paragraphIndex: Int!
    fraction: Float!
    clientUpdatedAt: Float!
    deviceId: String!
    deviceSeq: Float!
  }

  input ReadingPositionInput {
    postId: ID!
    paragraphName: String!
    paragraphIndex: Int!
    "0 to 1; 1 once the end of the story was on screen."
    fraction: Float!
    "The device's clock, ms since epoch."
    clientUpdatedAt: Float!
    deviceId: String!
    "Increases with every position the device sends."
    deviceSeq: Float!
  }

  "accepted is false when a newer position was already stored (from another device): position is that one."
  type SavedReadingPosition {
    accepted: Boolean!
    position: ReadingPosition!
  }

  union SaveReadingPositionResult = SavedReadingPosition | NotFound | BadRequest

  extend type Query {
    "The viewer's reading history; null signed out."
    viewerReadingHistory: ReadingHistory
    "The viewer's own position in a story; null signed out or when none is stored."
    readingPosition(postId: ID!): ReadingPosition
  }

  extend type Mutation {
    "Records that the viewer read a story (the story page sends it once the reader scrolled through half of it or stayed 30 s)."
    recordPostRead(postId: ID!): RecordPostReadResult!
    "Takes a story out of the viewer's reading history; false when it was not there."
    removeFromReadingHistory(postId: ID!): Boolean!
    "Empties the viewer's reading history; the number of stories removed."
    clearReadingHistory: Int!
    "Pauses (or resumes) recording the viewer's reading history; the new state."
    setReadingHistoryPaused(paused: Boolean!): Boolean!
    "Stores the viewer's position in a story unless a newer one is stored."
    saveReadingPosition(input: ReadingPositionInput!): SaveReadingPositionResult!
  }
`;

const present = (r: PostReadRow) => ({ __typename: 'PostRead', ...r, firstReadAt: r.firstReadAt.getTime(), lastReadAt: r.lastReadAt.getTime() });
const presentPosition = (p: PositionRow) => ({ ...p, clientUpdatedAt: new Date(p.clientUpdatedAt).getTime() });
const NOT_FOUND = { __typename: 'NotFound', message: 'Post not found.' };

function viewerId(ctx: RequestContext): string {
  if (!ctx.viewer) throw new UnauthorizedError('Sign in to keep a reading history.');
  return ctx.viewer.id;
}

/** A published story the viewer may read, without its body (the same rules as the post query). */
async function listedPost(postId: string, ctx: RequestContext) {
  const post = await ctx.loaders.postById.load(postId);
  if (!post || post.firstPublishedAt === null || !isReadable(post, ctx.viewer)) return null;
  const creator = await ctx.loaders.userById.load(post.creatorId);
  return creator?.deactivatedAt && ctx.viewer?.id !== creator.id ? null : post;
}

export const readingResolvers: IResolvers = {
  Query: {
    viewerReadingHistory: (_: unknown, __: unknown, ctx: RequestContext) => (ctx.viewer ? { userId: ctx.viewer.id } : null),
    readingPosition: async (_: unknown, args: { postId: string }, ctx: RequestContext) => {
      if (!ctx.viewer) return null;
      const row = await readingPosition(ctx.db, ctx.viewer.id, args.postId);
      return row ? presentPosition(row) : null;
    },
  },
  ReadingHistory: {
    paused: (h: { userId: string }, _: unknown, ctx: RequestContext) => isReadingHistoryPaused(ctx.db, h.userId),
    items: async (h: { userId: string }, args: { limit?: number | null; next?: string | null }, ctx: RequestContext) => {
      const page = await readingHistoryPage(ctx.db, h.userId, args.limit ?? HISTORY_PAGE, args.next);
      const posts = await Promise.all(page.entries.map((e) => listedPost(e.postId, ctx)));
      const items = page.entries.flatMap((e: HistoryEntry, i) => (posts[i] ? [{ post: posts[i], readCount: e.readCount, lastReadAt: e.lastReadAt.getTime() }] : []));
      return { items, next: page.next };
    },
  },
  Mutation: {
    recordPostRead: async (_: unknown, args: { postId: string }, ctx: RequestContext) => {
      const userId = viewerId(ctx);
      const post = await readablePost(args.postId, ctx);
      if (!post || post.firstPublishedAt === null) return NOT_FOUND;
      const row = await recordPostRead(ctx.db, userId, post.id);
      return row ? present(row) : { __typename: 'ReadingHistoryPaused', message: 'Your reading history is paused.' };
    },
    removeFromReadingHistory: (_: unknown, args: { postId: string }, ctx: RequestContext) => removeFromReadingHistory(ctx.db, viewerId(ctx), args.postId),
    clearReadingHistory: (_: unknown, __: unknown, ctx: RequestContext) => clearReadingHistory(ctx.db, viewerId(ctx)),
    setReadingHistoryPaused: (_: unknown, args: { paused: boolean }, ctx: RequestContext) => setReadingHistoryPaused(ctx.db, viewerId(ctx), args.paused),
    saveReadingPosition: async (_: unknown, args: { input: PositionInput }, ctx: RequestContext) => {
      const userId = viewerId(ctx);
      const invalid = invalidPosition(args.input);
      if (invalid) return { __typename: 'BadRequest', message: invalid };
      if (!(await listedPost(args.input.postId, ctx))) return NOT_FOUND;
      const out = await saveReadingPosition(ctx.db, userId, args.input);
      return { __typename: 'SavedReadingPosition', accepted: out.accepted, position: presentPosition(out.position) };
    },
  },
  RecordPostReadResult: { resolveType: (o: { __typename: string }) => o.__typename },
  SaveReadingPositionResult: { resolveType: (o: { __typename: string }) => o.__typename },
};
