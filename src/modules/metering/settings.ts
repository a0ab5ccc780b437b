import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sharedPubSub } from '../../platform/pubsub/index.js';
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
  readAt: number;
  /** The count of changes heard when it was read: a change heard since makes it stale. */
  generation: number;
}

/**
 * The metering settings per database (a process serves one; tests run several), kept in memory:
 * a story page asks for the rule on every read of a member-only story by a non-member, and with
 * metering off that read must cost no statement.
 */
const kept = new WeakMap<Db, Kept>();
const loading = new WeakMap<Db, Promise<Kept>>();
let generation = 0;
let listening: Promise<void> | null = null;

function listen(): Promise<void> {
  listening ??= sharedPubSub()
    .then((bus) => bus.subscribe(SITE_SETTINGS_CHANNEL, () => void generation++))
    .then(() => undefined)
    .catch(() => {
      // Without pub/sub, what is kept is read again after KEEP_MS.
      listening = null;
    });
  return listening;
}

async function load(db: Db): Promise<Kept> {
  await listen();
  const at = generation;
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(sql`${siteSettings.key} in (${METERING_RULE_KEY}, ${FRIEND_LINK_SECRET_KEY})`);
  const rule = readStoredRule(rows.find((r) => r.key === METERING_RULE_KEY)?.value);
  const secret = rows.find((r) => r.key === FRIEND_LINK_SECRET_KEY)?.value;
  const value: Kept = { rule, friendLinkSecret: typeof secret === 'string' ? Buffer.from(secret, 'base64url') : null, readAt: Date.now(), generation: at };
  // A change heard while reading leaves it stale at once: the next use reads again.
  kept.set(db, value);
  return value;
}

async function settings(db: Db): Promise<Kept> {
  const k = kept.get(db);
  if (k && k.generation === generation && Date.now() - k.readAt < KEEP_MS) return k;
  let pending = loading.get(db);
  if (!pending) {
    pending = load(db).finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  return pending;
}

/** The site's metering rule (off unless staff turned it on). */
export async function meteringRule(db: Db): Promise<MeteringRule> {
  return (await settings(db)).rule;
}

/** Forgets what this process kept and tells the others to (after a change commits). */
export async function settingsChanged(db: Db): Promise<void> {
  kept.delete(db);
  generation++;
  try {
    await (await sharedPubSub()).publish(SITE_SETTINGS_CHANNEL, 'changed');
  } catch {
    // The other processes read it again within KEEP_MS.
  }
}

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

/** The friend-link secret if the site has made one (checking a link never makes it). */
export async function storedFriendLinkSecret(db: Db): Promise<Buffer | null> {
  return (await settings(db)).friendLinkSecret;
}
