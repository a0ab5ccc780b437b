/** Spec §3 NewsletterV3.type. */
export type NewsletterType = 'USER' | 'COLLECTION';
export type SubscriberState = 'PENDING' | 'ACTIVE' | 'UNSUBSCRIBED';
export type SubscriberSource = 'ONE_CLICK' | 'EMAIL_FORM' | 'IMPORT';
export type ConsentAction = 'SUBSCRIBE' | 'CONFIRM' | 'IMPORT' | 'UNSUBSCRIBE';

export interface NewsletterRow {
  id: string;
  type: NewsletterType;
  userId: string;
  collectionId: string | null;
  slug: string;
  name: string;
  description: string;
  showPromo: boolean;
  subscriberCount: number;
  createdAt: Date;
}

/** The columns of NewsletterRow, aliased, for raw selects. */
export const NEWSLETTER_COLUMNS =
  'id, type, user_id as "userId", collection_id as "collectionId", slug, name, description, show_promo as "showPromo", subscriber_count as "subscriberCount", created_at as "createdAt"';

/**
 * Spec §4 consent text for newsletter and subscribe-to-user entries: the address is shared with the
 * writer or publication, and the reader can opt out in Settings. Recorded with every consent.
 */
export function consentNotice(ownerName: string): string {
  return `By subscribing, you agree that your email address is shared with ${ownerName}, who may contact you. You can opt out in Settings at any time.`;
}

/** Spec §4 toasts (newsletter subscribe/unsubscribe) and the messages of refusals. */
export const NEWSLETTER_MESSAGES = {
  subscribed: (name: string) => `You're now subscribed to ${name}.`,
  unsubscribed: (name: string) => `You've unsubscribed from ${name}.`,
  checkEmail: 'Check your inbox to confirm your subscription.',
  notFound: 'This newsletter no longer exists.',
  signIn: 'Sign in to subscribe.',
  ownNewsletter: 'You cannot subscribe to your own newsletter.',
  invalidEmail: 'Please enter a valid email address.',
  noAddress: 'Add an email address to your account in Settings to subscribe.',
} as const;
