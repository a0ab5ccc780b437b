import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { keptPerDb } from '../../platform/pubsub/kept-per-db.js';
import { readStoredRule, type MeteringRule } from './rule.js';
import { siteSettings } from './tables.js';

export const METERING_RULE_KEY = 'metering';
export const FRIEND_LINK_SECRET_KEY = 'friend_link_secret';
/** Tells every process that a site setting changed: they read it again on next use. */
export const SITE_SETTINGS_CHANNEL = 'site-settings';

/**
 * How long a process keeps what it read without hearing of a change: pub/sub messages are
 * hints and one may be lost (a Redis reconnect), so a missed change shows within this.
 */
const KEEP_MS = 5 * 60_000;

interface Kept {
  rule: MeteringRule;
  /** base64url; null until a friend link is made or checked. */
  friendLinkSecret: Buffer | null;
}

/**
 * The metering settings, kept in memory per database: a story page asks for the rule on every
 * read of a member-only story by a non-member, and with metering off that read must cost no statement.
 */
const kept = keptPerDb<Kept>(SITE_SETTINGS_CHANNEL, KEEP_MS, async (db) => {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(sql`${siteSettings.key} in (${METERING_RULE_KEY}, ${FRIEND_LINK_SECRET_KEY})`);
  const rule = readStoredRule(rows.find((r) => r.key === METERING_RULE_KEY)?.value);
  const secret = rows.find((r) => r.key === FRIEND_LINK_SECRET_KEY)?.value;
  return { rule, friendLinkSecret: typeof secret === 'string' ? Buffer.from(secret, 'base64url') : null };
});
const settings = (db: Db) => kept.get(db);

/** The site's metering rule (off unless staff turned it on). */
export async function meteringRule(db: Db): Promise<MeteringRule> {
  return (await settings(db)).rule;
}

/** Forgets what this process kept and tells the others to (after a change commits). */
export const settingsChanged = (db: Db): Promise<void> => kept.changed(db);

/** Stores the rule (in its own transaction), then has every process read it again. */
export async function saveMeteringRule(db: Db, rule: MeteringRule, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: METERING_RULE_KEY, value: rule, updatedBy: actorId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: rule, updatedBy: actorId, updatedAt: new Date() } });
  });
  await settingsChanged(db);
}

/**
 * The secret friend links are signed with: made once for the site and kept in the database, so
 * links stay valid across restarts and processes whatever SECRET_KEY is (or is not) set.
 */
export async function friendLinkSecret(db: Db): Promise<Buffer> {
  const k = await settings(db);
  if (k.friendLinkSecret) return k.friendLinkSecret;
  await db
    .insert(siteSettings)
    .values({ key: FRIEND_LINK_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: siteSettings.key });
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, FRIEND_LINK_SECRET_KEY));
  const secret = Buffer.from(String(row!.value), 'base64url');
  k.friendLinkSecret = secret;
  return secret;
}

/**
 * A secret for one purpose ('verp' return paths, 'email-links' in newsletters), derived from the
 * site's stored secret: stable across restarts and processes, and different per purpose, so a token
 * made for one use is never valid for another.
 */
export async function siteSecretFor(db: Db, purpose: string): Promise<Buffer> {
  return createHmac('sha256', await friendLinkSecret(db)).update(`site-secret v1:${purpose}`).digest();
}

/** The friend-link secret if the site has made one (checking a link never makes it). */
export async function storedFriendLinkSecret(db: Db): Promise<Buffer | null> {
  return (await settings(db)).friendLinkSecret;
}
