import type { IResolvers } from 'mercurius';
import { publicationMemberList } from './admin-queries.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PostRow } from '../posts/queries.js';
import { archiveRange } from '../topics/queries.js';
import { pageLimit, visiblePosts } from '../topics/present.js';
import { createFeaturePage, deleteFeaturePage, featurePageBySlug, featurePagesOf, type FeaturePageInput, type FeaturePageRow, updateFeaturePage } from './feature-pages.js';
import { publicationResult, signInToPublish } from './graphql.js';
import type { PublicationRow } from './model.js';
import { featuredPostIds, publicationPostIds } from './queries.js';
import {
  PUBLICATION_LIST_PAGE,
  publicationArchiveCounts,
  publicationPostIdsInTags,
  publicationPostIdsOnPage,
  publicationStoryCount,
  trendingPublicationPostIds,
  validArchiveDate,
} from './reader-queries.js';

export const publicationReaderTypeDefs = /* GraphQL */ `
  "Spec §3 feature page: a titled page of the publication's stories with any of its tags."
  type FeaturePage {
    id: ID!
    slug: String!
    title: String!
    description: String!
    tags: [String!]!
    position: Int!
    "Newest first, stories with any of the page's tags."
    posts(paging: PagingOptions): PostConnection!
  }

  "A numbered page of a publication's stories (/{slug}/all/{page})."
  type CollectionNumberedPage {
    page: Int!
    pageCount: Int!
    posts: [Post!]!
  }

  "A publication's archive (/{slug}/archive[/{year}[/{month}[/{day}]]])."
  type CollectionArchive {
    year: Int
    month: Int
    day: Int
    years: [TagArchivePeriod!]!
    months: [TagArchivePeriod!]!
    days: [TagArchivePeriod!]!
    posts(paging: PagingOptions): PostConnection!
  }

  extend type Collection {
    "Listed stories newest first, optionally with a tag (latest, tagged)."
    latestPosts(paging: PagingOptions, tagSlug: String): PostConnection!
    "Null for a page past the end (page 1 always exists)."
    postsPage(page: Int!): CollectionNumberedPage
    "Stories of the last 30 days, most clapped in them first."
    trendingPosts(limit: Int): [Post!]!
    "The editors' featured stories in their order, as stories (/featured)."
    featuredStories(limit: Int): [Post!]!
    "Null for a date that does not exist."
    archive(year: Int, month: Int, day: Int): CollectionArchive
    "The owner and editors (owner first)."
    editors: [User!]!
    writers: [User!]!
    featurePages: [FeaturePage!]!
    featurePage(slug: String!): FeaturePage
  }

  input FeaturePageInput {
    slug: String
    title: String!
    description: String
    tags: [String!]!
    position: Int
  }
  type FeaturePageSuccess {
    featurePage: FeaturePage!
  }
  type FeaturePageDeleted {
    id: ID!
  }
  union FeaturePageResult = FeaturePageSuccess | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists
  union DeleteFeaturePageResult = FeaturePageDeleted | NotFound | Unauthorized | Forbidden

  extend type Mutation {
    createFeaturePage(collectionId: ID!, input: FeaturePageInput!): FeaturePageResult!
    updateFeaturePage(collectionId: ID!, featurePageId: ID!, input: FeaturePageInput!): FeaturePageResult!
    deleteFeaturePage(collectionId: ID!, featurePageId: ID!): DeleteFeaturePageResult!
  }
`;

type Ctx = RequestContext;
type Paging = { paging?: { limit?: number | null; to?: string | null } | null };

/** Posts by id in the given order, without missing ones and deactivated writers' (topics' rule for lists). */
async function postsByIds(ctx: Ctx, ids: string[]): Promise<PostRow[]> {
  const rows = (await ctx.loaders.postById.loadMany(ids)).filter((p): p is PostRow => Boolean(p) && !(p instanceof Error));
  return visiblePosts(ctx, rows);
}

const connection = async (ctx: Ctx, page: { ids: string[]; next: string | null }, limit: number) => ({
  items: await postsByIds(ctx, page.ids),
  pagingInfo: { next: page.next ? { limit, to: page.next } : null },
});

/** The member list, read once per request and publication (the about page asks for editors and writers). */
const memberLists = new WeakMap<Ctx, Map<string, ReturnType<typeof publicationMemberList>>>();
function membersOnce(ctx: Ctx, publicationId: string) {
  let lists = memberLists.get(ctx);
  if (!lists) memberLists.set(ctx, (lists = new Map()));
  let list = lists.get(publicationId);
  if (!list) lists.set(publicationId, (list = publicationMemberList(ctx.db, publicationId)));
  return list;
}

async function usersOf(ctx: Ctx, p: PublicationRow, editors: boolean) {
  const members = (await membersOnce(ctx, p.id)).filter((m) => (m.role === 'WRITER') !== editors);
  const users = await ctx.loaders.userById.loadMany(members.map((m) => m.userId));
  return users.filter((u) => u && !(u instanceof Error) && !u.deactivatedAt && !u.isSuspended);
}

type ArchiveParent = { publicationId: string; year?: number; month?: number; day?: number };
const countsOf = new WeakMap<ArchiveParent, ReturnType<typeof publicationArchiveCounts>>();
const counts = (a: ArchiveParent, ctx: Ctx) => {
  let c = countsOf.get(a);
  if (!c) countsOf.set(a, (c = publicationArchiveCounts(ctx.db, a.publicationId, { year: a.year, month: a.month })));
  return c;
};



