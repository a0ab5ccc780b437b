import type { IResolvers } from 'mercurius';
import { BadRequestError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext } from '../../server/graphql/context.js';
import { markAllNotificationsRead, markNotificationRead, markNotificationsSeen, setDigestFrequency, setNotificationChannel } from './commands.js';
import { isChannel, isChannelKind, isDigestFrequency } from './kinds.js';
import { catalogForViewer } from '../catalogs/queries.js';
import { notificationSettings, notificationsPage, unreadNotificationCount, type NotificationFilter, type NotificationRow } from './queries.js';

const MAX_PAGE = 25;
const SIGN_IN = 'Sign in to see your notifications.';

export const notificationsTypeDefs = /* GraphQL */ `
  enum NotificationKind {
    FOLLOW
    CLAP
    RESPONSE
    MENTION
    HIGHLIGHT
    PUBLISH
    "A list the reader follows gained stories (one a day per list)."
    CATALOG
    SYSTEM
    "A part was added to a series the reader follows."
    SERIES
  }
  "Spec §3 notification channels: from anyone, only from people the reader follows, never."
  enum NotificationChannel {
    ALL
    NETWORK
    OFF
  }
  "Spec §3 digest frequency of the notifications email."
  enum DigestFrequency {
    DAILY
    WEEKLY
    OFF
  }
  enum NotificationFilter {
    ALL
    "Responses and mentions: what others wrote to the reader."
    RESPONSES
  }

  type Notification {
    id: ID!
    kind: NotificationKind!
    "The latest actors first (up to 3)."
    actors: [User!]!
    "Everyone who did it ('A and actorCount - 1 others')."
    actorCount: Int!
    "The story it is about (the story responded to, for a response)."
    post: Post
    "For RESPONSE: the response."
    response: Post
    "For CATALOG: the followed list (null once it is private or gone) and how many stories it gained that day."
    catalog: Catalog
    storyCount: Int
    "For SYSTEM: the notice and where it leads."
    text: String
    href: String
    isRead: Boolean!
    "Latest activity, ms since the epoch."
    occurredAt: Float!
  }

  type NotificationConnection {
    items: [Notification!]!
    pagingInfo: PagingInfo!
  }

  type NotificationChannelSetting {
    kind: NotificationKind!
    channel: NotificationChannel!
  }

  type NotificationSettings {
    channels: [NotificationChannelSetting!]!
    digestFrequency: DigestFrequency!
  }

  extend type Query {
    "Spec §7 UnreadNotificationCount: the header badge, capped at 100 ('99+'); 0 when logged out."
    unreadNotificationCount: Int!
    "The viewer's notifications, latest activity first."
    notifications(filter: NotificationFilter = ALL, paging: PagingOptions): NotificationConnection!
    notificationSettings: NotificationSettings!
  }

  extend type Mutation {
    "The viewer opened their notifications: the badge clears; the rows stay unread."
    markNotificationsSeen: Int!
    "One notification opened; false when it is not the viewer's."
    markNotificationRead(notificationId: ID!): Boolean!
    "Mark all as read; returns how many were unread."
    markAllNotificationsRead: Int!
    setNotificationChannel(kind: NotificationKind!, channel: NotificationChannel!): NotificationSettings!
    setDigestFrequency(frequency: DigestFrequency!): NotificationSettings!
  }
`;

type Ctx = RequestContext;

function viewerId(ctx: Ctx): string {
  if (!ctx.viewer) throw new UnauthorizedError(SIGN_IN);
  return ctx.viewer.id;
}

export const notificationsResolvers: IResolvers = {
  Query: {
    unreadNotificationCount: (_: unknown, __: unknown, ctx: Ctx) => (ctx.viewer ? unreadNotificationCount(ctx.db, ctx.viewer.id) : 0),
    notifications: async (_: unknown, args: { filter?: NotificationFilter | null; paging?: { limit?: number | null; to?: string | null } | null }, ctx: Ctx) => {
      const limit = Math.max(1, Math.min(args.paging?.limit ?? 10, MAX_PAGE));
      const page = await notificationsPage(ctx.db, viewerId(ctx), args.filter === 'RESPONSES' ? 'RESPONSES' : 'ALL', limit, args.paging?.to || null);
      return { items: page.rows, pagingInfo: { next: page.next ? { limit, to: page.next } : null } };
    },
    notificationSettings: (_: unknown, __: unknown, ctx: Ctx) => notificationSettings(ctx.db, viewerId(ctx)),
  },
  Mutation: {
    markNotificationsSeen: async (_: unknown, __: unknown, ctx: Ctx) => {
      await markNotificationsSeen(ctx.db, viewerId(ctx));
      return unreadNotificationCount(ctx.db, viewerId(ctx));
    },
    markNotificationRead: (_: unknown, args: { notificationId: string }, ctx: Ctx) => markNotificationRead(ctx.db, viewerId(ctx), args.notificationId),
    markAllNotificationsRead: (_: unknown, __: unknown, ctx: Ctx) => markAllNotificationsRead(ctx.db, viewerId(ctx)),
    setNotificationChannel: async (_: unknown, args: { kind: string; channel: string }, ctx: Ctx) => {
      const kind = args.kind.toLowerCase();
      // The enums already hold the values; SYSTEM has no channel (notices always arrive).
      if (!isChannelKind(kind) || !isChannel(args.channel)) throw new BadRequestError('System notices cannot be turned off.');
      await setNotificationChannel(ctx.db, viewerId(ctx), kind, args.channel);
      return notificationSettings(ctx.db, viewerId(ctx));
    },
    setDigestFrequency: async (_: unknown, args: { frequency: string }, ctx: Ctx) => {
      if (!isDigestFrequency(args.frequency)) throw new BadRequestError('Choose DAILY, WEEKLY or OFF.');
      await setDigestFrequency(ctx.db, viewerId(ctx), args.frequency);
      return notificationSettings(ctx.db, viewerId(ctx));
    },
  },
  NotificationChannelSetting: {
    kind: (s: { kind: string }) => s.kind.toUpperCase(),
  },
  Notification: {
    kind: (n: NotificationRow) => n.kind.toUpperCase(),
    actors: async (n: NotificationRow, _: unknown, ctx: Ctx) => (await ctx.loaders.userById.loadMany(n.actorIds)).filter((u) => u && !(u instanceof Error)),
    post: (n: NotificationRow, _: unknown, ctx: Ctx) => (n.postId ? ctx.loaders.postById.load(n.postId) : null),
    response: (n: NotificationRow, _: unknown, ctx: Ctx) => (n.responseId ? ctx.loaders.postById.load(n.responseId) : null),
    catalog: (n: NotificationRow, _: unknown, ctx: Ctx) => (n.catalogId ? catalogForViewer(ctx.db, n.catalogId, ctx.viewer?.id ?? null) : null),
    storyCount: (n: NotificationRow) => n.data?.storyCount ?? null,
    text: (n: NotificationRow) => n.data?.text ?? null,
    href: (n: NotificationRow) => n.data?.href ?? null,
    isRead: (n: NotificationRow) => n.readAt !== null,
    occurredAt: (n: NotificationRow) => n.updatedAt.getTime(),
  },
};
