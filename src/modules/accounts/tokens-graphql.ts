import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { createIntegrationToken, listIntegrationTokens, revokeIntegrationToken, type IntegrationTokenInfo } from './integration-tokens.js';
import type { UserRow } from './queries.js';
import { NOT_SIGNED_IN_MESSAGE } from './settings-graphql.js';
import { requireSessionViewer } from './viewer-guards.js';

/** Settings, Security and apps #tokens: the viewer's integration tokens. */
export const tokensTypeDefs = /* GraphQL */ `
  "A secret that lets a script call this API as its reader (Authorization: Bearer). The secret itself is shown only once."
  type IntegrationToken {
    id: ID!
    name: String!
    createdAt: Float!
    "When a request last used it (to within a few minutes); null when never."
    lastUsedAt: Float
  }

  "A new token with its secret: the only time the secret is returned."
  type IntegrationTokenCreated {
    token: IntegrationToken!
    secret: String!
  }

  union CreateIntegrationTokenResult = IntegrationTokenCreated | BadRequest

  extend type User {
    "The viewer's live tokens, newest first; null for anyone else's account. Needs a browser session."
    integrationTokens: [IntegrationToken!]
  }

  extend type Mutation {
    "A named token (1-50 characters); at most 20 live ones. Needs a browser session."
    createIntegrationToken(name: String!): CreateIntegrationTokenResult!
    "Revokes one of the viewer's tokens at once. False when the id names no live token of theirs. Needs a browser session."
    revokeIntegrationToken(id: ID!): Boolean!
  }
`;

export const tokensResolvers: IResolvers = {
  Mutation: {
    createIntegrationToken: async (_: unknown, args: { name: string }, ctx: RequestContext) => {
      const viewer = requireSessionViewer(ctx, NOT_SIGNED_IN_MESSAGE);
      const result = await createIntegrationToken(ctx.db, viewer.id, args.name);
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      return { __typename: 'IntegrationTokenCreated', token: result.token, secret: result.secret };
    },
    revokeIntegrationToken: async (_: unknown, args: { id: string }, ctx: RequestContext) => {
      const viewer = requireSessionViewer(ctx, NOT_SIGNED_IN_MESSAGE);
      return revokeIntegrationToken(ctx.db, viewer.id, args.id);
    },
  },
  CreateIntegrationTokenResult: { resolveType: (o: { __typename: string }) => o.__typename },
  User: {
    integrationTokens: (u: UserRow, _: unknown, ctx: RequestContext) => {
      if (ctx.viewer?.id !== u.id) return null;
      requireSessionViewer(ctx, NOT_SIGNED_IN_MESSAGE);
      return listIntegrationTokens(ctx.db, u.id);
    },
  },
  IntegrationToken: {
    createdAt: (t: IntegrationTokenInfo) => t.createdAt.getTime(),
    lastUsedAt: (t: IntegrationTokenInfo) => t.lastUsedAt?.getTime() ?? null,
  },
};
