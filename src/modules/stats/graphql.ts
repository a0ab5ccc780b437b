import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { viewerIsEditor } from '../publications/graphql.js';
import type { PublicationRow } from '../publications/model.js';
import { STATS_DAYS_DEFAULT, STATS_DAYS_MAX, STATS_MESSAGES } from './model.js';
import { publicationStats, type PublicationStats } from './queries.js';

export const statsTypeDefs = /* GraphQL */ `
  "A count on one UTC day."
  type StatsDayCount {
    "YYYY-MM-DD (UTC)."
    day: String!
    count: Int!
  }
  "A story of the publication: views, reads and claps, all time."
  type PublicationStoryStats {
    postId: ID!
    title: String!
    views: Int!
    reads: Int!
    claps: Int!
  }
  "/{collectionSlug}/stats: the last days (today included, UTC) of views, reads and new followers."
  type PublicationStats {
    id: ID!
    from: String!
    to: String!
    totalViews: Int!
    totalReads: Int!
    totalNewFollowers: Int!
    views: [StatsDayCount!]!
    reads: [StatsDayCount!]!
    followers: [StatsDayCount!]!
    "The newest stories (at most 100)."
    stories: [PublicationStoryStats!]!
  }
  union PublicationStatsResult = PublicationStats | NotFound | BadRequest | Unauthorized | Forbidden

  extend type Collection {
    "Editors and the owner only; null for anyone else."
    stats(days: Int): PublicationStats
  }
  extend type Query {
    "A publication's stats (editors and the owner only); days 1-${STATS_DAYS_MAX}, default ${STATS_DAYS_DEFAULT}."
    publicationStats(collectionId: ID!, days: Int): PublicationStatsResult!
  }
`;

type Ctx = RequestContext;

const validDays = (days: number | null | undefined): number | null => {
  const d = days ?? STATS_DAYS_DEFAULT;
  return Number.isInteger(d) && d >= 1 && d <= STATS_DAYS_MAX ? d : null;
};

const sum = (counts: { count: number }[]) => counts.reduce((n, c) => n + c.count, 0);

function present(publicationId: string, stats: PublicationStats) {
  return {
    __typename: 'PublicationStats',
    id: `publicationStats:${publicationId}:${stats.from}:${stats.to}`,
    ...stats,
    totalViews: sum(stats.views),
    totalReads: sum(stats.reads),
    totalNewFollowers: sum(stats.followers),
  };
}

const now = () => new Date();

export const statsResolvers: IResolvers = {
  Query: {
    publicationStats: async (_: unknown, a: { collectionId: string; days?: number | null }, ctx: Ctx) => {
      if (!ctx.viewer) return { __typename: 'Unauthorized', message: STATS_MESSAGES.signIn };
      const days = validDays(a.days);
      if (days === null) return { __typename: 'BadRequest', message: STATS_MESSAGES.badDays };
      const publication = await ctx.loaders.publicationById.load(a.collectionId);
      if (!publication) return { __typename: 'NotFound', message: STATS_MESSAGES.notFound };
      if (!(await viewerIsEditor(ctx, publication.id))) return { __typename: 'Forbidden', message: STATS_MESSAGES.forbidden };
      return present(publication.id, await publicationStats(ctx.db, publication.id, days, now()));
    },
  },
  PublicationStatsResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Collection: {
    stats: async (p: PublicationRow, a: { days?: number | null }, ctx: Ctx) => {
      const days = validDays(a.days);
      if (days === null || !(await viewerIsEditor(ctx, p.id))) return null;
      return present(p.id, await publicationStats(ctx.db, p.id, days, now()));
    },
  },
};
