import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { isReadable, previewParagraphs } from './policies.js';
import { decidedStoryAccess, storyAccess } from '../metering/access.js';
import { loadTags, type PostRow } from './queries.js';

export const postsTypeDefs = /* GraphQL */ `
  enum PostVisibility {
    PUBLIC
    UNLISTED
    LOCKED
    PRIVATE
  }

  enum ParagraphType {
    P
    H1
    H2
    H3
    H4
    IMG
    BQ
    PQ
    PRE
    ULI
    OLI
    HR
    IFRAME
    MIXTAPE_EMBED
  }

  enum MarkupType {
    STRONG
    EM
    A
    CODE
  }

  enum ImageLayout {
    INSET_CENTER
    OUTSET_CENTER
    FULL_WIDTH
  }

  "Spec §3 image metadata."
  type ImageMetadata {
    id: ID!
    alt: String
    focusPercentX: Float
    focusPercentY: Float
    originalWidth: Int!
    originalHeight: Int!
  }

  type Markup {
    type: MarkupType!
    start: Int!
    end: Int!
    href: String
  }

  type CodeBlockMetadata {
    lang: String!
  }

  type IframeMetadata {
    src: String!
    width: Int!
    height: Int!
    title: String!
  }

  type MixtapeMetadata {
    href: String!
    title: String!
    description: String!
    thumbnailImageId: String
  }

  type Paragraph {
    name: String!
    type: ParagraphType!
    text: String!
    markups: [Markup!]!
    layout: ImageLayout
    metadata: ImageMetadata
    codeBlockMetadata: CodeBlockMetadata
    iframe: IframeMetadata
    mixtapeMetadata: MixtapeMetadata
  }

  type RichText {
    paragraphs: [Paragraph!]!
  }

  type PostContent {
    "True when the reader only gets the preview of a member-only story."
    isLockedPreviewOnly: Boolean!
    bodyModel: RichText!
    """
    Changes whenever the paragraphs of bodyModel change (a revision saved or published, the
    preview instead of the whole story): a key for what is rendered from them.
    """
    version: String!
  }

  type PreviewContent {
    isFullContent: Boolean!
    subtitle: String!
  }

  type PostResponsesInfo {
    count: Int!
  }

  type Tag {
    id: ID!
    displayTitle: String!
    normalizedTagSlug: String!
  }

  "Spec §3 Post."
  type Post {
    id: ID!
    title: String!
    mediumUrl: String!
    "The original's address for a story imported from elsewhere (rel=canonical points there)."
    canonicalUrl: String
    uniqueSlug: String!
    previewImage: ImageMetadata
    creator: User!
    collection: Collection
    visibility: PostVisibility!
    pinnedAt: Float
    isLocked: Boolean!
    isPublished: Boolean!
    isLimitedState: Boolean!
    allowResponses: Boolean!
    readingTime: Float!
    postResponses: PostResponsesInfo!
    firstPublishedAt: Float
    latestPublishedAt: Float
    updatedAt: Float!
    extendedPreviewContent: PreviewContent!
    clapCount: Int!
    tags: [Tag!]!
    content: PostContent!
  }

  union PostResult = Post | NotFound

  extend type Query {
    post(id: ID!): Post
    postResult(id: ID!): PostResult!
  }
`;

type Ctx = RequestContext;
const ms = (d: Date | null) => (d ? d.getTime() : null);

export async function readablePost(id: string, ctx: Ctx): Promise<PostRow | null> {
  const post = await ctx.loaders.postWithParagraphsById.load(id);
  if (!post || !isReadable(post, ctx.viewer)) return null;
  // Stories of a deactivated account are hidden with it (its owner still sees them).
  const creator = await ctx.loaders.userById.load(post.creatorId);
  return creator?.deactivatedAt && ctx.viewer?.id !== creator.id ? null : post;
}

export function postUrl(ctx: Ctx, post: PostRow, username: string | null): string {
  const path = username ? `/@${username}/${post.slug ? `${post.slug}-` : ''}${post.id}` : `/p/${post.id}`;
  return `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}${path}`;
}

export const postsResolvers: IResolvers = {
  Query: {
    post: (_: unknown, args: { id: string }, ctx: Ctx) => readablePost(args.id, ctx),
    postResult: async (_: unknown, args: { id: string }, ctx: Ctx) =>
      (await readablePost(args.id, ctx)) ?? { __typename: 'NotFound', message: 'Post not found.' },
  },
  PostResult: {
    resolveType: (obj: { __typename?: string }) => obj.__typename ?? 'Post',
  },
  Post: {
    mediumUrl: async (p: PostRow, _: unknown, ctx: Ctx) => {
      // A story in a publication lives under it (/{collectionSlug}/{uniqueSlug}).
      const publication = p.collectionId ? await ctx.loaders.publicationById.load(p.collectionId) : null;
      if (publication) return `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}/${publication.slug}/${p.slug ? `${p.slug}-` : ''}${p.id}`;
      return postUrl(ctx, p, (await ctx.loaders.userById.load(p.creatorId))?.username ?? null);
    },
    uniqueSlug: (p: PostRow) => (p.slug ? `${p.slug}-${p.id}` : p.id),
    creator: (p: PostRow, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(p.creatorId),
    // The publication the story appears in (set when an editor approves it).
    collection: (p: PostRow, _: unknown, ctx: Ctx) => (p.collectionId ? ctx.loaders.publicationById.load(p.collectionId) : null),
    pinnedAt: (p: PostRow) => ms(p.pinnedAt),
    isPublished: (p: PostRow) => p.firstPublishedAt !== null,
    isLimitedState: () => false,
    postResponses: (p: PostRow) => ({ count: p.responsesCount }),
    firstPublishedAt: (p: PostRow) => ms(p.firstPublishedAt),
    latestPublishedAt: (p: PostRow) => ms(p.latestPublishedAt),
    updatedAt: (p: PostRow) => p.updatedAt.getTime(),
    // Cards ask for many stories: the rule alone (no statement), or what this request's
    // metering decided for a story it opened (content below). The sibling fields of the
    // selection start before this continues, so a story page's content has decided by then.
    extendedPreviewContent: async (p: PostRow, _: unknown, ctx: Ctx) => {
      await Promise.resolve();
      return { isFullContent: (await decidedStoryAccess(ctx, p)).full, subtitle: p.subtitle };
    },
    tags: (p: PostRow, _: unknown, ctx: Ctx) => loadTags(ctx.loaders, p.tags),
    content: async (p: PostRow, _: unknown, ctx: Ctx) => {
      // Members, the author and staff: decided without a statement. Others: metering may open it.
      const [{ full, metering }, paragraphs] = await Promise.all([storyAccess(ctx, p), ctx.loaders.postParagraphsById.load(p.id)]);
      return {
        metering,
        isLockedPreviewOnly: !full,
        bodyModel: { paragraphs: full ? paragraphs : previewParagraphs(paragraphs) },
        // body_version moves with every change of the paragraphs (a trigger, migration 0023).
        version: `${p.id}.${p.bodyVersion}.${full ? 'full' : 'preview'}`,
      };
    },
  },
  Paragraph: {
    markups: (p: { markups?: unknown[] }) => p.markups ?? [],
  },
};
