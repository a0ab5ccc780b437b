import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { isReadable } from '../posts/policies.js';
import type { PostRow } from '../posts/queries.js';
import { discardHomepageDraft, featurePost, publishHomepage, reorderFeatured, saveHomepageDraft, unfeaturePost } from './design-commands.js';
import type { HomepageDesign, HomepageDesignInput } from './design-model.js';
import { createSectionPostsLoader, type SectionRequest } from './design-queries.js';
import { publicationResult, signInToPublish, viewerIsEditor } from './graphql.js';
import type { PostsSection, PublicationRow } from './model.js';
import { publicationPostIds } from './queries.js';
import { featuredPostsOf, featuringEventsOf } from './featured-queries.js';

export const designTypeDefs = /* GraphQL */ `
  extend type PostsSection {
    "The section's stories (its limit of them), newest first or in the editors' featured order."
    posts: [Post!]!
    "More stories than the limit: the homepage links to /{slug}/home/{sectionId}."
    hasOverflow: Boolean!
  }

  extend type CollectionHomepage {
    "The draft's logo (it becomes Collection.logo when published); null on the published homepage."
    logo: CollectionImage
  }

  "A page of a publication's stories; next is the cursor of the following page."
  type CollectionPostsPage {
    posts: [Post!]!
    next: String
  }

  "Spec §3 PublicationFeaturedPost."
  type PublicationFeaturedPost {
    id: ID!
    post: Post!
    position: Int!
    featuredAt: Float!
  }

  "Spec §3 PublicationFeaturingEvent: a story featured or unfeatured, by whom and when."
  type PublicationFeaturingEvent {
    id: ID!
    postId: ID!
    "FEATURED or UNFEATURED."
    kind: String!
    actor: User
    createdAt: Float!
  }

  extend type Collection {
    "The design being edited (editors only; null for others or when nothing is drafted)."
    homepageDraft: CollectionHomepage
    "A published posts section by id (/{slug}/home/{sectionId})."
    homepageSection(id: ID!): PostsSection
    "A published posts section's stories, a page at a time."
    homepageSectionPosts(id: ID!, after: String, limit: Int): CollectionPostsPage
    "The featured stories in the editors' order."
    featuredPosts: [PublicationFeaturedPost!]!
    "Feature and unfeature history, newest first (editors only)."
    featuringEvents(limit: Int): [PublicationFeaturingEvent!]!
    "The publication's listed stories newest first, for featuring (editors only)."
    storiesToFeature(after: String): CollectionPostsPage
  }

  input HomepageHeaderInput {
    "SMALL, MEDIUM or LARGE."
    size: String!
    "Hex (#1a8917 or 1a8917); empty for the site's colours."
    color: String
    backgroundImageId: String
  }
  input HomepageSectionInput {
    "POSTS or PROMOTION."
    type: String!
    "Kept for a section being edited; a new section gets one."
    id: ID
    title: String
    layout: String
    source: String
    tags: [String!]
    limit: Int
    backgroundColor: String
    headlineText: String
    buttonText: String
    imageId: String
    url: String
  }
  input HomepageDesignInput {
    header: HomepageHeaderInput!
    logoImageId: String
    sections: [HomepageSectionInput!]!
  }

  type FeaturedPostsSuccess {
    featuredPosts: [PublicationFeaturedPost!]!
  }
  union FeaturedPostsResult = FeaturedPostsSuccess | NotFound | BadRequest | Unauthorized | Forbidden

  extend type Mutation {
    "/{slug}/design Save draft."
    saveHomepageDraft(collectionId: ID!, design: HomepageDesignInput!): CollectionResult!
    "/{slug}/design Publish: the draft becomes the homepage."
    publishHomepage(collectionId: ID!): CollectionResult!
    discardHomepageDraft(collectionId: ID!): CollectionResult!
    featurePost(collectionId: ID!, postId: ID!): FeaturedPostsResult!
    unfeaturePost(collectionId: ID!, postId: ID!): FeaturedPostsResult!
    "Every featured story, once, in the new order."
    reorderFeatured(collectionId: ID!, postIds: [ID!]!): FeaturedPostsResult!
  }
`;

type Ctx = RequestContext;
/** A section as resolvers see it: the homepage resolver adds its publication. */
type SectionParent = PostsSection & { publicationId?: string };
type HomepageParent = HomepageDesign & { publicationId?: string };

const sectionLoaders = new WeakMap<Ctx, ReturnType<typeof createSectionPostsLoader>>();
function sectionPosts(ctx: Ctx, request: SectionRequest) {
  let loader = sectionLoaders.get(ctx);
  if (!loader) sectionLoaders.set(ctx, (loader = createSectionPostsLoader(ctx.db)));
  return loader.load(request);
}

/** The stories the viewer may read, in the order given (the post query's read rules). */
async function readablePosts(ids: readonly string[], ctx: Ctx): Promise<PostRow[]> {
  const posts = await Promise.all(ids.map((id) => ctx.loaders.postById.load(id)));
  return posts.filter((p): p is PostRow => p !== null && isReadable(p, ctx.viewer));
}

const requestOf = (s: SectionParent, extra: Partial<SectionRequest> = {}): SectionRequest | null =>
  s.publicationId ? { publicationId: s.publicationId, source: s.source, tags: s.tags ?? [], limit: s.limit, ...extra } : null;

const SECTION_PAGE = { default: 12, max: 24 };

