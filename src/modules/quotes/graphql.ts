import type DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { anchorHighlight } from '../../shared/highlights.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { readablePost } from '../posts/graphql.js';
import { previewParagraphs } from '../posts/policies.js';
import { storyAccessWithoutCounting } from '../metering/access.js';
import type { PostRow } from '../posts/queries.js';
import { createQuote, deleteQuote, QUOTE_MESSAGES } from './commands.js';
import { createTopHighlightLoader, createViewerQuotesLoader, highlightedPassages, quoteById, type PassageRow, type QuoteRow } from './queries.js';

export const quotesTypeDefs = /* GraphQL */ `
  "A reader's highlight (spec §3 cache types Quote, Highlight): a range of one paragraph's text."
  type Quote {
    id: ID!
    postId: ID!
    paragraphName: String!
    "UTF-16 offsets [startOffset, endOffset) into the paragraph's text, like markups."
    startOffset: Int!
    endOffset: Int!
    "The passage as it read when highlighted."
    text: String!
    createdAt: Float!
  }

  "A passage readers highlighted."
  type HighlightedPassage {
    paragraphName: String!
    startOffset: Int!
    endOffset: Int!
    text: String!
    "How many readers highlighted it (the author's own highlights do not count); only for the author and staff."
    readerCount: Int
  }

  union CreateQuoteResult = Quote | NotFound | BadRequest
  union DeleteQuoteResult = MutationSuccess | NotFound

  extend type Post {
    "The viewer's highlights in this story ([] when signed out)."
    viewerQuotes: [Quote!]!
    "The passage most readers highlighted, once at least 2 have; shown to every reader as 'Top highlight'."
    topHighlight: HighlightedPassage
    "Every highlighted passage with its count, most highlighted first; only for the author and staff, [] for others."
    highlightedPassages: [HighlightedPassage!]!
  }

  extend type Query {
    "A highlight, when its story is readable by the viewer (e.g. the passage a response answers)."
    quote(id: ID!): Quote
  }

  extend type Mutation {
    "Highlights a range of a published paragraph (also POST /_/p/{postId}/quotes/create)."
    createQuote(postId: ID!, paragraphName: String!, startOffset: Int!, endOffset: Int!): CreateQuoteResult!
    "Removes one of the viewer's highlights."
    deleteQuote(quoteId: ID!): DeleteQuoteResult!
  }
`;

type Ctx = RequestContext;

interface RequestLoaders {
  top: DataLoader<string, PassageRow | null>;
  viewerQuotes?: DataLoader<string, QuoteRow[]>;
}
const requestLoaders = new WeakMap<object, RequestLoaders>();
/** Per request (keyed by its loaders, which every request makes anew). */
function loaders(ctx: Ctx): RequestLoaders {
  let l = requestLoaders.get(ctx.loaders);
  if (!l) requestLoaders.set(ctx.loaders, (l = { top: createTopHighlightLoader(ctx.db) }));
  if (ctx.viewer && !l.viewerQuotes) l.viewerQuotes = createViewerQuotesLoader(ctx.db, ctx.viewer.id);
  return l;
}

/**
 * The paragraphs of a story this viewer may read: all of them, or a member-only story's preview
 * (the whole of one they read under the metering rule this month; asking never counts a read).
 */
async function visibleParagraphs(post: PostRow, ctx: Ctx): Promise<readonly Paragraph[]> {
  const [paragraphs, access] = await Promise.all([ctx.loaders.postParagraphsById.load(post.id), storyAccessWithoutCounting(ctx, post)]);
  return access.full ? paragraphs : previewParagraphs(paragraphs);
}

/** A highlight as this viewer may see it: null when its story is not theirs to read, or the passage lies past their preview. */
export async function visibleQuote(quote: QuoteRow | null, ctx: Ctx): Promise<QuoteRow | null> {
  const post = quote && (await readablePost(quote.postId, ctx));
  if (!quote || !post) return null;
  return (await visibleParagraphs(post, ctx)).some((p) => p.name === quote.paragraphName) ? quote : null;
}

