import type { IResolvers } from 'mercurius';
import { UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { updateProfile, updateProfileImage, updateUsername } from './profile-settings.js';
import type { UserRow } from './queries.js';
import { endOtherViewerSessions, endViewerSession, listViewerSessions, type SessionInfo } from './session-admin.js';
import { requireSessionViewer } from './viewer-guards.js';

/** The Settings page's calls: the profile, the username and the reader's sign-in sessions. */
export const settingsTypeDefs = /* GraphQL */ `
  "A browser the viewer is signed in on (Settings, Security and apps)."
  type SessionInfo {
    "Public id, stable for the life of the session (never the stored key)."
    id: ID!
    "Browser and system from the user agent, e.g. 'Chrome on Linux'."
    device: String!
    "Address the session was opened from."
    ip: String!
    createdAt: Float!
    lastSeenAt: Float!
    "The session of the browser asking."
    isCurrent: Boolean!
  }

  "A username the server refused, with the spec §5 code: 'username taken', 'username invalid' or 'username too long'."
  type UsernameError {
    code: String!
    message: String!
  }

  union UpdateProfileResult = User | BadRequest
  union UpdateUsernameResult = User | UsernameError

  extend type Query {
    "The viewer's signed-in browsers, this one first; null when logged out (like viewer)."
    viewerSessions: [SessionInfo!]
  }

  extend type Mutation {
    "Name (1-50 characters), up to 4 pronouns, bio (up to 160 characters). Invalid input changes nothing."
    updateProfile(name: String!, pronouns: [String!]!, bio: String!): UpdateProfileResult!
    "The profile photo: the id of an image the viewer uploaded (POST /_/upload), or null to remove it."
    updateProfileImage(imageId: ID): UpdateProfileResult!
    "Letters, digits and underscores, at most 30; unique regardless of case."
    updateUsername(username: String!): UpdateUsernameResult!
    "Signs one of the viewer's other browsers out. False when the id names none of them (this browser signs out through the sign-out route)."
    endSession(sessionId: ID!): Boolean!
    "Signs every other browser of the viewer out; returns how many."
    endOtherSessions: Int!
  }
`;

export const NOT_SIGNED_IN_MESSAGE = 'Sign in to change your settings.';

/** The profile may be edited through an integration token too. */
function signedIn(ctx: RequestContext): { userId: string } {
  if (!ctx.viewer) throw new UnauthorizedError(NOT_SIGNED_IN_MESSAGE);
  return { userId: ctx.viewer.id };
}

/** Sessions are managed from a browser session only (viewer-guards.ts). */
function inSession(ctx: RequestContext): { userId: string; sessionTokenHash: string } {
  const viewer = requireSessionViewer(ctx, NOT_SIGNED_IN_MESSAGE);
  // A session viewer without its token hash cannot happen through HTTP; refuse rather than guess.
  if (!ctx.sessionTokenHash) throw new UnauthorizedError(NOT_SIGNED_IN_MESSAGE);
  return { userId: viewer.id, sessionTokenHash: ctx.sessionTokenHash };
}

/** Later reads in the same request must see the row as written. */
function remember(ctx: RequestContext, user: UserRow): UserRow {
  ctx.loaders.userById.clear(user.id).prime(user.id, user);
  ctx.loaders.userByUsername.clearAll();
  return user;
}

export const settingsResolvers: IResolvers = {
  Query: {
    viewerSessions: (_: unknown, __: unknown, ctx: RequestContext) =>
      ctx.viewer ? listViewerSessions(ctx.db, requireSessionViewer(ctx).id, ctx.sessionTokenHash) : null,
  },
  Mutation: {
    updateProfile: async (_: unknown, args: { name: string; pronouns: string[]; bio: string }, ctx: RequestContext) => {
      const { userId } = signedIn(ctx);
      const result = await updateProfile(ctx.db, userId, args);
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      return remember(ctx, result.user);
    },
    updateProfileImage: async (_: unknown, args: { imageId?: string | null }, ctx: RequestContext) => {
      const { userId } = signedIn(ctx);
      const result = await updateProfileImage(ctx.db, userId, args.imageId ?? null);
      if (result.kind === 'bad-request') return { __typename: 'BadRequest', message: result.message };
      return remember(ctx, result.user);
    },
    updateUsername: async (_: unknown, args: { username: string }, ctx: RequestContext) => {
      const { userId } = signedIn(ctx);
      const result = await updateUsername(ctx.db, userId, args.username);
      if (result.kind === 'problem') return { __typename: 'UsernameError', code: result.code, message: result.message };
      return remember(ctx, result.user);
    },
    endSession: async (_: unknown, args: { sessionId: string }, ctx: RequestContext) => {
      const { userId, sessionTokenHash } = inSession(ctx);
      return endViewerSession(ctx.db, userId, args.sessionId, sessionTokenHash);
    },
    endOtherSessions: async (_: unknown, __: unknown, ctx: RequestContext) => {
      const { userId, sessionTokenHash } = inSession(ctx);
      return endOtherViewerSessions(ctx.db, userId, sessionTokenHash);
    },
  },
  UpdateProfileResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'User' },
  UpdateUsernameResult: { resolveType: (o: { __typename?: string }) => o.__typename ?? 'User' },
  SessionInfo: {
    createdAt: (s: SessionInfo) => s.createdAt.getTime(),
    lastSeenAt: (s: SessionInfo) => s.lastSeenAt.getTime(),
  },
};
