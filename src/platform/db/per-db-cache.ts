import type { Db } from './client.js';

/**
 * A value that is the same for every reader (a site-wide ranking), read at most once per
 * `ttlMs` per process and database. Requests within the window share the read in flight;
 * a failed read is not kept, so the next request tries again.
 */
export function cachedPerDb<T>(ttlMs: number, read: (db: Db, now: number) => Promise<T>): (db: Db, now?: number) => Promise<T> {
  const cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return (db, now = Date.now()) => {
    const hit = cache.get(db);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = read(db, now);
    cache.set(db, { at: now, value });
    value.catch(() => {
      if (cache.get(db)?.value === value) cache.delete(db);
    });
    return value;
  };
}
