import type { IResolvers } from 'mercurius';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { UserRow } from '../accounts/queries.js';
import type { NewsletterOutcome } from './commands.js';
import { attestationFor, confirmImport, importById, latestImport } from './import-commands.js';
import { IMPORT_ELIGIBILITY_MESSAGE, userIsEligibleToImportEmails } from './import-eligibility.js';
import { notifyImportSweepers } from './import-job.js';
import type { NewsletterImportRow } from './import-model.js';
import { writerNewsletter } from './queries.js';

/**
 * Spec §3 User.isEligibleToImportEmails and the import of a mailing list (spec §2.1
 * import-mailing-list): the report of an uploaded file (the upload itself is the HTTP path
 * import-http.ts), the writer's confirmation with the attestation, and the progress.
 */
export const newsletterImportTypeDefs = /* GraphQL */ `
  "Examples of each problem in an uploaded list (a few of each)."
  type NewsletterImportSamples {
    invalid: [String!]!
    duplicate: [String!]!
    subscribed: [String!]!
    unsubscribed: [String!]!
    suppressed: [String!]!
  }
  "A mailing list import: VALIDATED (the report, nothing imported), IMPORTING (progress), DONE."
  type NewsletterImport {
    id: ID!
    newsletterId: ID!
    state: String!
    fileName: String!
    "The column the addresses were read from."
    emailColumn: String!
    totalRows: Int!
    invalidCount: Int!
    duplicateCount: Int!
    "Already subscribed to this newsletter."
    subscribedCount: Int!
    "Unsubscribed from this newsletter: never added again."
    unsubscribedCount: Int!
    "On the suppression list (bounced or complained)."
    suppressedCount: Int!
    "Addresses that will be imported (VALIDATED), or still to do (IMPORTING)."
    toImportCount: Int!
    importedCount: Int!
    "Addresses that changed between the report and the import (unsubscribed, suppressed or subscribed meanwhile)."
    skippedCount: Int!
    samples: NewsletterImportSamples!
    attestation: String
    createdAt: String!
    finishedAt: String
  }
  "What the import page needs: whether the viewer may import, the attestation to tick, the latest import."
  type NewsletterImportPage {
    isEligibleToImportEmails: Boolean!
    eligibilityMessage: String!
    attestation: String!
    latestImport: NewsletterImport
  }
  extend type User {
    "Spec §3: the viewer may import a mailing list into their newsletter (false for anyone else's account)."
    isEligibleToImportEmails: Boolean!
  }
  extend type Query {
    "The signed-in writer's import page; null when logged out."
    newsletterImportPage: NewsletterImportPage
    "One of the viewer's imports (its progress); null when not theirs."
    newsletterImport(id: ID!): NewsletterImport
  }
  extend type Mutation {
    "The writer confirms a validated import, attesting that the people on it agreed to receive their email."
    confirmNewsletterImport(importId: ID!, attested: Boolean!): NewsletterImport!
  }
`;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function unwrap<T>(outcome: NewsletterOutcome<T>): T {
  if (outcome.kind === 'ok') return outcome.value;
  if (outcome.kind === 'not-found') throw new NotFoundError(outcome.message);
  if (outcome.kind === 'forbidden') throw new ForbiddenError(outcome.message);
  throw new BadRequestError(outcome.message);
}

export const newsletterImportResolvers: IResolvers = {
  NewsletterImport: {
    samples: (i: NewsletterImportRow) => ({
      invalid: i.samples.INVALID ?? [],
      duplicate: i.samples.DUPLICATE ?? [],
      subscribed: i.samples.SUBSCRIBED ?? [],
      unsubscribed: i.samples.UNSUBSCRIBED ?? [],
      suppressed: i.samples.SUPPRESSED ?? [],
    }),
    createdAt: (i: NewsletterImportRow) => iso(i.createdAt),
    finishedAt: (i: NewsletterImportRow) => iso(i.finishedAt),
  },
  User: {
    isEligibleToImportEmails: (u: UserRow, _: unknown, ctx: RequestContext) => (ctx.viewer?.id === u.id ? userIsEligibleToImportEmails(ctx.db, u.id) : false),
  },
  Query: {
    newsletterImportPage: async (_: unknown, __: unknown, ctx: RequestContext) => {
      if (!ctx.viewer) return null;
      const n = await writerNewsletter(ctx.db, ctx.viewer.id);
      const [eligible, attestation, latest] = await Promise.all([
        userIsEligibleToImportEmails(ctx.db, ctx.viewer.id),
        attestationFor(ctx.db, ctx.viewer.id),
        n ? latestImport(ctx.db, n.id) : null,
      ]);
      return { isEligibleToImportEmails: eligible, eligibilityMessage: IMPORT_ELIGIBILITY_MESSAGE, attestation, latestImport: latest };
    },
    newsletterImport: async (_: unknown, args: { id: string }, ctx: RequestContext) => {
      if (!ctx.viewer) return null;
      const found = await importById(ctx.db, args.id);
      return found && found.userId === ctx.viewer.id ? found : null;
    },
  },
  Mutation: {
    confirmNewsletterImport: async (_: unknown, args: { importId: string; attested: boolean }, ctx: RequestContext) => {
      if (!ctx.viewer) throw new UnauthorizedError('Sign in to import subscribers.');
      const confirmed = unwrap(await confirmImport(ctx.db, { importId: args.importId, userId: ctx.viewer.id, attested: args.attested }));
      notifyImportSweepers();
      return confirmed;
    },
  },
};
