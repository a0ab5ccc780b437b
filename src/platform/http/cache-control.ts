import type { FastifyReply } from 'fastify';

/**
 * Cache-Control of HTML and feeds. A public page (the same for every signed-out reader,
 * PageDef.publicCache) may be kept by shared caches (a CDN) for a short while and served
 * stale while they fetch it again; browsers revalidate it each time (max-age=0, ETag).
 * Anything shown to a signed-in reader, or otherwise personal, stays in the browser only.
 */
export interface SharedCacheTimes {
  /** CDN_S_MAXAGE_SECONDS */
  sMaxAge: number;
  /** CDN_STALE_WHILE_REVALIDATE_SECONDS */
  staleWhileRevalidate: number;
}

export const PRIVATE_NO_CACHE = 'private, no-cache';

export function publicCacheControl(times: SharedCacheTimes): string {
  return `public, max-age=0, s-maxage=${times.sMaxAge}, stale-while-revalidate=${times.staleWhileRevalidate}`;
}

/** The config's CDN_* times, for publicCacheControl. */
export function sharedCacheTimes(config: { CDN_S_MAXAGE_SECONDS: number; CDN_STALE_WHILE_REVALIDATE_SECONDS: number }): SharedCacheTimes {
  return { sMaxAge: config.CDN_S_MAXAGE_SECONDS, staleWhileRevalidate: config.CDN_STALE_WHILE_REVALIDATE_SECONDS };
}

/**
 * What a shared answer is made of, for purging a CDN by key (server/http/cdn-purge.ts):
 * `pages` for the public pages, `feeds` for feeds and sitemaps. Sent as Surrogate-Key
 * (Fastly, Varnish xkey) and Cache-Tag (Cloudflare).
 */
export const SURROGATE_KEYS = { pages: 'pages', feeds: 'feeds' } as const;
export type SurrogateKey = (typeof SURROGATE_KEYS)[keyof typeof SURROGATE_KEYS];

/** A public answer: shared caches may keep it for the configured times, under `key`. */
export function cachePublicly(reply: FastifyReply, times: SharedCacheTimes, key: SurrogateKey): FastifyReply {
  return reply.header('cache-control', publicCacheControl(times)).header('surrogate-key', key).header('cache-tag', key);
}
