import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import type { UserRow } from '../accounts/queries.js';
import { pageLimit, parseKeysetCursor } from '../posts/pins-cursor.js';
import { AUDIENCE_DAYS, audienceCounts, audienceSubscribersPage, newSubscribersPerDay, type AudienceSubscriber } from './audience-queries.js';
import type { NewsletterRow } from './model.js';
import { viewerManagesNewsletter } from './publication-graphql.js';

/**
 * Spec subscription-stats: /{collectionSlug}/newsletters/{slug}/stats for the publication's
 * editors and /@{username}/audience for the writer. Null for anyone else (the pages answer 404).
 */
export const audienceTypeDefs = /* GraphQL */ `
  type NewsletterSubscriber {
    id: ID!
    "The subscriber's account; null for an address without one."
    user: User
    "Only when the subscriber agreed to share it with the writer or publication."
    email: String
    "PENDING, ACTIVE or UNSUBSCRIBED."
    state: String!
    "ONE_CLICK, EMAIL_FORM or IMPORT."
    source: String!
    subscribedAt: String!
  }
  type NewsletterSubscribersConnection {
    subscribers: [NewsletterSubscriber!]!
    pagingInfo: PagingInfo!
  }
  "A newsletter's subscribers: counts by state, suppressed addresses among them, new ones per UTC day."
  type NewsletterAudience {
    id: ID!
    "Null for a writer whose newsletter has not been made yet (no subscribers)."
    newsletterV3: NewsletterV3
    active: Int!
    pending: Int!
    unsubscribed: Int!
    "Subscribers whose address hard-bounced or complained: they are sent no newsletter."
    hardBounces: Int!
    complaints: Int!
    otherSuppressed: Int!
    from: String!
    to: String!
    "The last 30 days, today included."
    newSubscribers: [StatsDayCount!]!
    "Newest first (at most 50 a page)."
    subscribers(paging: PagingOptions): NewsletterSubscribersConnection!
  }
  extend type NewsletterV3 {
    "The writer or the publication's editors only; null for anyone else."
    audience: NewsletterAudience
  }
  extend type User {
    "/@{username}/audience: the writer's own subscribers; null for anyone else."
    audience: NewsletterAudience
  }
`;

type Ctx = RequestContext;
type Paging = { limit?: number | null; to?: string | null } | null | undefined;
interface Audience {
  id: string;
  newsletter: NewsletterRow | null;
}

async function present(ctx: Ctx, key: string, newsletter: NewsletterRow | null) {
  const empty = { active: 0, pending: 0, unsubscribed: 0, hardBounces: 0, complaints: 0, otherSuppressed: 0 };
  const [counts, days] = await Promise.all([
    newsletter ? audienceCounts(ctx.db, newsletter.id) : empty,
    newSubscribersPerDay(ctx.db, newsletter?.id ?? '', AUDIENCE_DAYS, new Date()),
  ]);
  return { id: `audience:${key}:${days.to}`, newsletter, ...counts, from: days.from, to: days.to, newSubscribers: days.series };
}

export const audienceResolvers: IResolvers = {
  NewsletterV3: {
    audience: async (n: NewsletterRow, _: unknown, ctx: Ctx) => ((await viewerManagesNewsletter(ctx, n)) ? present(ctx, n.id, n) : null),
  },
  User: {
    audience: async (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? present(ctx, `user:${u.id}`, await ctx.loaders.writerNewsletter.load(u.id)) : null),
  },
  NewsletterAudience: {
    newsletterV3: (a: Audience) => a.newsletter,
    subscribers: async (a: Audience, args: { paging?: Paging }, ctx: Ctx) => {
      if (!a.newsletter) return { subscribers: [], pagingInfo: { next: null } };
      const limit = pageLimit(args.paging, 20, 50);
      const page = await audienceSubscribersPage(ctx.db, a.newsletter.id, limit, parseKeysetCursor(args.paging?.to, 'subscribers'));
      return { subscribers: page.subscribers, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
    },
  },
  NewsletterSubscriber: {
    user: (s: AudienceSubscriber, _: unknown, ctx: Ctx) => (s.userId ? ctx.loaders.userById.load(s.userId) : null),
    subscribedAt: (s: AudienceSubscriber) => s.subscribedAt.toISOString(),
  },
};
