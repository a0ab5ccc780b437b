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
