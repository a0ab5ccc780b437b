import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { siteSecretFor } from '../metering/settings.js';

/**
 * Signed links in newsletter emails: they work without a session (a reader opens them from their
 * inbox), so each carries an HMAC under the site's 'email-links' secret and says what it is for.
 * Subscriber tokens also carry the subscriber's token_version: once an unsubscribed reader
 * subscribes again, links from older emails no longer act on the new subscription.
 */
export type SubscriberLinkPurpose = 'unsubscribe' | 'confirm';
const SIG_CHARS = 22;

export const emailLinkSecret = (db: Db): Promise<Buffer> => siteSecretFor(db, 'email-links');

const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, SIG_CHARS);
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `{subscriberId}.{version}.{sig}`: an unsubscribe (List-Unsubscribe, the footer link) or a confirmation (double opt-in). */
export function subscriberToken(secret: Buffer, purpose: SubscriberLinkPurpose, subscriberId: string, version: number): string {
  return `${subscriberId}.${version}.${mac(secret, `newsletter ${purpose} v1:${subscriberId}.${version}`)}`;
}

export function readSubscriberToken(secret: Buffer, purpose: SubscriberLinkPurpose, token: string): { subscriberId: string; version: number } | null {
  const m = /^([0-9a-f]{12})\.(\d{1,9})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return null;
  const [, subscriberId, version] = m as unknown as [string, string, string, string];
  return same(subscriberToken(secret, purpose, subscriberId, Number(version)), token) ? { subscriberId, version: Number(version) } : null;
}

/** The {hash} of /me/email-settings/{userId}/{hash} (spec §2.3): opens that reader's email settings without signing in. */
export function emailSettingsHash(secret: Buffer, userId: string): string {
  return mac(secret, `email settings v1:${userId}`);
}

export const isEmailSettingsHash = (secret: Buffer, userId: string, hash: string): boolean => same(emailSettingsHash(secret, userId), hash);

/**
 * Where the links go (G serves them): the unsubscribe page and RFC 8058 one-click POST, the
 * double opt-in confirmation, a reader's email settings, and the List-Unsubscribe mailto address
 * (received by the bounce listener on MAIL_BOUNCE_DOMAIN).
 */
export const unsubscribePath = (token: string): string => `/_/newsletters/unsubscribe/${token}`;
export const confirmSubscriptionPath = (token: string): string => `/_/newsletters/confirm/${token}`;
export const emailSettingsPath = (userId: string, hash: string): string => `/me/email-settings/${userId}/${hash}`;
export const unsubscribeMailbox = (token: string, domain: string): string => `unsubscribe+${token}@${domain}`;
