import type { IResolvers, MercuriusContext } from 'mercurius';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import { LIMITS } from '../../shared/constants.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { readablePost } from './graphql.js';
import { StoryInputError, type ParagraphInput } from './paragraph-input.js';
import type { PostRow } from './queries.js';
import { checkResponseParagraphs, publishResponse, setResponseHidden } from './responses.js';
import { createFirstRepliesLoader, REPLIES_PREVIEW_SIZE, responsesPage, type ResponseOrder, type ResponsesPage } from './responses-queries.js';
import { presentQuote, visibleQuote } from '../quotes/graphql.js';
import { quoteById } from '../quotes/queries.js';
import type { FastifyInstance } from 'fastify';
import { hitAll, type RateLimitRule } from '../../platform/rate-limit/index.js';

/**
 * How fast one writer may publish responses: a person replying in a lively thread stays
 * well under both; a script flooding stories does not (counted per writer, with REDIS_URL
 * across every process).
 */
export const RESPONSE_RATE_LIMITS = {
  perHour: { name: 'respond:hour', limit: 60, windowMs: 3600_000 },
  perDay: { name: 'respond:day', limit: 300, windowMs: 24 * 3600_000 },
} satisfies Record<string, RateLimitRule>;

export const RESPONDING_TOO_FAST_MESSAGE = 'You are responding too fast. Please wait a little and try again.';

/** The refusal message once the writer is past a limit, else null; each call counts against both. */
export async function respondingTooFast(ctx: Ctx, userId: string): Promise<string | null> {
  const limiter = ((ctx as MercuriusContext).app as unknown as FastifyInstance).rateLimiter;
  const verdict = await hitAll(limiter, Object.values(RESPONSE_RATE_LIMITS).map((rule) => [rule, userId] as const));
  return verdict.allowed ? null : RESPONDING_TOO_FAST_MESSAGE;
}

/** Responses (spec §7 RefetchThreadedPostResponsesQuery, UnhidePostResponseOnParentPost). */
export const responsesTypeDefs = /* GraphQL */ `
  "Spec §3 response sort. MOST_RELEVANT: most claps first, then the newest. MOST_RECENT: the newest first."
  enum ResponseSortType {
    MOST_RELEVANT
    MOST_RECENT
  }

  "A page of a discussion: the responses to a post (or the replies to a response)."
  type ThreadedPostResponses {
    "Responses readers can see in the post's whole discussion, replies included."
    responsesCount: Int!
    posts: [Post!]!
    "next.to is the cursor of the following page; next is null on the last page."
    pagingInfo: PagingInfo!
  }

  union HidePostResponseResult = Post | NotFound

  extend type Post {
    "The post this one responds to; null for a story."
    inResponseToPostId: ID
    "The post this one responds to, when the reader may open it."
    inResponseToPost: Post
    "0 for a story, 1 for a response to it, 2 and 3 for replies (spec §9 thread depth 3)."
    responseDepth: Int!
    "Hidden by the author of the post it responds to; only that author is ever shown such a response."
    isHiddenByParentAuthor: Boolean!
    "The highlighted passage of the parent this response answers (/p/{postId}/responses/new?quote={quoteId})."
    inResponseToQuote: Quote
    "Replies in conversation order (oldest first); the first few come with a page of responses."
    threadedReplies(paging: PagingOptions): ThreadedPostResponses!
  }

  extend type Query {
    "The responses to a post, 10 a page (spec §9); null when the post cannot be read."
    threadedPostResponses(postId: ID!, paging: PagingOptions, sortType: ResponseSortType): ThreadedPostResponses
  }

  extend type Mutation {
    "Publishes a response to a post at once. Closed discussion: BadRequest with the spec's message."
    publishResponse(inResponseToPostId: ID!, paragraphs: [ParagraphInput!]!, inResponseToQuoteId: ID): PublishPostResult!
    "The parent post's author hides a response to it (spec §4 toast with Undo)."
    hidePostResponse(parentPostId: ID!, postResponseId: ID!): HidePostResponseResult!
    "UnhidePostResponseOnParentPost: shows a hidden response again."
    unhidePostResponse(parentPostId: ID!, postResponseId: ID!): HidePostResponseResult!
  }
`;

