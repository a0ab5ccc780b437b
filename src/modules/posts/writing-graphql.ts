import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { createDraft, revertPost, saveDraft, type SaveResult } from './drafts.js';
import { postUrl } from './graphql.js';
import type { ParagraphInput } from './paragraph-input.js';
import { isReadable } from './policies.js';
import { publishPost, updatePostSettings, type PublishPostInput, type PublishResult } from './publish.js';
import { loadTags, type PostRow } from './queries.js';
import { listRevisions, postForEditing, type PostForEditing, type RevisionSummary } from './revisions.js';

/** The editor's calls: drafts and their revisions, publishing, settings (the writing contract). */
export const writingTypeDefs = /* GraphQL */ `
  input MarkupInput {
    type: MarkupType!
    "UTF-16 offsets into the paragraph text: start < end <= text length."
    start: Int!
    end: Int!
    "A only: an absolute http, https or mailto link."
    href: String
  }

  input ImageMetadataInput {
    "An id from POST /_/upload (or a demo/<file>.svg illustration)."
    id: ID!
    alt: String
    focusPercentX: Float
    focusPercentY: Float
    originalWidth: Int!
    originalHeight: Int!
  }

  input CodeBlockMetadataInput {
    lang: String
  }

  input IframeMetadataInput {
    "A link or embed URL of an allowed provider (src/shared/embeds.ts); stored as the provider's embed URL."
    src: String!
    width: Int
    height: Int
    title: String
  }

  input MixtapeMetadataInput {
    href: String!
    title: String
    description: String
    thumbnailImageId: String
  }

  input ParagraphInput {
    "Unique within the story: letters, digits, '-' and '_', at most 32."
    name: String!
    type: ParagraphType!
    text: String!
    markups: [MarkupInput!]
    layout: ImageLayout
    metadata: ImageMetadataInput
    codeBlockMetadata: CodeBlockMetadataInput
    iframe: IframeMetadataInput
    mixtapeMetadata: MixtapeMetadataInput
  }

  "A story as its writer edits it: the latest revision's text with the story's settings."
  type EditablePost {
    id: ID!
    title: String!
    subtitle: String!
    paragraphs: [Paragraph!]!
    latestRev: Int!
    publishedRev: Int
    isPublished: Boolean!
    visibility: PostVisibility!
    isLocked: Boolean!
    allowResponses: Boolean!
    "Spec §3 license type (src/shared/licenses.ts)."
    license: String!
    tags: [Tag!]!
    previewImage: ImageMetadata
    uniqueSlug: String!
    mediumUrl: String!
    inResponseToPostId: ID
    canonicalUrl: String
    "Published, with saved edits readers do not see yet."
    hasUnpublishedEdits: Boolean!
    updatedAt: Float!
  }

  union EditablePostResult = EditablePost | NotFound

  type PostRevision {
    rev: Int!
    title: String!
    subtitle: String!
    createdAt: Float!
    publishedAt: Float
    paragraphs: [Paragraph!]!
  }

  type SavedDraft {
    postId: ID!
    latestRev: Int!
    updatedAt: Float!
  }

  "Spec §8 Conflict: the story changed since the revision the editor started from."
  type Conflict {
    message: String!
    latestRev: Int!
  }

  union SaveDraftResult = SavedDraft | Conflict | NotFound | BadRequest
  union PublishPostResult = Post | NotFound | BadRequest

  input PublishPostInput {
    "Up to 5; created on first use; stored by their spec §5 slug."
    tags: [String!]!
    "PUBLIC or UNLISTED (reachable by link only)."
    visibility: PostVisibility!
    "Member-only: the full story for members, a preview for others."
    isLocked: Boolean!
    allowResponses: Boolean!
    license: String!
    "Replaces the story's title when different (saved as a new revision)."
    previewTitle: String
    previewSubtitle: String
    "One of the story's images; default the first."
    previewImageId: ID
  }

  extend type Query {
    "The author's (or staff's) view of a story for the editor; NotFound for anyone else."
    postForEditing(id: ID!): EditablePostResult!
    "Newest first (at most 500); empty for anyone but the author and staff."
    postRevisions(postId: ID!): [PostRevision!]!
  }

  extend type Mutation {
    "A new draft (revision 1). With repostOfPostId, a card linking that story ends the draft."
    createDraft(title: String!, subtitle: String!, paragraphs: [ParagraphInput!]!, repostOfPostId: ID): SaveDraftResult!
    "Saves revision baseRev + 1; Conflict when the story is no longer at baseRev."
    saveDraft(postId: ID!, baseRev: Int!, title: String!, subtitle: String!, paragraphs: [ParagraphInput!]!): SaveDraftResult!
    publishPost(postId: ID!, input: PublishPostInput!): PublishPostResult!
    "A story's settings, without publishing its unpublished edits."
    updatePostSettings(postId: ID!, input: PublishPostInput!): PublishPostResult!
    "Restores revision rev as a new revision."
    revertPost(postId: ID!, rev: Int!): SaveDraftResult!
  }
`;

type Ctx = RequestContext;
export const WRITE_SIGNED_OUT_MESSAGE = 'Sign in to write a story.';

export function writer(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError(WRITE_SIGNED_OUT_MESSAGE);
  return ctx.viewer.id;
}

/** Later reads in this request (the returned Post's fields) must see the story as written. */
export function forgetPost(ctx: Ctx, postId: string): void {
  ctx.loaders.postById.clear(postId);
  ctx.loaders.postWithParagraphsById.clear(postId);
  ctx.loaders.postParagraphsById.clear(postId);
}

