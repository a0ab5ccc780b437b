import { createKnownValues } from '../../lib/known-values.js';

/** A writer's newsletter as this browser last changed it (the profile's header and sidebar buttons agree). */
export interface KnownSubscription {
  newsletterId: string;
  subscriberCount: number;
  viewerSubscriptionState: string | null;
}

/** By writer id. */
export const subscriptionStore = createKnownValues<KnownSubscription>();

/** Spec §4 toasts of newsletter subscribe / unsubscribe (the server's NEWSLETTER_MESSAGES say the same). */
export const SUBSCRIBE_TOASTS = {
  subscribed: (name: string) => `You're now subscribed to ${name}.`,
  unsubscribed: (name: string) => `You've unsubscribed from ${name}.`,
  tryAgain: 'Please try again.',
} as const;

export const subscribeToastKey = (userId: string) => `newsletter:user:${userId}`;

/** The writer's promotion page (writer-subscription-promotion), where signed-out visitors subscribe by email. */
export const writerSubscribeHref = (username: string) => `/@${encodeURIComponent(username)}/subscribe`;

export const formatSubscribers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'}`;
