import type { IResolvers, MercuriusContext } from 'mercurius';
import { ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import type { UserRow } from '../accounts/queries.js';
import { allowsEmailSharing, readerNewsletters } from './email-settings-queries.js';
import { origin } from './graphql.js';
import { emailLinkSecret, emailSettingsHash, emailSettingsPath, isEmailSettingsHash } from './links.js';
import { setAllowEmailSharing, UNSUBSCRIBE_MESSAGES, unsubscribeAll, unsubscribeLinkState, unsubscribeReaderFrom } from './unsubscribe-commands.js';

/**
 * The reader's email settings (spec §2.3 /me/email-settings/{userId}/{hash}, page email-settings;
 * /me/unsubscribe-all-…, page global-unsubscribe-newsletters) and the footer unsubscribe page's
 * read. Every field takes either the signed pair (userId, hash) from an email, which works
 * without signing in, or nothing for the signed-in viewer. A wrong pair is refused, never
 * answered for the viewer instead.
 */
export const emailSettingsTypeDefs = /* GraphQL */ `
  "A reader's newsletter subscriptions and email choices."
  type ReaderEmailSettings {
    userId: ID!
    name: String!
    "The newsletters the reader gets (writers' first)."
    subscriptions: [NewsletterV3!]!
    allowEmailAddressSharingEditorWriter: Boolean!
    "The signed address of this reader's email settings page."
    emailSettingsPath: String!
  }
  "What a newsletter email's unsubscribe link is for (reading it changes nothing)."
  type NewsletterUnsubscribeLink {
    newsletter: NewsletterV3!
    "The subscription's state: PENDING, ACTIVE or UNSUBSCRIBED."
    state: String!
    "The reader subscribed again since this email: the link no longer acts."
    expired: Boolean!
    "The subscriber's email settings page, when they have an account."
    emailSettingsPath: String
  }
  extend type User {
    "Spec §3: writers and editors may see the reader's address (the viewer's own; null for others)."
    allowEmailAddressSharingEditorWriter: Boolean
  }
  extend type Query {
    "The signed pair from an email, or the signed-in viewer's when both are absent; null for a wrong pair."
    readerEmailSettings(userId: ID, hash: String): ReaderEmailSettings
    newsletterUnsubscribeLink(token: String!): NewsletterUnsubscribeLink
  }
  extend type Mutation {
    unsubscribeNewsletterV3FromEmailSettings(newsletterV3Id: ID!, userId: ID, hash: String): ReaderEmailSettings!
    "Every author (writer) newsletter when onlyAuthors, else every newsletter; returns how many subscriptions ended."
    unsubscribeAllNewsletters(onlyAuthors: Boolean!, userId: ID, hash: String): Int!
    setAllowEmailAddressSharingEditorWriter(allow: Boolean!, userId: ID, hash: String): ReaderEmailSettings!
  }
`;

type Ctx = RequestContext & Partial<Pick<MercuriusContext, 'reply'>>;
type Signed = { userId?: string | null; hash?: string | null };
type Settings = { userId: string; name: string; emailSettingsPath: string };

/** The reader the request acts for: the signed pair's user, or the viewer; null when neither holds. */
async function readerOf(ctx: Ctx, args: Signed): Promise<UserRow | null> {
  if (args.userId == null && args.hash == null) return ctx.viewer ? ctx.loaders.userById.load(ctx.viewer.id) : null;
  if (!args.userId || !args.hash || !isEmailSettingsHash(await emailLinkSecret(ctx.db), args.userId, args.hash)) return null;
  return ctx.loaders.userById.load(args.userId);
}

async function mustReader(ctx: Ctx, args: Signed): Promise<UserRow> {
  const reader = await readerOf(ctx, args);
  if (reader) return reader;
  if (args.userId == null && args.hash == null) throw new UnauthorizedError(UNSUBSCRIBE_MESSAGES.signIn);
  throw new ForbiddenError(UNSUBSCRIBE_MESSAGES.invalidSettingsLink);
}

/** The consent line's origin: a signed link's page path carries its hash, which is not kept there. */
function consentOrigin(ctx: Ctx, args: Signed) {
  const o = origin(ctx);
  return args.hash ? { ...o, source: 'email-settings' } : o;
}

async function settingsOf(ctx: Ctx, user: UserRow): Promise<Settings> {
  const hash = emailSettingsHash(await emailLinkSecret(ctx.db), user.id);
  return { userId: user.id, name: user.name || user.username || '', emailSettingsPath: emailSettingsPath(user.id, hash) };
}

export const emailSettingsResolvers: IResolvers = {
  ReaderEmailSettings: {
    subscriptions: (s: Settings, _: unknown, ctx: Ctx) => readerNewsletters(ctx.db, s.userId),
    allowEmailAddressSharingEditorWriter: (s: Settings, _: unknown, ctx: Ctx) => allowsEmailSharing(ctx.db, s.userId),
  },
  NewsletterUnsubscribeLink: {
    emailSettingsPath: async (l: { userId: string | null }, _: unknown, ctx: Ctx) =>
      l.userId ? emailSettingsPath(l.userId, emailSettingsHash(await emailLinkSecret(ctx.db), l.userId)) : null,
  },
  User: {
    allowEmailAddressSharingEditorWriter: (u: UserRow, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? allowsEmailSharing(ctx.db, u.id) : null),
  },
  Query: {
    readerEmailSettings: async (_: unknown, args: Signed, ctx: Ctx) => {
      const reader = await readerOf(ctx, args);
      return reader ? settingsOf(ctx, reader) : null;
    },
    newsletterUnsubscribeLink: (_: unknown, args: { token: string }, ctx: Ctx) => unsubscribeLinkState(ctx.db, args.token),
  },
  Mutation: {
    unsubscribeNewsletterV3FromEmailSettings: async (_: unknown, args: Signed & { newsletterV3Id: string }, ctx: Ctx) => {
      const reader = await mustReader(ctx, args);
      await unsubscribeReaderFrom(ctx.db, reader.id, args.newsletterV3Id, consentOrigin(ctx, args));
      return settingsOf(ctx, reader);
    },
    unsubscribeAllNewsletters: async (_: unknown, args: Signed & { onlyAuthors: boolean }, ctx: Ctx) => {
      const reader = await mustReader(ctx, args);
      return unsubscribeAll(ctx.db, reader.id, args.onlyAuthors ? 'authors' : 'all', consentOrigin(ctx, args));
    },
    setAllowEmailAddressSharingEditorWriter: async (_: unknown, args: Signed & { allow: boolean }, ctx: Ctx) => {
      const reader = await mustReader(ctx, args);
      await setAllowEmailSharing(ctx.db, reader.id, args.allow);
      return settingsOf(ctx, reader);
    },
  },
};
