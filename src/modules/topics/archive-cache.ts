import type { Db } from '../../platform/db/client.js';
import { archiveCounts } from './queries.js';

type Counts = Awaited<ReturnType<typeof archiveCounts>>;

/** How long a tag's archive counts are reused: a new story shows in the counts within this. */
export const ARCHIVE_COUNTS_TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
const cache = new Map<string, { at: number; counts: Promise<Counts> }>();

/**
 * Archive counts shared by every reader who muted no one (most readers, and every logged-out
 * one): the per-year counts of a 166k-story tag scan all its index entries, so they are
 * read once a minute per process rather than once a page view. Readers with muted writers
 * get their own exact counts. Entries are per process (no cross-process invalidation is
 * needed for counts that may lag a minute).
 */
export function sharedArchiveCounts(db: Db, slug: string, opts: { year?: number; month?: number; exclude: readonly string[] }, now = Date.now()): Promise<Counts> {
  if (opts.exclude.length > 0) return archiveCounts(db, slug, opts);
  const key = `${slug}|${opts.year ?? ''}|${opts.month ?? ''}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < ARCHIVE_COUNTS_TTL_MS) return hit.counts;
  const counts = archiveCounts(db, slug, opts);
  cache.delete(key);
  cache.set(key, { at: now, counts });
  counts.catch(() => cache.delete(key));
  // Oldest first in a Map: drop from the front past the bound.
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return counts;
}

/** Tests start from an empty cache. */
export function clearArchiveCountsCache(): void {
  cache.clear();
}
