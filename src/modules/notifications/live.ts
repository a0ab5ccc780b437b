import type { PubSub } from '../../platform/pubsub/index.js';

/** The pub/sub channel that says a reader's notifications changed (new, read, seen). */
export const notificationsChannel = (userId: string) => `notifications:${userId}`;

/**
 * Tells the reader's open pages (the header badge's stream, in any web process) to read
 * their unread count again. Best effort: a page that misses it polls.
 */
export async function publishNotificationsChanged(pubsub: PubSub, userIds: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => pubsub.publish(notificationsChannel(id), 'changed')));
}
