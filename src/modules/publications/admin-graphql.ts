import type { IResolvers } from 'mercurius';
import type { RequestContext } from '../../server/graphql/context.js';
import { changeRole, invite, leavePublication, removeMember, respondToInvitation, revokeInvitation, transferOwnership } from './admin-roles.js';
import { setNavigationItems, updatePublicationSettings, type PublicationSettingsInput } from './admin-commands.js';
import { aboutOf, auditLogOf, openInvitationsFor, openInvitationsOf, publicationMemberList, publicationsOfMember, type AuditRow } from './admin-queries.js';
import { publicationFollowersPage } from './followers-queries.js';
import { parseKeysetCursor } from '../posts/pins-cursor.js';
import type { PublicationOutcome } from './commands.js';
import { publicationResult, signInToPublish, viewerIsEditor } from './graphql.js';
import type { PublicationNavigationItem, PublicationRow } from './model.js';
import { publicationByKey } from './queries.js';

export const publicationAdminTypeDefs = /* GraphQL */ `
  "Someone who works on a publication and their role (OWNER, EDITOR or WRITER)."
  type CollectionMember {
    user: User!
    role: String!
  }
  "An open invitation to edit or write for a publication (open 14 days)."
  type CollectionInvitation {
    id: ID!
    collection: Collection
    "EDITOR or WRITER."
    role: String!
    "Set when invited by username."
    invitee: User
    "Set when invited by email address."
    email: String
    createdAt: Float!
    expiresAt: Float!
  }
  "A role or setting change (spec: the audit log, visible to editors)."
  type CollectionAuditEntry {
    id: ID!
    actor: User
    action: String!
    "The change's details as JSON."
    details: String!
    createdAt: Float!
  }
  type CollectionFollowersPage {
    users: [User!]!
    "The cursor of the next page, or null at the end."
    next: String
  }
  type UserCollectionMembership {
    collection: Collection!
    role: String!
  }

  extend type Collection {
    "The longer about text (settings → about)."
    about: String!
    "Editors and the owner only; null for others."
    members: [CollectionMember!]
    "Editors and the owner only; null for others."
    pendingInvitations: [CollectionInvitation!]
    "Editors and the owner only, newest first; null for others."
    auditLog(limit: Int, before: ID): [CollectionAuditEntry!]
    "Editors and the owner only, newest first; null for others."
    followers(limit: Int, after: String): CollectionFollowersPage
  }
  extend type User {
    "Publications the user works on, with their role (/@{username}/publications)."
    memberCollections: [UserCollectionMembership!]!
    "The viewer's own open invitations (others: empty)."
    collectionInvitations: [CollectionInvitation!]!
  }

  input CollectionSettingsInput {
    name: String
    slug: String
    description: String
    tags: [String!]
    avatarImageId: String
    logoImageId: String
    faviconImageId: String
    twitterUsername: String
    facebookPageId: String
    googleAnalyticsId: String
    "WRITERS, ANYONE or CLOSED."
    submissionPolicy: String
    about: String
  }
  input NavigationItemInput {
    title: String!
    value: String!
    "TAG, FEATURE_PAGE or URL."
    destination: String!
  }
  type InvitationSuccess {
    invitation: CollectionInvitation!
  }
  union InvitationResult = InvitationSuccess | NotFound | BadRequest | Unauthorized | Forbidden | AlreadyExists

  extend type Mutation {
    updateCollectionSettings(collectionId: ID!, input: CollectionSettingsInput!): CollectionResult!
    setCollectionNavigationItems(collectionId: ID!, items: [NavigationItemInput!]!): CollectionResult!
    "By username (a notification) or email address (an email); role EDITOR or WRITER."
    inviteToCollection(collectionId: ID!, usernameOrEmail: String!, role: String!): InvitationResult!
    revokeCollectionInvitation(invitationId: ID!): InvitationResult!
    respondToCollectionInvitation(invitationId: ID!, accept: Boolean!): InvitationResult!
    changeCollectionRole(collectionId: ID!, userId: ID!, role: String!): CollectionResult!
    removeCollectionMember(collectionId: ID!, userId: ID!): CollectionResult!
    "The owner only, to an editor; the owner stays on as an editor."
    transferCollectionOwnership(collectionId: ID!, userId: ID!): CollectionResult!
    leaveCollection(collectionId: ID!): CollectionResult!
  }
`;

type Ctx = RequestContext;
type InvitationLike = { id: string; publicationId: string; inviteeId: string | null; email: string | null; role: string; createdAt: Date; expiresAt: Date };

const collectionSuccess = (collection: PublicationRow) => ({ __typename: 'CollectionSuccess', collection });
const invitationSuccess = (invitation: unknown) => ({ __typename: 'InvitationSuccess', invitation });
const mailContext = (ctx: Ctx) => ({ origin: `${ctx.config.PUBLIC_PROTOCOL}://${ctx.config.mainHost}`, siteName: ctx.config.SITE_NAME });

/** A member command's answer: the publication as it is now (its members list refreshed). */
async function withCollection(ctx: Ctx, publicationId: string, outcome: PublicationOutcome<unknown>): Promise<object> {
  if (outcome.kind !== 'ok') return publicationResult(outcome, () => ({}));
  const fresh = await publicationByKey(ctx.db, { id: publicationId });
  return fresh ? collectionSuccess(fresh) : { __typename: 'NotFound', message: 'Publication not found.' };
}

/** Runs `work` for a signed-in viewer; signed out, the Unauthorized answer. */
const signedIn = async (ctx: Ctx, work: (viewerId: string) => Promise<object>) => (ctx.viewer ? work(ctx.viewer.id) : signInToPublish);

