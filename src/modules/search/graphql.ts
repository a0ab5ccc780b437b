import type { IResolvers } from 'mercurius';
import { BadRequestError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { checkClick, recordClicks } from './clicks.js';
import { SearchRequestError } from './errors.js';
import { createSearchKey, SEARCH_APP_ID } from './keys.js';

export const searchTypeDefs = /* GraphQL */ `
  "A search-only key for the search provider endpoint (/1/indexes/*/queries), scoped to the viewer and short-lived."
  type SearchKey {
    appId: String!
    apiKey: String!
    "When the key stops working (ISO time); ask for a new one after."
    expiresAt: String!
  }

  extend type Query {
    "The page's search-only key (spec §7 search provider call): signed, carries the viewer, expires within the hour."
    searchKey: SearchKey!
  }

  extend type Mutation {
    "Spec §7 SearchClickEvent: a click on a search result (queryId of the result set, positions 1-based)."
    searchClickEvent(queryId: ID!, indexName: String!, objectIds: [ID!]!, positions: [Int!]!): Boolean!
  }
`;

export const searchResolvers: IResolvers = {
  Query: {
    searchKey: (_: unknown, __: unknown, ctx: RequestContext) => {
      const key = createSearchKey(ctx.config.SECRET_KEY, ctx.viewer?.id ?? null);
      return { appId: SEARCH_APP_ID, apiKey: key.apiKey, expiresAt: key.expiresAt.toISOString() };
    },
  },
  Mutation: {
    searchClickEvent: async (_: unknown, args: { queryId: string; indexName: string; objectIds: string[]; positions: number[] }, ctx: RequestContext) => {
      try {
        const click = checkClick({ eventName: 'Search result clicked', indexName: args.indexName, queryId: args.queryId, objectIds: args.objectIds, positions: args.positions, userToken: null });
        await recordClicks(ctx.db, [click], ctx.viewer?.id ?? null);
      } catch (err) {
        if (err instanceof SearchRequestError) throw new BadRequestError(err.message);
        throw err;
      }
      return true;
    },
  },
};
