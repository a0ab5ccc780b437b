/**
 * What a reader can be told, and how they choose to be told (spec §3 notification
 * channels ALL, NETWORK, OFF; digest frequency DAILY, WEEKLY, OFF).
 */
export const NOTIFICATION_KINDS = ['follow', 'clap', 'response', 'mention', 'highlight', 'publish', 'catalog', 'system', 'series'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds a reader sets a channel for; system notices always arrive, and so do new parts of a
 * series the reader follows (following the series is the choice; unfollowing it the way out).
 */
export const CHANNEL_KINDS = ['follow', 'clap', 'response', 'mention', 'highlight', 'publish', 'catalog'] as const satisfies readonly NotificationKind[];
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * ALL: from anyone; NETWORK: only from people the reader follows (a followed writer's new
 * story always is); OFF: never.
 */
export const NOTIFICATION_CHANNELS = ['ALL', 'NETWORK', 'OFF'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_CHANNEL: NotificationChannel = 'ALL';

export const DIGEST_FREQUENCIES = ['DAILY', 'WEEKLY', 'OFF'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** A reader who never chose gets a weekly digest (only when something is unread). */
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'WEEKLY';
export const DIGEST_PERIOD_DAYS: Record<Exclude<DigestFrequency, 'OFF'>, number> = { DAILY: 1, WEEKLY: 7 };

/** Names kept per aggregated row: the list shows the latest one and a count. */
export const MAX_ACTOR_IDS = 3;
/** The badge's count stops here: the header shows '99+' above 99 (spec §9 badge cap). */
export const UNREAD_COUNT_CAP = 100;
/** Followers notified per transaction when a writer publishes or a followed list gains stories (fan-out in batches). */
export const FANOUT_BATCH_SIZE = 1000;

export const isChannelKind = (k: string): k is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(k);
export const isChannel = (c: string): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c);
export const isDigestFrequency = (f: string): f is DigestFrequency => (DIGEST_FREQUENCIES as readonly string[]).includes(f);