export const publicationReaderResolvers: IResolvers = {
  Collection: {
    latestPosts: async (p: PublicationRow, a: Paging & { tagSlug?: string | null }, ctx: Ctx) => {
      const limit = pageLimit(a.paging, 50);
      return connection(ctx, await publicationPostIds(ctx.db, p.id, { limit, tag: a.tagSlug || null, after: a.paging?.to ?? null }), limit);
    },
    postsPage: async (p: PublicationRow, a: { page: number }, ctx: Ctx) => {
      const pageCount = Math.max(1, Math.ceil((await publicationStoryCount(ctx.db, p.id)) / PUBLICATION_LIST_PAGE));
      if (!Number.isInteger(a.page) || a.page < 1 || a.page > pageCount) return null;
      return { page: a.page, pageCount, posts: await postsByIds(ctx, await publicationPostIdsOnPage(ctx.db, p.id, a.page)) };
    },
    trendingPosts: async (p: PublicationRow, a: { limit?: number | null }, ctx: Ctx) =>
      postsByIds(ctx, await trendingPublicationPostIds(ctx.db, p.id, new Date(), Math.max(1, Math.min(a.limit ?? PUBLICATION_LIST_PAGE, 50)))),
    featuredStories: async (p: PublicationRow, a: { limit?: number | null }, ctx: Ctx) => postsByIds(ctx, await featuredPostIds(ctx.db, p.id, Math.max(1, Math.min(a.limit ?? PUBLICATION_LIST_PAGE, 50)))),
    archive: (p: PublicationRow, a: { year?: number | null; month?: number | null; day?: number | null }): ArchiveParent | null => {
      const year = a.year ?? undefined;
      const month = year === undefined ? undefined : (a.month ?? undefined);
      const day = month === undefined ? undefined : (a.day ?? undefined);
      if (year === undefined ? a.month != null || a.day != null : !validArchiveDate(year, month, day)) return null;
      return { publicationId: p.id, year, month, day };
    },
    editors: (p: PublicationRow, _: unknown, ctx: Ctx) => usersOf(ctx, p, true),
    writers: (p: PublicationRow, _: unknown, ctx: Ctx) => usersOf(ctx, p, false),
    featurePages: (p: PublicationRow, _: unknown, ctx: Ctx) => featurePagesOf(ctx.db, p.id),
    featurePage: (p: PublicationRow, a: { slug: string }, ctx: Ctx) => featurePageBySlug(ctx.db, p.id, a.slug.slice(0, 100)),
  },
  CollectionArchive: {
    years: async (a: ArchiveParent, _: unknown, ctx: Ctx) => (await counts(a, ctx)).years.map((y) => ({ year: y.value, postCount: y.postCount })),
    months: async (a: ArchiveParent, _: unknown, ctx: Ctx) => (await counts(a, ctx)).months.map((m) => ({ year: a.year, month: m.value, postCount: m.postCount })),
    days: async (a: ArchiveParent, _: unknown, ctx: Ctx) => (await counts(a, ctx)).days.map((d) => ({ year: a.year, month: a.month, day: d.value, postCount: d.postCount })),
    posts: async (a: ArchiveParent, args: Paging, ctx: Ctx) => {
      const limit = pageLimit(args.paging, 50);
      const [from, to] = a.year === undefined ? [null, null] : archiveRange(a.year, a.month, a.day);
      return connection(ctx, await publicationPostIds(ctx.db, a.publicationId, { limit, from, to, after: args.paging?.to ?? null }), limit);
    },
  },
  FeaturePage: {
    posts: async (f: FeaturePageRow, a: Paging, ctx: Ctx) => {
      const limit = pageLimit(a.paging, 50);
      return connection(ctx, await publicationPostIdsInTags(ctx.db, f.publicationId, f.tags, { limit, after: a.paging?.to ?? null }), limit);
    },
  },
  Mutation: {
    createFeaturePage: async (_: unknown, a: { collectionId: string; input: FeaturePageInput }, ctx: Ctx) =>
      ctx.viewer ? publicationResult(await createFeaturePage(ctx.db, ctx.viewer.id, a.collectionId, a.input), (featurePage) => ({ __typename: 'FeaturePageSuccess', featurePage })) : signInToPublish,
    updateFeaturePage: async (_: unknown, a: { collectionId: string; featurePageId: string; input: FeaturePageInput & { position?: number | null } }, ctx: Ctx) =>
      ctx.viewer
        ? publicationResult(await updateFeaturePage(ctx.db, ctx.viewer.id, a.collectionId, a.featurePageId, a.input), (featurePage) => ({ __typename: 'FeaturePageSuccess', featurePage }))
        : signInToPublish,
    deleteFeaturePage: async (_: unknown, a: { collectionId: string; featurePageId: string }, ctx: Ctx) =>
      ctx.viewer ? publicationResult(await deleteFeaturePage(ctx.db, ctx.viewer.id, a.collectionId, a.featurePageId), (v) => ({ __typename: 'FeaturePageDeleted', id: v.id })) : signInToPublish,
  },
  FeaturePageResult: { resolveType: (o: { __typename: string }) => o.__typename },
  DeleteFeaturePageResult: { resolveType: (o: { __typename: string }) => o.__typename },
};