/** Editors-only fields answer null to everyone else. */
const forEditors =
  <A, R>(read: (p: PublicationRow, a: A, ctx: Ctx) => Promise<R>) =>
  async (p: PublicationRow, a: A, ctx: Ctx): Promise<R | null> =>
    (await viewerIsEditor(ctx, p.id)) ? read(p, a, ctx) : null;

const clamp = (n: number | null | undefined, dflt: number, max: number) => Math.min(Math.max(n ?? dflt, 1), max);

export const publicationAdminResolvers: IResolvers = {
  Collection: {
    about: (p: PublicationRow, _: unknown, ctx: Ctx) => aboutOf(ctx.db, p.id),
    members: forEditors(async (p, _: unknown, ctx) => (await publicationMemberList(ctx.db, p.id)).map((m) => ({ ...m, collectionId: p.id }))),
    pendingInvitations: forEditors((p, _: unknown, ctx) => openInvitationsOf(ctx.db, p.id)),
    auditLog: forEditors((p, a: { limit?: number | null; before?: string | null }, ctx) => auditLogOf(ctx.db, p.id, clamp(a.limit, 25, 100), a.before ? Number(a.before) || null : null)),
    followers: forEditors(async (p, a: { limit?: number | null; after?: string | null }, ctx) => {
      // The same read as the public followersConnection; only who may ask differs.
      const page = await publicationFollowersPage(ctx.db, p.id, clamp(a.limit, 25, 100), parseKeysetCursor(a.after, 'followers'));
      return { users: (await ctx.loaders.userById.loadMany(page.ids)).filter((u) => u && !(u instanceof Error)), next: page.next };
    }),
  },
  CollectionMember: {
    user: (m: { userId: string }, _: unknown, ctx: Ctx) => ctx.loaders.userById.load(m.userId),
  },
  CollectionInvitation: {
    collection: (i: InvitationLike, _: unknown, ctx: Ctx) => ctx.loaders.publicationById.load(i.publicationId),
    invitee: (i: InvitationLike, _: unknown, ctx: Ctx) => (i.inviteeId ? ctx.loaders.userById.load(i.inviteeId) : null),
    createdAt: (i: InvitationLike) => new Date(i.createdAt).getTime(),
    expiresAt: (i: InvitationLike) => new Date(i.expiresAt).getTime(),
  },
  CollectionAuditEntry: {
    actor: (e: AuditRow, _: unknown, ctx: Ctx) => (e.actorId ? ctx.loaders.userById.load(e.actorId) : null),
    details: (e: AuditRow) => JSON.stringify(e.details ?? {}),
    createdAt: (e: AuditRow) => new Date(e.createdAt).getTime(),
  },
  User: {
    memberCollections: async (u: { id: string }, _: unknown, ctx: Ctx) => (await publicationsOfMember(ctx.db, u.id)).map((p) => ({ collection: p, role: p.memberRole })),
    collectionInvitations: (u: { id: string }, _: unknown, ctx: Ctx) => (ctx.viewer?.id === u.id ? openInvitationsFor(ctx.db, u.id) : []),
  },
  InvitationResult: { resolveType: (o: { __typename: string }) => o.__typename },
  Mutation: {
    updateCollectionSettings: (_: unknown, a: { collectionId: string; input: PublicationSettingsInput }, ctx: Ctx) =>
      signedIn(ctx, async (v) => publicationResult(await updatePublicationSettings(ctx.db, v, a.collectionId, a.input), collectionSuccess)),
    setCollectionNavigationItems: (_: unknown, a: { collectionId: string; items: PublicationNavigationItem[] }, ctx: Ctx) =>
      signedIn(ctx, async (v) => publicationResult(await setNavigationItems(ctx.db, v, a.collectionId, a.items), collectionSuccess)),
    inviteToCollection: (_: unknown, a: { collectionId: string; usernameOrEmail: string; role: string }, ctx: Ctx) =>
      signedIn(ctx, async (v) => publicationResult(await invite(ctx.db, v, a.collectionId, a, mailContext(ctx)), invitationSuccess)),
    revokeCollectionInvitation: (_: unknown, a: { invitationId: string }, ctx: Ctx) =>
      signedIn(ctx, async (v) => publicationResult(await revokeInvitation(ctx.db, v, a.invitationId), invitationSuccess)),
    respondToCollectionInvitation: (_: unknown, a: { invitationId: string; accept: boolean }, ctx: Ctx) =>
      signedIn(ctx, async (v) => publicationResult(await respondToInvitation(ctx.db, v, a.invitationId, a.accept), invitationSuccess)),
    changeCollectionRole: (_: unknown, a: { collectionId: string; userId: string; role: string }, ctx: Ctx) =>
      signedIn(ctx, async (v) => withCollection(ctx, a.collectionId, await changeRole(ctx.db, v, a.collectionId, a.userId, a.role))),
    removeCollectionMember: (_: unknown, a: { collectionId: string; userId: string }, ctx: Ctx) =>
      signedIn(ctx, async (v) => withCollection(ctx, a.collectionId, await removeMember(ctx.db, v, a.collectionId, a.userId))),
    transferCollectionOwnership: (_: unknown, a: { collectionId: string; userId: string }, ctx: Ctx) =>
      signedIn(ctx, async (v) => withCollection(ctx, a.collectionId, await transferOwnership(ctx.db, v, a.collectionId, a.userId))),
    leaveCollection: (_: unknown, a: { collectionId: string }, ctx: Ctx) => signedIn(ctx, async (v) => withCollection(ctx, a.collectionId, await leavePublication(ctx.db, v, a.collectionId))),
  },
};
