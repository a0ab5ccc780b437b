import type { IResolvers, MercuriusContext } from 'mercurius';
import { notifyMailers } from '../../platform/mail/index.js';
import { deactivateAccount, deleteAccount } from './account-lifecycle.js';
import { requestEmailChange, resendVerification } from './email-change.js';
import type { UserRow } from './queries.js';
import { requireSessionViewer } from './viewer-guards.js';

export const accountTypeDefs = /* GraphQL */ `
  extend type User {
    "A new address waiting for its confirmation link; only for the viewer's own account."
    unverifiedEmail: String
  }

  union ChangeEmailResult = User | BadRequest
  union DeleteAccountResult = MutationSuccess | BadRequest

  extend type Mutation {
    "Sends a confirmation link to the new address; the account switches when it is opened."
    changeEmail(email: String!): ChangeEmailResult!
    "Spec §7: the confirmation link again, for the pending address."
    sendVerificationEmail: Boolean!
    "Hides the profile and stories and signs out everywhere until the next sign-in."
    deactivateAccount: Boolean!
    "Deletes the account and its stories; confirmation is the username."
    deleteAccount(confirmation: String!): DeleteAccountResult!
  }
`;

type Ctx = MercuriusContext;

/** Account changes need a browser session: an integration token could otherwise move the account away. */
function viewerId(ctx: Ctx): string {
  return requireSessionViewer(ctx, 'Sign in to change your account.').id;
}

const mailContext = (ctx: Ctx) => ({ origin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`, siteName: ctx.config.SITE_NAME });

export const accountResolvers: IResolvers = {
  Mutation: {
    changeEmail: async (_: unknown, args: { email: string }, ctx: Ctx) => {
      const id = viewerId(ctx);
      const result = await requestEmailChange(ctx.db, id, args.email, mailContext(ctx));
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      notifyMailers();
      ctx.loaders.userById.clear(id);
      return { __typename: 'User', ...(await ctx.loaders.userById.load(id)) };
    },
    sendVerificationEmail: async (_: unknown, __: unknown, ctx: Ctx) => {
      const sent = await resendVerification(ctx.db, viewerId(ctx), mailContext(ctx));
      if (sent) notifyMailers();
      return sent;
    },
    deactivateAccount: async (_: unknown, __: unknown, ctx: Ctx) => {
      await deactivateAccount(ctx.db, viewerId(ctx));
      return true;
    },
    deleteAccount: async (_: unknown, args: { confirmation: string }, ctx: Ctx) => {
      const result = await deleteAccount(ctx.db, viewerId(ctx), args.confirmation);
      return result.kind === 'deleted' ? { __typename: 'MutationSuccess', success: true } : { __typename: 'BadRequest', message: result.message };
    },
  },
  ChangeEmailResult: { resolveType: (o: { __typename: string }) => o.__typename },
  DeleteAccountResult: { resolveType: (o: { __typename: string }) => o.__typename },
  User: {
    unverifiedEmail: (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? u.unverifiedEmail : null),
  },
};