/** A passage as it sits in the text the viewer reads now; null when it is not there (hidden, or edited away). */
function placePassage(passage: PassageRow, paragraphs: readonly Paragraph[], withCount: boolean) {
  const paragraph = paragraphs.find((p) => p.name === passage.paragraphName);
  const at = paragraph && anchorHighlight(paragraph.text ?? '', { start: passage.startOffset, end: passage.endOffset }, passage.text);
  if (!at) return null;
  return { paragraphName: passage.paragraphName, startOffset: at.start, endOffset: at.end, text: passage.text, readerCount: withCount ? passage.readerCount : null };
}

const isAuthorOrStaff = (post: PostRow, ctx: Ctx) => ctx.viewer !== null && (ctx.viewer.id === post.creatorId || ctx.viewer.isStaff);

export type CreateQuoteCall = { kind: 'created'; quote: QuoteRow } | { kind: 'not-found' } | { kind: 'bad-request'; message: string };

/** createQuote for GraphQL and for POST /_/p/{id}/quotes/create alike. */
export async function createQuoteAsViewer(ctx: Ctx, args: { postId: string; paragraphName: string; startOffset: number; endOffset: number }): Promise<CreateQuoteCall> {
  if (!ctx.viewer) throw new UnauthorizedError(QUOTE_MESSAGES.signIn);
  const post = await readablePost(args.postId, ctx);
  if (!post || post.firstPublishedAt === null) return { kind: 'not-found' };
  const outcome = await createQuote(ctx.db, { ...args, postId: post.id, userId: ctx.viewer.id, visibleParagraphs: await visibleParagraphs(post, ctx) });
  if (outcome.kind === 'created') loaders(ctx).viewerQuotes?.clear(post.id);
  return outcome;
}

export const presentQuote = (q: QuoteRow) => ({ __typename: 'Quote', ...q, createdAt: q.createdAt.getTime() });

export const quotesResolvers: IResolvers = {
  Query: {
    quote: async (_: unknown, args: { id: string }, ctx: Ctx) => {
      // A passage hidden from this viewer (past a member-only preview) stays hidden.
      const quote = await visibleQuote(await quoteById(ctx.db, args.id), ctx);
      return quote ? presentQuote(quote) : null;
    },
  },
  Mutation: {
    createQuote: async (_: unknown, args: { postId: string; paragraphName: string; startOffset: number; endOffset: number }, ctx: Ctx) => {
      const outcome = await createQuoteAsViewer(ctx, args);
      if (outcome.kind === 'created') return presentQuote(outcome.quote);
      return outcome.kind === 'not-found' ? { __typename: 'NotFound', message: QUOTE_MESSAGES.notFound } : { __typename: 'BadRequest', message: outcome.message };
    },
    deleteQuote: async (_: unknown, args: { quoteId: string }, ctx: Ctx) => {
      if (!ctx.viewer) throw new UnauthorizedError(QUOTE_MESSAGES.signIn);
      const deleted = await deleteQuote(ctx.db, args.quoteId, ctx.viewer.id);
      if (!deleted) return { __typename: 'NotFound', message: QUOTE_MESSAGES.quoteNotFound };
      loaders(ctx).viewerQuotes?.clear(deleted.postId);
      return { __typename: 'MutationSuccess', success: true };
    },
  },
  CreateQuoteResult: { resolveType: (o: { __typename: string }) => o.__typename },
  DeleteQuoteResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Post: {
    viewerQuotes: async (p: PostRow, _: unknown, ctx: Ctx) => {
      const mine = loaders(ctx).viewerQuotes;
      return mine ? (await mine.load(p.id)).map(presentQuote) : [];
    },
    topHighlight: async (p: PostRow, _: unknown, ctx: Ctx) => {
      const top = await loaders(ctx).top.load(p.id);
      return top ? placePassage(top, await visibleParagraphs(p, ctx), isAuthorOrStaff(p, ctx)) : null;
    },
    highlightedPassages: async (p: PostRow, _: unknown, ctx: Ctx) => {
      if (!isAuthorOrStaff(p, ctx)) return [];
      const paragraphs = await visibleParagraphs(p, ctx);
      return (await highlightedPassages(ctx.db, p.id)).map((passage) => placePassage(passage, paragraphs, true)).filter((x) => x !== null);
    },
  },
};
