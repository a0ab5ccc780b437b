import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { disconnectAccount, listConnectedAccounts, type ConnectedAccountRow } from './connected-accounts.js';
import type { UserRow } from './queries.js';
import { NOT_SIGNED_IN_MESSAGE } from './settings-graphql.js';
import { providerNamed, publicProviders } from './social-providers.js';
import { requireSessionViewer } from './viewer-guards.js';

/** Social sign-in for the UI: the configured providers and the viewer's connected accounts. */
export const socialTypeDefs = /* GraphQL */ `
  "A sign-in provider this site is configured for."
  type AuthProvider {
    "Lowercase; /m/connect/{name} starts a sign-in with it."
    name: ID!
    "The name on its buttons: 'Sign in with {label}'."
    label: String!
  }

  "An identity at a sign-in provider linked to the viewer's account."
  type ConnectedAccount {
    provider: ID!
    "The provider's name on buttons; the provider name when it is no longer configured."
    label: String!
    "The address the provider reported, for display."
    email: String
    createdAt: Float!
  }

  extend type User {
    "Only for the viewer's own account; null otherwise."
    connectedAccounts: [ConnectedAccount!]
  }

  extend type Query {
    authProviders: [AuthProvider!]!
  }

  union DisconnectAccountResult = User | BadRequest

  extend type Mutation {
    "Unlinks the viewer's identity at the provider and returns the viewer; BadRequest when it is the account's only way to sign in."
    disconnectAccount(provider: ID!): DisconnectAccountResult!
  }
`;

export const ONLY_SIGN_IN_MESSAGE = 'This is the only way to sign in to your account, so it stays connected.';

export const socialResolvers: IResolvers = {
  Query: {
    authProviders: (_: unknown, __: unknown, ctx: RequestContext) => publicProviders(ctx.config),
  },
  Mutation: {
    disconnectAccount: async (_: unknown, args: { provider: string }, ctx: RequestContext) => {
      // Connected accounts are sign-in methods: a browser session only, never a token.
      const viewer = requireSessionViewer(ctx, NOT_SIGNED_IN_MESSAGE);
      const result = await disconnectAccount(ctx.db, viewer.id, args.provider);
      if (result === 'only-sign-in') return { __typename: 'BadRequest', message: ONLY_SIGN_IN_MESSAGE };
      // Not connected (any more) is the state asked for: the viewer as it is.
      return ctx.loaders.userById.load(viewer.id);
    },
  },
  DisconnectAccountResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'User' },
  User: {
    connectedAccounts: (u: UserRow, _: unknown, ctx: RequestContext) => (ctx.viewer?.id === u.id ? listConnectedAccounts(ctx.db, u.id) : null),
  },
  ConnectedAccount: {
    label: (a: ConnectedAccountRow, _: unknown, ctx: RequestContext) => providerNamed(ctx.config, a.provider)?.label ?? a.provider,
    createdAt: (a: ConnectedAccountRow) => a.createdAt.getTime(),
  },
};
