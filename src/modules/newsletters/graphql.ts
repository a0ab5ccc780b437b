import type { IResolvers, MercuriusContext } from 'mercurius';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { PublicationRow } from '../publications/model.js';
import type { UserRow } from '../accounts/queries.js';
import { ensureWriterNewsletter, subscribeReader, unsubscribeReader, type NewsletterOutcome } from './commands.js';
import { NEWSLETTER_MESSAGES, type NewsletterRow, type SubscriberState } from './model.js';
import { createViewerSubscriptionLoader, newsletterById } from './queries.js';

/**
 * Spec §3 NewsletterV3 and §7 subscribeNewsletterV3 / unsubscribeNewsletterV3 /
 * fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe. A writer's newsletter is null on User until
 * first used; the lazy mutation makes it (and subscribes the viewer when they are not its writer).
 */
export const newslettersTypeDefs = /* GraphQL */ `
  "Spec §3 NewsletterV3: a writer's (type USER) or a publication's (type COLLECTION) newsletter."
  type NewsletterV3 {
    id: ID!
    type: String!
    slug: String!
    name: String!
    description: String!
    showPromo: Boolean!
    "Active subscribers."
    subscriberCount: Int!
    user: User
    collection: Collection
    "The viewer's subscription: PENDING (waiting for the confirmation link), ACTIVE, UNSUBSCRIBED; null when none or logged out."
    viewerSubscriptionState: String
    viewerIsSubscribed: Boolean!
  }
  extend type User {
    "The writer's newsletter; null until it is first used (fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe)."
    newsletterV3: NewsletterV3
  }
  extend type Collection {
    "The publication's newsletter (its first, when it has several); null when it has none."
    newsletterV3: NewsletterV3
  }
  extend type Query {
    newsletterV3(id: ID!): NewsletterV3
  }
  extend type Mutation {
    "Spec §7: the signed-in viewer subscribes with one click; shouldRecordConsent records the §5 notice they saw."
    subscribeNewsletterV3(newsletterV3Id: ID!, shouldRecordConsent: Boolean): NewsletterV3!
    unsubscribeNewsletterV3(newsletterV3Id: ID!): NewsletterV3!
    "Spec §7: the writer's newsletter, made on first use; a signed-in viewer subscribes unless they are that writer."
    fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: ID!): NewsletterV3!
  }
`;

type Ctx = RequestContext & Partial<Pick<MercuriusContext, 'reply'>>;
const viewerSubscriptions = new WeakMap<Ctx, ReturnType<typeof createViewerSubscriptionLoader>>();

function viewerState(n: NewsletterRow, ctx: Ctx): Promise<SubscriberState | null> | null {
  if (!ctx.viewer) return null;
  let loader = viewerSubscriptions.get(ctx);
  if (!loader) viewerSubscriptions.set(ctx, (loader = createViewerSubscriptionLoader(ctx.db, ctx.viewer.id)));
  return loader.load(n.id);
}

function unwrap<T>(outcome: NewsletterOutcome<T>): T {
  if (outcome.kind === 'ok') return outcome.value;
  if (outcome.kind === 'not-found') throw new NotFoundError(outcome.message);
  if (outcome.kind === 'forbidden') throw new ForbiddenError(outcome.message);
  throw new BadRequestError(outcome.message);
}

/** Where and from whom a consent came, for newsletter_consents. */
export function origin(ctx: Ctx) {
  const request = ctx.reply?.request;
  const page = request?.headers['inkwell-path'];
  return { source: typeof page === 'string' ? page.slice(0, 300) : 'graphql', ip: request?.ip ?? null, userAgent: request?.headers['user-agent'] ?? null };
}

function signedIn(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError(NEWSLETTER_MESSAGES.signIn);
  return ctx.viewer.id;
}

function forget(ctx: Ctx, n: NewsletterRow) {
  viewerSubscriptions.get(ctx)?.clear(n.id);
  if (n.type === 'USER') ctx.loaders.writerNewsletter.clear(n.userId).prime(n.userId, n);
}

export const newslettersResolvers: IResolvers = {
  NewsletterV3: {
    user: (n: NewsletterRow, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(n.userId),
    collection: (n: NewsletterRow, _: unknown, ctx: Ctx) => (n.collectionId ? ctx.loaders.publicationById.load(n.collectionId) : null),
    viewerSubscriptionState: (n: NewsletterRow, _: unknown, ctx: Ctx) => viewerState(n, ctx),
    viewerIsSubscribed: async (n: NewsletterRow, _: unknown, ctx: Ctx) => (await viewerState(n, ctx)) === 'ACTIVE',
  },
  User: {
    newsletterV3: (u: UserRow, _: unknown, ctx: Ctx) => ctx.loaders.writerNewsletter.load(u.id),
  },
  Collection: {
    newsletterV3: (p: PublicationRow, _: unknown, ctx: Ctx) => ctx.loaders.publicationNewsletter.load(p.id),
  },
  Query: {
    newsletterV3: (_: unknown, args: { id: string }, ctx: Ctx) => newsletterById(ctx.db, args.id),
  },
  Mutation: {
    subscribeNewsletterV3: async (_: unknown, args: { newsletterV3Id: string; shouldRecordConsent?: boolean | null }, ctx: Ctx) => {
      const n = unwrap(await subscribeReader(ctx.db, { newsletterId: args.newsletterV3Id, readerId: signedIn(ctx), recordConsent: args.shouldRecordConsent ?? false, ...origin(ctx) }));
      forget(ctx, n);
      return n;
    },
    unsubscribeNewsletterV3: async (_: unknown, args: { newsletterV3Id: string }, ctx: Ctx) => {
      const n = unwrap(await unsubscribeReader(ctx.db, { newsletterId: args.newsletterV3Id, readerId: signedIn(ctx), ...origin(ctx) }));
      forget(ctx, n);
      return n;
    },
    fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe: async (_: unknown, args: { userId: string }, ctx: Ctx) => {
      // Signed out it only fetches (or makes) the newsletter: the email form needs its id.
      const viewerId = ctx.viewer?.id ?? null;
      const writer = await ctx.loaders.userById.load(args.userId);
      if (!writer) throw new NotFoundError(NEWSLETTER_MESSAGES.notFound);
      const made = await ensureWriterNewsletter(ctx.db, writer.id);
      if (!made) throw new NotFoundError(NEWSLETTER_MESSAGES.notFound);
      if (!viewerId || writer.id === viewerId) return made;
      const n = unwrap(await subscribeReader(ctx.db, { newsletterId: made.id, readerId: viewerId, recordConsent: true, ...origin(ctx) }));
      forget(ctx, n);
      return n;
    },
  },
};
