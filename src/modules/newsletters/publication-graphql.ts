import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { publicationResult, viewerIsEditor } from '../publications/graphql.js';
import type { PublicationRow } from '../publications/model.js';
import type { NewsletterRow } from './model.js';
import { createPublicationNewsletter, PUBLICATION_NEWSLETTER_MESSAGES, updateNewsletter, type NewsletterInput } from './publication-commands.js';
import { publicationNewsletterBySlug, publicationNewsletters } from './queries.js';

/**
 * A publication's newsletters (type COLLECTION): made and edited by its editors and owner at
 * /{collectionSlug}/new-newsletter and /{collectionSlug}/newsletters/{slug}/settings.
 */
export const publicationNewslettersTypeDefs = /* GraphQL */ `
  input NewsletterV3Input {
    "1-60 characters."
    name: String!
    "The publication slug rules, unique in the publication; made from the name when empty."
    slug: String
    "At most 280 characters."
    description: String
    showPromo: Boolean
  }
  type NewsletterV3Success {
    newsletterV3: NewsletterV3!
  }
  union NewsletterV3Result = NewsletterV3Success | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists

  extend type NewsletterV3 {
    "The publication's editors and owner, or the writer of their own newsletter."
    viewerCanEdit: Boolean!
  }
  extend type Collection {
    "The publication's newsletters, oldest first (the first is newsletterV3)."
    newslettersV3: [NewsletterV3!]!
    newsletterV3BySlug(slug: String!): NewsletterV3
  }
  extend type Mutation {
    "/{collectionSlug}/new-newsletter: editors and the owner."
    createNewsletterV3(collectionId: ID!, input: NewsletterV3Input!): NewsletterV3Result!
    "/{collectionSlug}/newsletters/{slug}/settings: editors and the owner; a writer's own newsletter (its slug stays)."
    updateNewsletterV3(newsletterV3Id: ID!, input: NewsletterV3Input!): NewsletterV3Result!
  }
`;

type Ctx = RequestContext;

const signIn = { __typename: 'Unauthorized', message: PUBLICATION_NEWSLETTER_MESSAGES.signIn };
const success = (newsletterV3: NewsletterRow) => ({ __typename: 'NewsletterV3Success', newsletterV3 });

/** Whether the viewer may change the newsletter and see its audience: its publication's editors, or its writer. */
export async function viewerManagesNewsletter(ctx: Ctx, n: NewsletterRow): Promise<boolean> {
  if (!ctx.viewer) return false;
  if (n.collectionId) return viewerIsEditor(ctx, n.collectionId);
  return n.userId === ctx.viewer.id;
}

export const publicationNewslettersResolvers: IResolvers = {
  NewsletterV3: {
    viewerCanEdit: (n: NewsletterRow, _: unknown, ctx: Ctx) => viewerManagesNewsletter(ctx, n),
  },
  Collection: {
    newslettersV3: (p: PublicationRow, _: unknown, ctx: Ctx) => publicationNewsletters(ctx.db, p.id),
    newsletterV3BySlug: (p: PublicationRow, a: { slug: string }, ctx: Ctx) => publicationNewsletterBySlug(ctx.db, p.id, a.slug),
  },
  Mutation: {
    createNewsletterV3: async (_: unknown, a: { collectionId: string; input: NewsletterInput }, ctx: Ctx) => {
      if (!ctx.viewer) return signIn;
      const outcome = await createPublicationNewsletter(ctx.db, ctx.viewer.id, a.collectionId, a.input);
      if (outcome.kind === 'ok') ctx.loaders.publicationNewsletter.clear(a.collectionId);
      return publicationResult(outcome, success);
    },
    updateNewsletterV3: async (_: unknown, a: { newsletterV3Id: string; input: NewsletterInput }, ctx: Ctx) => {
      if (!ctx.viewer) return signIn;
      return publicationResult(await updateNewsletter(ctx.db, ctx.viewer.id, a.newsletterV3Id, a.input), success);
    },
  },
  NewsletterV3Result: { resolveType: (o: { __typename: string }) => o.__typename },
};
