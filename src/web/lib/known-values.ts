import { useSyncExternalStore } from 'react';

/**
 * What this browser itself changed since a page's data was read, by key. The page a reader
 * lands on reads its preloaded data as it was rendered (not a live cache), so every part of
 * the page showing the same thing (a follow, a bio, a response count) reads the browser's
 * own last change here, over the fetched value. The server and hydration render the fetched
 * value; the store takes over after.
 */
export interface KnownValues<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  subscribe(listener: () => void): () => void;
  /** The value as this browser knows it: its own last change, else `fetched`. */
  use(key: string, fetched: T): T;
}

export function createKnownValues<T>(): KnownValues<T> {
  const values = new Map<string, T>();
  const listeners = new Set<() => void>();
  const store: KnownValues<T> = {
    get: (key) => values.get(key),
    set(key, value) {
      values.set(key, value);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use(key, fetched) {
      const known = useSyncExternalStore(store.subscribe, () => values.get(key), () => undefined);
      return known ?? fetched;
    },
  };
  return store;
}