const collectionSuccess = (collection: PublicationRow) => ({ __typename: 'CollectionSuccess', collection });
const featuredSuccess = (ctx: Ctx, publicationId: string) => async () => ({ __typename: 'FeaturedPostsSuccess', featuredPosts: await featuredPostsOf(ctx.db, publicationId) });

type Run<A, T> = (ctx: Ctx, viewerId: string, a: A) => Promise<import('./commands.js').PublicationOutcome<T>>;
const signedIn =
  <A, T>(run: Run<A, T>, wrap: (value: T, a: A, ctx: Ctx) => object | Promise<object>) =>
  async (_: unknown, a: A, ctx: Ctx) => {
    if (!ctx.viewer) return signInToPublish;
    const outcome = await run(ctx, ctx.viewer.id, a);
    return outcome.kind === 'ok' ? wrap(outcome.value, a, ctx) : publicationResult(outcome, () => ({}));
  };

type ByPub = { collectionId: string };
type ByPost = ByPub & { postId: string };
const featured = (_: unknown, a: ByPub, ctx: Ctx) => featuredSuccess(ctx, a.collectionId)();

export const designResolvers: IResolvers = {
  PostsSection: {
    posts: async (s: SectionParent, _: unknown, ctx: Ctx) => {
      const request = requestOf(s);
      return request ? readablePosts((await sectionPosts(ctx, request)).ids, ctx) : [];
    },
    hasOverflow: async (s: SectionParent, _: unknown, ctx: Ctx) => {
      const request = requestOf(s);
      return request ? (await sectionPosts(ctx, request)).hasOverflow : false;
    },
  },
  CollectionHomepage: {
    logo: (h: HomepageParent) => (h.logoImageId ? { id: h.logoImageId } : null),
    sections: (h: HomepageParent) => h.sections.map((s) => ({ ...s, publicationId: h.publicationId })),
  },
  Collection: {
    homepageDraft: async (p: PublicationRow, _: unknown, ctx: Ctx) =>
      p.homepageDraft && (await viewerIsEditor(ctx, p.id)) ? { ...p.homepageDraft, publicationId: p.id } : null,
    homepageSection: (p: PublicationRow, a: { id: string }) => {
      const section = p.homepage?.sections.find((s) => s.id === a.id && s.type === 'POSTS');
      return section ? { ...section, publicationId: p.id } : null;
    },
    // Paged by position (the featured order has no time cursor): 'after' is how many came before.
    homepageSectionPosts: async (p: PublicationRow, a: { id: string; after?: string | null; limit?: number | null }, ctx: Ctx) => {
      const section = p.homepage?.sections.find((s): s is PostsSection => s.id === a.id && s.type === 'POSTS');
      if (!section) return null;
      const offset = Math.max(0, Number.parseInt(a.after ?? '0', 10) || 0);
      const limit = Math.min(Math.max(a.limit ?? SECTION_PAGE.default, 1), SECTION_PAGE.max);
      const page = await sectionPosts(ctx, { publicationId: p.id, source: section.source, tags: section.tags, limit, offset });
      return { posts: await readablePosts(page.ids, ctx), next: page.hasOverflow ? String(offset + limit) : null };
    },
    featuredPosts: (p: PublicationRow, _: unknown, ctx: Ctx) => featuredPostsOf(ctx.db, p.id),
    featuringEvents: async (p: PublicationRow, a: { limit?: number | null }, ctx: Ctx) =>
      (await viewerIsEditor(ctx, p.id)) ? featuringEventsOf(ctx.db, p.id, Math.min(Math.max(a.limit ?? 20, 1), 100)) : [],
    storiesToFeature: async (p: PublicationRow, a: { after?: string | null }, ctx: Ctx) => {
      if (!(await viewerIsEditor(ctx, p.id))) return null;
      const page = await publicationPostIds(ctx.db, p.id, { limit: 25, after: a.after ?? null });
      return { posts: await readablePosts(page.ids, ctx), next: page.next };
    },
  },
  PublicationFeaturedPost: {
    post: (f: { postId: string }, _: unknown, ctx: Ctx) => ctx.loaders.postById.load(f.postId),
  },
  PublicationFeaturingEvent: {
    actor: (e: { actorId: string | null }, _: unknown, ctx: Ctx) => (e.actorId ? ctx.loaders.userById.load(e.actorId) : null),
  },
  FeaturedPostsResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Mutation: {
    saveHomepageDraft: signedIn<ByPub & { design: HomepageDesignInput }, PublicationRow>((ctx, v, a) => saveHomepageDraft(ctx.db, v, a.collectionId, a.design), collectionSuccess),
    publishHomepage: signedIn<ByPub, PublicationRow>((ctx, v, a) => publishHomepage(ctx.db, v, a.collectionId), collectionSuccess),
    discardHomepageDraft: signedIn<ByPub, PublicationRow>((ctx, v, a) => discardHomepageDraft(ctx.db, v, a.collectionId), collectionSuccess),
    featurePost: signedIn<ByPost, string[]>((ctx, v, a) => featurePost(ctx.db, v, a.collectionId, a.postId), (_v, a, ctx) => featured(null, a, ctx)),
    unfeaturePost: signedIn<ByPost, string[]>((ctx, v, a) => unfeaturePost(ctx.db, v, a.collectionId, a.postId), (_v, a, ctx) => featured(null, a, ctx)),
    reorderFeatured: signedIn<ByPub & { postIds: string[] }, string[]>((ctx, v, a) => reorderFeatured(ctx.db, v, a.collectionId, a.postIds), (_v, a, ctx) => featured(null, a, ctx)),
  },
};
