import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mayContainMutation, type PageCache } from './page-cache.js';
import type { PubSub } from '../platform/pubsub/index.js';

/** Tells the site's other processes that a write happened (their caches go stale too). */
export const PAGE_CACHE_CHANNEL = 'page-cache:invalidate';
/** Writes within this long are announced once: a burst of claps is one message, not hundreds. */
const ANNOUNCE_COALESCE_MS = 20;

/** Requests that never change what a page shows: analytics and the browser's own reports. */
const READ_ONLY_POSTS = new Set(['/_/batch']);

/**
 * Any write makes every cached page stale: a GraphQL request holding a mutation, or any
 * other non-GET request (sign-in, uploads, highlights…), once its answer is sent (so after
 * its transaction committed). This process's cache at once; the other processes of the
 * site (a cluster's workers, other machines with Redis) through `pubsub` a moment later.
 */
export async function registerPageCacheInvalidation(app: FastifyInstance, cache: PageCache, graphqlPath: string, pubsub: () => Promise<PubSub>): Promise<void> {
  const bus = await pubsub();
  // Messages name their sender: this process's cache was invalidated when the write was answered.
  const self = randomUUID();
  const unsubscribe = await bus.subscribe(PAGE_CACHE_CHANNEL, (sender) => sender !== self && cache.invalidateAll());
  let announcing: NodeJS.Timeout | null = null;
  app.addHook('onClose', async () => {
    if (announcing) clearTimeout(announcing);
    await unsubscribe();
  });
  const announce = () => {
    announcing ??= setTimeout(() => {
      announcing = null;
      void bus.publish(PAGE_CACHE_CHANNEL, self).catch((err: unknown) => app.log.warn({ err }, 'could not announce a write to the other processes'));
    }, ANNOUNCE_COALESCE_MS);
  };
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const path = request.url.split('?')[0]!;
    // /1/: the search provider's reads and its click events (modules/search) change no page.
    if (READ_ONLY_POSTS.has(path) || path.startsWith('/1/')) return;
    if (path === graphqlPath && !mayContainMutation(request.body)) return;
    cache.invalidateAll();
    announce();
  });
}
