/**
 * JSON access to localStorage that never throws (spec §8): when storage is unavailable
 * (access or writes throw, as in private modes or with storage disabled) values live in an
 * in-memory map for the life of the page; unparsable stored JSON logs a warning and yields
 * the default.
 */

/** The part of the Web Storage API this module uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface JsonStore {
  get<T>(key: string, defaultValue: T): T;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** False once the real storage has failed and the memory fallback is in use. */
  isPersistent(): boolean;
}

function defaultStorage(): StorageLike | null {
  if (typeof window === 'undefined') return null;
  return window.localStorage; // may throw: the caller catches
}

/**
 * Creates a store over `getStorage` (window.localStorage by default). The getter is called
 * on each access so that a storage which throws on access is detected where it is used.
 */
export function createJsonStore(getStorage: () => StorageLike | null = defaultStorage): JsonStore {
  const memory = new Map<string, string>();
  let failed = false;

  function storage(): StorageLike | null {
    if (failed) return null;
    try {
      const s = getStorage();
      if (!s) failed = true;
      return s;
    } catch {
      failed = true;
      return null;
    }
  }

  function readRaw(key: string): string | null {
    const s = storage();
    if (s) {
      try {
        return s.getItem(key);
      } catch {
        failed = true;
      }
    }
    return memory.has(key) ? (memory.get(key) as string) : null;
  }

  function remove(key: string): void {
    memory.delete(key);
    const s = storage();
    if (!s) return;
    try {
      s.removeItem(key);
    } catch {
      failed = true;
    }
  }

  return {
    get<T>(key: string, defaultValue: T): T {
      const raw = readRaw(key);
      if (raw === null) return defaultValue;
      try {
        return JSON.parse(raw) as T;
      } catch (error) {
        console.warn(`Could not parse the stored value of "${key}"; using the default.`, error);
        return defaultValue;
      }
    },
    set(key: string, value: unknown): void {
      const raw = JSON.stringify(value);
      if (raw === undefined) return remove(key);
      const s = storage();
      if (s) {
        try {
          s.setItem(key, raw);
          return;
        } catch {
          failed = true;
        }
      }
      memory.set(key, raw);
    },
    remove,
    isPersistent: () => !failed && storage() !== null,
  };
}

/** The page-wide store over window.localStorage. Safe to import on the server. */
export const localStore: JsonStore = createJsonStore();
export const getLocalJson = <T>(key: string, defaultValue: T): T => localStore.get(key, defaultValue);
export const setLocalJson = (key: string, value: unknown): void => localStore.set(key, value);
export const removeLocal = (key: string): void => localStore.remove(key);
