import DataLoader from 'dataloader';
import type { IResolvers } from 'mercurius';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import { MAX_CLAPS_PER_STORY } from '../../shared/claps.js';
import { LIMITS } from '../../shared/constants.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { StoryInputError, type ParagraphInput } from '../posts/paragraph-input.js';
import type { PostRow } from '../posts/queries.js';
import { checkResponseParagraphs } from '../posts/responses.js';
import { pageArgs, type Paging, presentResponses, respondingTooFast } from '../posts/responses-graphql.js';
import { catalogResponsesCount, catalogResponsesPage } from '../posts/responses-queries.js';
import { CATALOG_CLAP_MESSAGES, catalogClapperIds, clapCatalog, viewerCatalogClaps } from './claps.js';
import { DISCUSSION_MESSAGES, respondToCatalog, setCatalogResponseVisibility } from './discussion.js';
import { CATALOG_MESSAGES, type CatalogRow } from './model.js';
import { catalogForViewer } from './queries.js';

/** Claps and threaded responses on a list (spec §3 Catalog clappers, §7 RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent). */
export const catalogDiscussionTypeDefs = /* GraphQL */ `
  "What a clapCatalog call did."
  type CatalogClapSuccess {
    catalog: Catalog!
    clapCount: Int!
    "The viewer's claps on the list, 1 to 50."
    viewerClapCount: Int!
    addedClaps: Int!
    "Set when fewer claps were added than asked: why, for the reader."
    notice: String
  }
  union CatalogClapResult = CatalogClapSuccess | NotFound | BadRequest

  "A page of a list's discussion: the responses to the list, each a Post."
  type ThreadedCatalogResponses {
    "Responses readers can see in the list's whole discussion, replies included."
    responsesCount: Int!
    posts: [Post!]!
    pagingInfo: PagingInfo!
  }

  extend type Catalog {
    "Claps from every reader."
    clapCount: Int!
    "The viewer's claps on this list (0 when signed out)."
    viewerClapCount: Int!
    "The list's visible discussion, replies included."
    responsesCount: Int!
    "Spec §3 clappers: readers who clapped the list, the latest first (limit 1 to 25, default 10)."
    clappers(limit: Int): [User!]!
  }
  extend type Post {
    "The list this response answers, when the reader may see it; null for anything else."
    inResponseToCatalog: Catalog
  }
  extend type Query {
    "RefetchThreadedCatalogResponsesQuery: 10 a page (spec §9); null when the list cannot be seen."
    threadedCatalogResponses(catalogId: ID!, paging: PagingOptions, sortType: ResponseSortType): ThreadedCatalogResponses
  }
  extend type Mutation {
    "numClaps from 1 to 50; userId is the viewer. A private or unknown list is NotFound; the owner's own is BadRequest."
    clapCatalog(catalogId: ID!, userId: ID!, numClaps: Int!): CatalogClapResult
    "Publishes a response to a list at once. Locked responses: BadRequest with the spec's message."
    publishCatalogResponse(catalogId: ID!, paragraphs: [ParagraphInput!]!): PublishPostResult!
    "The list's owner hides a response to it (toast with Undo)."
    hideCatalogResponse(parentCatalogId: ID!, catalogResponseId: ID!): HidePostResponseResult!
    "ShowCatalogResponseOnParent: shows a hidden response to a list again."
    showCatalogResponseOnParent(parentCatalogId: ID!, catalogResponseId: ID!): HidePostResponseResult!
  }
`;

type Ctx = RequestContext;

const NOT_FOUND = { __typename: 'NotFound', message: CATALOG_MESSAGES.notFound };
const MAX_CLAPPERS = 25;
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });

const clapLoaders = new WeakMap<object, DataLoader<string, number>>();
/** The viewer's claps on every list of a request, in one query (keyed by the request's loaders). */
function viewerClaps(ctx: Ctx, userId: string): DataLoader<string, number> {
  let loader = clapLoaders.get(ctx.loaders);
  if (!loader) clapLoaders.set(ctx.loaders, (loader = new DataLoader((ids) => viewerCatalogClaps(ctx.db, userId, ids))));
  return loader;
}

async function hideOrShow(args: { parentCatalogId: string; catalogResponseId: string }, ctx: Ctx, hidden: boolean) {
  if (!ctx.viewer) throw new UnauthorizedError('Sign in to respond.');
  const catalog = await catalogForViewer(ctx.db, args.parentCatalogId, ctx.viewer.id);
  if (!catalog) return NOT_FOUND;
  const outcome = await setCatalogResponseVisibility(ctx.db, ctx.viewer.id, catalog, args.catalogResponseId, hidden);
  if (outcome.kind === 'forbidden') throw new ForbiddenError(DISCUSSION_MESSAGES.notOwner);
  if (outcome.kind === 'not-found') return { __typename: 'NotFound', message: 'Post not found.' };
  ctx.loaders.postById.clear(outcome.response.id).prime(outcome.response.id, outcome.response);
  return { ...outcome.response, __typename: 'Post' };
}

