import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayContainMutation, type PageCache } from './page-cache.js';
import type { SessionCache } from '../modules/accounts/session-cache.js';
import { sharedPubSub, type PubSub } from '../platform/pubsub/index.js';
import type { CdnPurger } from './http/cdn-purge.js';
import { STORY_VIEW_PATH } from '../modules/stats/http.js';
import { SES_WEBHOOK_PATH } from '../platform/mail/ses-webhook.js';
import { MAILGUN_WEBHOOK_PATH } from '../platform/mail/mailgun-webhook.js';

/** Tells the site's other processes that a write happened (their caches go stale too). */
export const WRITES_CHANNEL = 'writes';
/** Writes within this long are announced once: a burst of claps is one message, not hundreds. */
const ANNOUNCE_COALESCE_MS = 20;

/** Requests that never change what a page shows: analytics and the browser's own reports. */
const READ_ONLY_POSTS = new Set(['/_/batch']);
// A story view (modules/stats) changes no page a logged-out reader is served.
READ_ONLY_POSTS.add(STORY_VIEW_PATH);
// Bounce and complaint webhooks (platform/mail) change the suppression list, which no page shows; a large send brings thousands.
READ_ONLY_POSTS.add(SES_WEBHOOK_PATH);
READ_ONLY_POSTS.add(MAILGUN_WEBHOOK_PATH);
/** GET requests that change a user or their sessions: sign-in links and callbacks, email confirmation, sign-out. */
const WRITING_GETS = ['/m/callback/', '/m/connect/', '/m/account/', '/m/signout'];

/** What a process announces: who wrote (user ids), or that someone without a session did. */
interface WritesMessage {
  from: string;
  users: string[];
  anonymous: boolean;
  /** False when only sessions changed (a sign-in link): cached pages stay. */
  pages: boolean;
}

/** What a message that cannot be read stands for: anything may have changed. */
const FORGET_EVERYTHING: WritesMessage = { from: '', users: [], anonymous: true, pages: true };

/**
 * A message as sent, or FORGET_EVERYTHING when it is not one (another version's format, a
 * stray publish): a throw in a pub/sub listener would end the process.
 */
function readWritesMessage(text: string): WritesMessage {
  try {
    const m = JSON.parse(text) as Partial<WritesMessage> | null;
    if (m && typeof m.from === 'string' && Array.isArray(m.users) && typeof m.anonymous === 'boolean' && typeof m.pages === 'boolean')
      return { from: m.from, users: m.users, anonymous: m.anonymous, pages: m.pages };
  } catch {
    // not JSON
  }
  return FORGET_EVERYTHING;
}

export interface WriteInvalidated {
  pageCache: PageCache | null;
  sessionCache: SessionCache | null;
  /** CDN_PURGE_URL: told by the process that answered a write (not by the ones that hear of it). */
  cdnPurger?: CdnPurger | null;
}

/** Whether a non-GET request is a write: a GraphQL request holding a mutation, any other POST but analytics and search. */
function isWrite(request: FastifyRequest, graphqlPath: string): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const path = request.url.split('?')[0]!;
  // /1/: the search provider's reads and its click events (modules/search) change nothing a cache holds.
  if (READ_ONLY_POSTS.has(path) || path.startsWith('/1/')) return false;
  return path !== graphqlPath || mayContainMutation(request.body);
}

/**
 * A write makes what is kept stale: every cached page (any write), and the writer's kept
 * sessions (all of them when the writer has none). This process's caches before the answer
 * leaves (onSend: the handler's transaction has committed); the other processes of the site
 * (a cluster's workers, other machines with Redis) through `pubsub` a moment later.
 */
export async function registerWriteInvalidation(app: FastifyInstance, caches: WriteInvalidated, graphqlPath: string, pubsub: () => Promise<PubSub>): Promise<void> {
  const { pageCache, sessionCache } = caches;
  const cdnPurger = caches.cdnPurger ?? null;
  if (!pageCache && !sessionCache && !cdnPurger) return;
  const bus = await pubsub();
  // Messages name their sender: this process forgot what it kept when the write was answered.
  const self = randomUUID();
  const unsubscribe = await bus.subscribe(WRITES_CHANNEL, (text) => {
    const message = readWritesMessage(text);
    if (message.from === self) return;
    forget(message.users, message.anonymous, message.pages);
  });

  function forget(users: Iterable<string>, anonymous: boolean, pages = true) {
    if (pages) pageCache?.invalidateAll();
    if (anonymous) sessionCache?.forgetAll();
    else for (const id of users) sessionCache?.forgetUser(id);
  }

  let pending: { users: Set<string>; anonymous: boolean; pages: boolean; timer: NodeJS.Timeout } | null = null;
  const announce = (userId: string | null, pages: boolean) => {
    pending ??= {
      users: new Set(),
      anonymous: false,
      pages: false,
      timer: setTimeout(() => {
        const message: WritesMessage = { from: self, users: [...pending!.users], anonymous: pending!.anonymous, pages: pending!.pages };
        pending = null;
        void bus.publish(WRITES_CHANNEL, JSON.stringify(message)).catch((err: unknown) => app.log.warn({ err }, 'could not announce a write to the other processes'));
      }, ANNOUNCE_COALESCE_MS),
    };
    if (userId) pending.users.add(userId);
    else pending.anonymous = true;
    pending.pages ||= pages;
  };
  app.addHook('onClose', async () => {
    if (pending) clearTimeout(pending.timer);
    await unsubscribe();
  });

  app.addHook('onSend', async (request) => {
    const write = isWrite(request, graphqlPath);
    // A GET that signs in or out or confirms an email changes sessions, not pages.
    const sessionsOnly = !write && sessionCache !== null && request.method === 'GET' && WRITING_GETS.some((p) => request.url.startsWith(p));
    if (!write && !sessionsOnly) return;
    const userId = request.viewer?.id ?? null;
    forget(userId ? [userId] : [], userId === null, write);
    if (write) cdnPurger?.pagesChanged();
    announce(userId, write);
  });
}

/** Users named in one message at most: a renewal sweep's batch is several messages, not one huge one. */
const USERS_PER_MESSAGE = 1000;

/**
 * Tells every process of the site, this one included, that these users changed outside a
 * request of their own: a membership bought or ended by a payment provider's call, renewed or
 * lapsed by a worker sweep. Each process forgets their kept sessions, so their next request
 * reads their row (and the membership on it) again; pages kept for logged-out readers stay.
 * Call it after the transaction that changed them commits (before, a request could read
 * the old row again and keep it).
 */
export async function announceUsersChanged(userIds: Iterable<string>, pubsub: () => Promise<PubSub> = sharedPubSub): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  const bus = await pubsub();
  // Not from any process's own subscriber (registerWriteInvalidation): every one of them acts on it.
  const from = `users-changed:${randomUUID()}`;
  for (let i = 0; i < users.length; i += USERS_PER_MESSAGE) {
    const message: WritesMessage = { from, users: users.slice(i, i + USERS_PER_MESSAGE), anonymous: false, pages: false };
    await bus.publish(WRITES_CHANNEL, JSON.stringify(message));
  }
}
