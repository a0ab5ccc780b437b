/**
 * The domain events other contexts react to, by type. Payloads hold ids, not rows: a
 * handler reads the current state, so a late or repeated delivery acts on the truth.
 * Spec §7 analytics names (user.followed…) are kept for the events that are also analytics.
 */
export interface DomainEventPayloads {
  'user.followed': { followerId: string; targetUserId: string };
  'user.unfollowed': { followerId: string; targetUserId: string };
  'user.muted': { userId: string; targetUserId: string };
  'user.unmuted': { userId: string; targetUserId: string };
  'tag.followed': { userId: string; tagSlug: string };
  'tag.unfollowed': { userId: string; tagSlug: string };
  /** A story (not a response) became public for the first time. */
  'post.published': { postId: string; creatorId: string };
  /** A response was published under a story or a response. */
  'post.responded': { responseId: string; creatorId: string; parentPostId: string };
  /** A reader's first clap on a story (later claps by the same reader add none). */
  'post.clapped': { postId: string; userId: string };
  'post.highlighted': { postId: string; userId: string; quoteId: string };
  /** A published story changed for readers: published again, settings (visibility, member-only, tags, titles), trashed or restored. */
  'post.changed': { postId: string };
  /** A person's name, username, bio or picture, or their standing (suspension, deactivation), changed. */
  'user.changed': { userId: string };
  /** A list that is or was public changed for readers: name, description, visibility or items; or it was deleted. */
  'catalog.changed': { catalogId: string; userId: string };
  /** Stories were added to a public list (its followers hear of it, once a day per list). */
  'catalog.storiesAdded': { catalogId: string; userId: string };
  /** Notifications: the next batch of a list's followers to tell that it gained stories (after this cursor). */
  'notifications.catalogFanout': { catalogId: string; day: string; followedBefore: string; afterCreatedAt: string; afterUserId: string };
  /** Notifications: the next batch of a writer's followers to tell about a new story (after this cursor). */
  'notifications.fanout': { postId: string; creatorId: string; followedBefore: string; afterCreatedAt: string; afterFollowerId: string };
  /** A notice from the site to one reader (a notification of kind system). */
  'notifications.system': { userId: string; key: string; text: string; href?: string | null };
  /** A story was added to a published series (its followers are told). */
  'sequence.part-added': { sequenceId: string; postId: string };
  /** A publication changed for readers: name, slug, description, images, design, navigation, domain (search, sitemaps, kept pages). */
  'publication.changed': { publicationId: string };
  /** A reader followed, unfollowed, muted or unmuted a publication (spec §7 analytics: collection followed…). */
  'publication.followed': { publicationId: string; userId: string };
  'publication.unfollowed': { publicationId: string; userId: string };
  'publication.muted': { publicationId: string; userId: string };
  'publication.unmuted': { publicationId: string; userId: string };
  /** A story entered a publication while published, or a story in one was published (its followers are told). */
  'publication.storyAdded': { publicationId: string; postId: string };
  /** Notifications: the next batch of a publication's followers to tell about a story (after this cursor). */
  'notifications.publicationFanout': { publicationId: string; postId: string; followedBefore: string; afterCreatedAt: string; afterUserId: string };
  /** Bulk mail to `address` bounced (platform/mail/suppression.ts); `ref` is the delivery's ledger key from its VERP return path. */
  'mail.bounced': { address: string; ref: string; kind: 'hard' | 'soft' };
  /** The recipient of the delivery `ref` reported it as spam (a feedback-loop report or the provider's complaint event). */
  'mail.complained': { address: string; ref: string; kind: 'complaint' };
}

export type DomainEventType = keyof DomainEventPayloads;

export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEventPayloads[K] } }[DomainEventType];