type Ctx = RequestContext;
export type Paging = { limit?: number | null; to?: string | null } | null | undefined;

const MAX_PAGE = 25;
const CURSOR = /^[0-9a-f]{12}$/;
const NOT_FOUND = { __typename: 'NotFound', message: 'Post not found.' };
const SIGN_IN_TO_RESPOND = 'Sign in to respond.';
const ONLY_THE_AUTHOR = 'Only the author of a post can hide or show the responses to it.';

export function pageArgs(paging: Paging, fallback: number): { limit: number; after: string | null } {
  const limit = Math.max(1, Math.min(paging?.limit ?? fallback, MAX_PAGE));
  const to = paging?.to ?? null;
  if (to !== null && to !== '' && !CURSOR.test(to)) throw new BadRequestError('That page of responses does not exist (bad paging cursor).');
  return { limit, after: to || null };
}

/** A per-request loader of first replies, kept beside the request's other loaders. */
const repliesLoaders = new WeakMap<object, ReturnType<typeof createFirstRepliesLoader>>();
function firstReplies(ctx: Ctx) {
  let loader = repliesLoaders.get(ctx.loaders);
  if (!loader) repliesLoaders.set(ctx.loaders, (loader = createFirstRepliesLoader(ctx.db)));
  return loader;
}

/** Lists leave out responses of deactivated accounts (their owner still sees them). */
async function withoutDeactivated(rows: PostRow[], ctx: Ctx): Promise<PostRow[]> {
  const writers = await ctx.loaders.userById.loadMany([...new Set(rows.map((r) => r.creatorId))]);
  const gone = new Set<string>();
  for (const w of writers) if (w && !(w instanceof Error) && w.deactivatedAt && w.id !== ctx.viewer?.id) gone.add(w.id);
  return gone.size ? rows.filter((r) => !gone.has(r.creatorId)) : rows;
}

/** A page of responses as GraphQL shows it; `responsesCount` is the whole discussion's. */
export async function presentResponses(responsesCount: number, page: ResponsesPage, limit: number, ctx: Ctx) {
  const rows = page.rows.map(({ paragraphs, ...row }) => {
    ctx.loaders.postById.prime(row.id, row);
    ctx.loaders.postParagraphsById.prime(row.id, paragraphs);
    return row;
  });
  return {
    responsesCount,
    posts: await withoutDeactivated(rows, ctx),
    pagingInfo: { next: page.next ? { limit, to: page.next } : null },
  };
}

const viewerWrote = (post: PostRow, ctx: Ctx) => ctx.viewer !== null && ctx.viewer.id === post.creatorId;

function signedIn(ctx: Ctx) {
  if (!ctx.viewer) throw new UnauthorizedError(SIGN_IN_TO_RESPOND);
  return ctx.viewer;
}

async function hideOrShow(args: { parentPostId: string; postResponseId: string }, ctx: Ctx, hidden: boolean) {
  const viewer = signedIn(ctx);
  if (!(await readablePost(args.parentPostId, ctx))) return NOT_FOUND;
  const outcome = await setResponseHidden(ctx.db, viewer, args.parentPostId, args.postResponseId, hidden);
  if (outcome.kind === 'forbidden') throw new ForbiddenError(ONLY_THE_AUTHOR);
  if (outcome.kind === 'not-found') return NOT_FOUND;
  ctx.loaders.postById.clear(outcome.response.id).prime(outcome.response.id, outcome.response);
  return outcome.response;
}