export const catalogDiscussionResolvers: IResolvers = {
  Query: {
    threadedCatalogResponses: async (_: unknown, a: { catalogId: string; paging?: Paging; sortType?: 'MOST_RELEVANT' | 'MOST_RECENT' | null }, ctx: Ctx) => {
      const catalog = await catalogForViewer(ctx.db, a.catalogId, ctx.viewer?.id ?? null);
      if (!catalog) return null;
      const { limit, after } = pageArgs(a.paging, LIMITS.responsesPageSize);
      const includeHidden = ctx.viewer?.id === catalog.userId;
      const [page, count] = await Promise.all([
        catalogResponsesPage(ctx.db, { catalogId: catalog.id, order: a.sortType ?? 'MOST_RELEVANT', limit, after, includeHidden }),
        catalogResponsesCount(ctx.db, catalog.id),
      ]);
      return presentResponses(count, page, limit, ctx);
    },
  },
  Mutation: {
    clapCatalog: async (_: unknown, a: { catalogId: string; userId: string; numClaps: number }, ctx: Ctx) => {
      if (!ctx.viewer) throw new UnauthorizedError(CATALOG_CLAP_MESSAGES.signIn);
      if (!Number.isInteger(a.numClaps) || a.numClaps < 1 || a.numClaps > MAX_CLAPS_PER_STORY) return badRequest(CATALOG_CLAP_MESSAGES.numClaps);
      if (a.userId !== ctx.viewer.id) return badRequest(CATALOG_CLAP_MESSAGES.notYou);
      const catalog = await catalogForViewer(ctx.db, a.catalogId, ctx.viewer.id);
      if (!catalog) return NOT_FOUND;
      const outcome = await clapCatalog(ctx.db, catalog.id, ctx.viewer.id, a.numClaps);
      if (outcome.kind === 'not-found') return NOT_FOUND;
      if (outcome.kind === 'own-list') return badRequest(CATALOG_CLAP_MESSAGES.ownList);
      viewerClaps(ctx, ctx.viewer.id).clear(catalog.id).prime(catalog.id, outcome.viewerClapCount);
      return {
        __typename: 'CatalogClapSuccess',
        catalog: { ...catalog, clapCount: outcome.clapCount },
        clapCount: outcome.clapCount,
        viewerClapCount: outcome.viewerClapCount,
        addedClaps: outcome.added,
        notice: outcome.message,
      };
    },
    publishCatalogResponse: async (_: unknown, a: { catalogId: string; paragraphs: ParagraphInput[] }, ctx: Ctx) => {
      if (!ctx.viewer) throw new UnauthorizedError('Sign in to respond.');
      let paragraphs;
      try {
        paragraphs = checkResponseParagraphs(a.paragraphs);
      } catch (e) {
        if (e instanceof StoryInputError) return badRequest(e.message);
        throw e;
      }
      const catalog = await catalogForViewer(ctx.db, a.catalogId, ctx.viewer.id);
      if (!catalog) return NOT_FOUND;
      const limited = await respondingTooFast(ctx, ctx.viewer.id);
      if (limited) return badRequest(limited);
      const outcome = await respondToCatalog(ctx.db, ctx.viewer.id, catalog.id, paragraphs);
      if (outcome.kind === 'not-found') return NOT_FOUND;
      if (outcome.kind === 'bad-request') return badRequest(outcome.message);
      const post = await ctx.loaders.postWithParagraphsById.load(outcome.postId);
      return { ...post!, __typename: 'Post' };
    },
    hideCatalogResponse: (_: unknown, a: { parentCatalogId: string; catalogResponseId: string }, ctx: Ctx) => hideOrShow(a, ctx, true),
    showCatalogResponseOnParent: (_: unknown, a: { parentCatalogId: string; catalogResponseId: string }, ctx: Ctx) => hideOrShow(a, ctx, false),
  },
  CatalogClapResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Catalog: {
    clapCount: (c: CatalogRow) => c.clapCount ?? 0,
    viewerClapCount: (c: CatalogRow, _: unknown, ctx: Ctx) => (ctx.viewer && ctx.viewer.id !== c.userId ? viewerClaps(ctx, ctx.viewer.id).load(c.id) : 0),
    responsesCount: (c: CatalogRow, _: unknown, ctx: Ctx) => catalogResponsesCount(ctx.db, c.id),
    clappers: async (c: CatalogRow, a: { limit?: number | null }, ctx: Ctx) => {
      const limit = a.limit ?? 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CLAPPERS) throw new BadRequestError(`limit must be from 1 to ${MAX_CLAPPERS}.`);
      const users = await ctx.loaders.userById.loadMany(await catalogClapperIds(ctx.db, c.id, limit));
      return users.filter((u) => u && !(u instanceof Error));
    },
  },
  Post: {
    inResponseToCatalog: (p: PostRow, _: unknown, ctx: Ctx) => (p.inResponseToCatalogId ? catalogForViewer(ctx.db, p.inResponseToCatalogId, ctx.viewer?.id ?? null) : null),
  },
};
