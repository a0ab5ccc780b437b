import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { siteDocument, type SiteDocumentName } from './documents.js';

export const siteDocumentsTypeDefs = /* GraphQL */ `
  enum SiteDocumentName {
    TERMS
    PRIVACY
  }

  "One of the site's own documents, as Markdown (the page renders it as text, never as HTML)."
  type SiteDocument {
    name: SiteDocumentName!
    markdown: String!
  }

  extend type Query {
    "The Terms of Service or the Privacy Policy (TERMS_FILE, PRIVACY_FILE; defaults in content/)."
    siteDocument(name: SiteDocumentName!): SiteDocument!
  }
`;

export const siteDocumentsResolvers: IResolvers = {
  Query: {
    siteDocument: async (_: unknown, args: { name: SiteDocumentName }, ctx: RequestContext) => ({
      name: args.name,
      markdown: await siteDocument(args.name, ctx.config, ctx.config.SITE_NAME),
    }),
  },
};