export const responsesResolvers: IResolvers = {
  Query: {
    threadedPostResponses: async (_: unknown, args: { postId: string; paging?: Paging; sortType?: ResponseOrder | null }, ctx: Ctx) => {
      const parent = await readablePost(args.postId, ctx);
      if (!parent) return null;
      const { limit, after } = pageArgs(args.paging, LIMITS.responsesPageSize);
      const order = args.sortType ?? 'MOST_RELEVANT';
      const page = await responsesPage(ctx.db, { parentId: parent.id, order, limit, after, includeHidden: viewerWrote(parent, ctx) });
      return presentResponses(parent.responsesCount, page, limit, ctx);
    },
  },
  Mutation: {
    publishResponse: async (_: unknown, args: { inResponseToPostId: string; paragraphs: ParagraphInput[]; inResponseToQuoteId?: string | null }, ctx: Ctx) => {
      const viewer = signedIn(ctx);
      let paragraphs;
      try {
        paragraphs = checkResponseParagraphs(args.paragraphs);
      } catch (e) {
        if (e instanceof StoryInputError) return { __typename: 'BadRequest', message: e.message };
        throw e;
      }
      if (!(await readablePost(args.inResponseToPostId, ctx))) return NOT_FOUND;
      const limited = await respondingTooFast(ctx, viewer.id);
      if (limited) return { __typename: 'BadRequest', message: limited };
      const outcome = await publishResponse(ctx.db, viewer, { inResponseToPostId: args.inResponseToPostId, paragraphs, inResponseToQuoteId: args.inResponseToQuoteId ?? null });
      if (outcome.kind === 'not-found') return NOT_FOUND;
      if (outcome.kind === 'bad-request') return { __typename: 'BadRequest', message: outcome.message };
      const post = await ctx.loaders.postWithParagraphsById.load(outcome.postId);
      return { ...post!, __typename: 'Post' };
    },
    hidePostResponse: (_: unknown, args: { parentPostId: string; postResponseId: string }, ctx: Ctx) => hideOrShow(args, ctx, true),
    unhidePostResponse: (_: unknown, args: { parentPostId: string; postResponseId: string }, ctx: Ctx) => hideOrShow(args, ctx, false),
  },
  HidePostResponseResult: {
    resolveType: (obj: { __typename?: string }) => obj.__typename ?? 'Post',
  },
  Post: {
    inResponseToPostId: (p: PostRow) => p.inResponseToPostId,
    inResponseToPost: (p: PostRow, _: unknown, ctx: Ctx) => (p.inResponseToPostId ? readablePost(p.inResponseToPostId, ctx) : null),
    responseDepth: (p: PostRow) => p.responseDepth,
    isHiddenByParentAuthor: (p: PostRow) => p.hiddenByParentAuthorAt !== null,
    // The quoted passage is the parent's text: shown only to readers who may read it there
    // (a member-only story's passage past the preview stays with its members).
    inResponseToQuote: async (p: PostRow, _: unknown, ctx: Ctx) => {
      const quote = p.inResponseToQuoteId ? await visibleQuote(await quoteById(ctx.db, p.inResponseToQuoteId), ctx) : null;
      return quote ? presentQuote(quote) : null;
    },
    threadedReplies: async (p: PostRow, args: { paging?: Paging }, ctx: Ctx) => {
      const { limit, after } = pageArgs(args.paging, REPLIES_PREVIEW_SIZE);
      // Replies to the deepest level join its parent (responses.ts): none hang below it.
      if (p.responseDepth >= LIMITS.threadDepth) return { responsesCount: p.responsesCount, posts: [], pagingInfo: { next: null } };
      const own = viewerWrote(p, ctx);
      const page =
        limit === REPLIES_PREVIEW_SIZE && !after
          ? await firstReplies(ctx).load({ parentId: p.id, own })
          : await responsesPage(ctx.db, { parentId: p.id, order: 'THREAD', limit, after, includeHidden: own });
      return presentResponses(p.responsesCount, page, limit, ctx);
    },
  },
};
