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

/**
 * What `build` makes of a database, made once per database (prepared statements: built
 * once, planned once per connection, as they run on hot paths).
 */
export function oncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = build(db)));
    return value;
  };
}
