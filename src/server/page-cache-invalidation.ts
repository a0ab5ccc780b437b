import type { FastifyInstance } from 'fastify';
import { mayContainMutation, type PageCache } from './page-cache.js';

/** Requests that never change what a page shows: analytics and the browser's own reports. */
const READ_ONLY_POSTS = new Set(['/_/batch']);

/**
 * Any write answered by this process makes every cached page stale: a GraphQL request
 * holding a mutation, or any other non-GET request (sign-in, uploads, highlights…), once
 * its answer is sent (so after its transaction committed).
 */
export function registerPageCacheInvalidation(app: FastifyInstance, cache: PageCache, graphqlPath: string): void {
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const path = request.url.split('?')[0]!;
    // /1/: the search provider's reads and its click events (modules/search) change no page.
    if (READ_ONLY_POSTS.has(path) || path.startsWith('/1/')) return;
    if (path === graphqlPath && !mayContainMutation(request.body)) return;
    cache.invalidateAll();
  });
}
