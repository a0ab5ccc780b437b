import type { FastifyInstance } from 'fastify';
import type { IResolvers, MercuriusContext } from 'mercurius';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import { storeUploadedImage } from '../media/commands.js';
import { ImageRejectedError } from '../media/process.js';
import { importPost, linkPreview, type FetchDeps, type ImageStore } from './import.js';
import { saveResult, writer } from './writing-graphql.js';

/** Importing a story and link cards: the editor's calls that fetch other sites' pages. */
export const writingImportTypeDefs = /* GraphQL */ `
  "A link card (MIXTAPE_EMBED) for a page: its OpenGraph title, description and image."
  type LinkPreview {
    href: String!
    title: String!
    description: String!
    thumbnailImageId: String
  }

  union LinkPreviewResult = LinkPreview | BadRequest

  extend type Mutation {
    "A new draft from a story's address (fetched by the server; canonicalUrl kept) or its pasted HTML: exactly one of them."
    importPost(url: String, html: String): SaveDraftResult!
    linkPreview(url: String!): LinkPreviewResult!
  }
`;

/** Each call makes the server fetch other sites: a writer gets this many a window. */
export const FETCH_RATE_LIMIT: RateLimitRule = { name: 'writing-fetch:user', limit: 60, windowMs: 10 * 60_000 };
export const FETCH_RATE_LIMITED_MESSAGE = 'Too many pages fetched. Please try again in a few minutes.';

type Ctx = MercuriusContext;

/** Imported images become uploads of the writer, through the media service's own checks. */
function mediaStore(ctx: Ctx): ImageStore | undefined {
  const media = (ctx.app as unknown as FastifyInstance).media;
  if (!media) return undefined;
  return {
    async store(ownerId, bytes) {
      try {
        const image = await media.limit(() => storeUploadedImage(ctx.db, media.storage, ownerId, bytes));
        return { id: image.id, width: image.width, height: image.height };
      } catch (err) {
        if (err instanceof ImageRejectedError) return null;
        throw err;
      }
    },
    async size(id) {
      const image = await media.mediaById(id);
      return image ? { width: image.width, height: image.height } : null;
    },
  };
}

function deps(ctx: Ctx): FetchDeps {
  return {
    fetch: { allowAddresses: ctx.config.FETCH_ALLOW_ADDRESSES },
    images: mediaStore(ctx),
    imageMaxBytes: ctx.config.IMAGE_UPLOAD_MAX_MB * 1024 * 1024,
    siteOrigin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`,
  };
}

async function withinFetchLimit(ctx: Ctx, viewerId: string): Promise<boolean> {
  return (await (ctx.app as unknown as FastifyInstance).rateLimiter.hit(FETCH_RATE_LIMIT, viewerId)).allowed;
}

export const writingImportResolvers: IResolvers = {
  Mutation: {
    importPost: async (_: unknown, args: { url?: string | null; html?: string | null }, ctx: Ctx) => {
      const viewerId = writer(ctx);
      // Pasted HTML counts too: its images are fetched.
      if (!(await withinFetchLimit(ctx, viewerId))) return { __typename: 'BadRequest', message: FETCH_RATE_LIMITED_MESSAGE };
      return saveResult(ctx, await importPost(ctx.db, viewerId, args, deps(ctx)));
    },
    linkPreview: async (_: unknown, args: { url: string }, ctx: Ctx) => {
      const viewerId = writer(ctx);
      if (!(await withinFetchLimit(ctx, viewerId))) return { __typename: 'BadRequest', message: FETCH_RATE_LIMITED_MESSAGE };
      const r = await linkPreview(viewerId, args.url, deps(ctx));
      return r.kind === 'preview' ? { __typename: 'LinkPreview', ...r } : { __typename: 'BadRequest', message: r.message };
    },
  },
  LinkPreviewResult: { resolveType: (o: { __typename: string }) => o.__typename },
};