export function saveResult(ctx: Ctx, r: SaveResult) {
  switch (r.kind) {
    case 'saved':
      forgetPost(ctx, r.postId);
      return { __typename: 'SavedDraft', postId: r.postId, latestRev: r.latestRev, updatedAt: r.updatedAt.getTime() };
    case 'conflict':
      return { __typename: 'Conflict', latestRev: r.latestRev, message: r.message };
    case 'not-found':
      return { __typename: 'NotFound', message: r.message };
    case 'bad-request':
      return { __typename: 'BadRequest', message: r.message };
  }
}

function publishResult(ctx: Ctx, r: PublishResult) {
  if (r.kind === 'not-found') return { __typename: 'NotFound', message: r.message };
  if (r.kind === 'bad-request') return { __typename: 'BadRequest', message: r.message };
  forgetPost(ctx, r.post.id);
  ctx.loaders.postById.prime(r.post.id, r.post);
  return { __typename: 'Post', ...r.post };
}

/** The reposted story as a link card, when the viewer may read it and it is published. */
async function repostCard(ctx: Ctx, postId: string): Promise<Paragraph | null> {
  const post = await ctx.loaders.postById.load(postId);
  if (!post || !post.firstPublishedAt || !isReadable(post, ctx.viewer)) return null;
  const creator = await ctx.loaders.userById.load(post.creatorId);
  if (creator?.deactivatedAt) return null;
  return {
    name: `repost-${post.id}`,
    type: 'MIXTAPE_EMBED',
    text: post.title,
    markups: [],
    mixtapeMetadata: {
      href: postUrl(ctx, post, creator?.username ?? null),
      title: post.title,
      description: post.subtitle,
      ...(post.previewImage ? { thumbnailImageId: post.previewImage.id } : {}),
    },
  };
}

interface StoryArgs {
  title: string;
  subtitle: string;
  paragraphs: ParagraphInput[];
}

export const writingResolvers: IResolvers = {
  Query: {
    postForEditing: async (_: unknown, args: { id: string }, ctx: Ctx) =>
      (await postForEditing(ctx.db, args.id, ctx.viewer)) ?? { __typename: 'NotFound', message: 'Post not found.' },
    postRevisions: (_: unknown, args: { postId: string }, ctx: Ctx) => listRevisions(ctx.db, args.postId, ctx.viewer),
  },
  Mutation: {
    createDraft: async (_: unknown, args: StoryArgs & { repostOfPostId?: string | null }, ctx: Ctx) => {
      const viewerId = writer(ctx);
      let appendParagraphs: Paragraph[] | undefined;
      if (args.repostOfPostId) {
        const card = await repostCard(ctx, args.repostOfPostId);
        if (!card) return { __typename: 'NotFound', message: 'The story to repost was not found.' };
        // An editor that already shows the card sends it back; it is not added twice.
        if (!args.paragraphs.some((p) => p.mixtapeMetadata?.href === card.mixtapeMetadata!.href)) appendParagraphs = [card];
      }
      return saveResult(ctx, await createDraft(ctx.db, viewerId, { ...args, appendParagraphs }));
    },
    saveDraft: async (_: unknown, args: StoryArgs & { postId: string; baseRev: number }, ctx: Ctx) =>
      saveResult(ctx, await saveDraft(ctx.db, writer(ctx), args)),
    revertPost: async (_: unknown, args: { postId: string; rev: number }, ctx: Ctx) =>
      saveResult(ctx, await revertPost(ctx.db, writer(ctx), args.postId, args.rev)),
    publishPost: async (_: unknown, args: { postId: string; input: PublishPostInput }, ctx: Ctx) =>
      publishResult(ctx, await publishPost(ctx.db, writer(ctx), args.postId, args.input)),
    updatePostSettings: async (_: unknown, args: { postId: string; input: PublishPostInput }, ctx: Ctx) =>
      publishResult(ctx, await updatePostSettings(ctx.db, writer(ctx), args.postId, args.input)),
  },
  EditablePostResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'EditablePost' },
  SaveDraftResult: { resolveType: (o: { __typename: string }) => o.__typename },
  PublishPostResult: { resolveType: (o: { __typename: string }) => o.__typename },
  EditablePost: {
    title: (p: PostForEditing) => p.latest.title,
    subtitle: (p: PostForEditing) => p.latest.subtitle,
    paragraphs: (p: PostForEditing) => p.latest.paragraphs,
    isPublished: (p: PostForEditing) => p.firstPublishedAt !== null,
    tags: (p: PostForEditing, _: unknown, ctx: Ctx) => loadTags(ctx.loaders, p.tags),
    uniqueSlug: (p: PostForEditing) => (p.slug ? `${p.slug}-${p.id}` : p.id),
    mediumUrl: async (p: PostForEditing, _: unknown, ctx: Ctx) =>
      postUrl(ctx, p as PostRow, (await ctx.loaders.userById.load(p.creatorId))?.username ?? null),
    hasUnpublishedEdits: (p: PostForEditing) => p.publishedRev !== null && p.latestRev > p.publishedRev,
    updatedAt: (p: PostForEditing) => Math.max(p.updatedAt.getTime(), p.latest.createdAt.getTime()),
  },
  PostRevision: {
    createdAt: (r: RevisionSummary) => r.createdAt.getTime(),
    publishedAt: (r: RevisionSummary) => r.publishedAt?.getTime() ?? null,
    paragraphs: (r: RevisionSummary, _: unknown, ctx: Ctx) => ctx.loaders.revisionParagraphs.load(`${r.postId}:${r.rev}`),
  },
};
