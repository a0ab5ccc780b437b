import { localStore, type JsonStore } from './local-storage.js';

/**
 * Recent searches (spec §5): unique, most recent first, at most 10, kept in local storage
 * with the §8 fallback (memory when storage is unavailable; unparsable JSON warns and reads
 * as none) that local-storage.ts provides.
 */
export const RECENT_SEARCHES_KEY = 'recent-searches';
export const MAX_RECENT_SEARCHES = 10;

/** The list with `query` on top: trimmed, never empty, a repeat moved up rather than kept twice. */
export function withRecentSearch(list: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...list];
  const key = q.toLowerCase();
  return [q, ...list.filter((item) => item.toLowerCase() !== key)].slice(0, MAX_RECENT_SEARCHES);
}

/** What storage holds, if it is a list of strings; anything else (an older or foreign shape) reads as none. */
export function readRecentSearches(store: JsonStore = localStore): string[] {
  const value = store.get<unknown>(RECENT_SEARCHES_KEY, []);
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').slice(0, MAX_RECENT_SEARCHES);
}

export function saveRecentSearch(query: string, store: JsonStore = localStore): string[] {
  const next = withRecentSearch(readRecentSearches(store), query);
  store.set(RECENT_SEARCHES_KEY, next);
  return next;
}

export function removeRecentSearch(query: string, store: JsonStore = localStore): string[] {
  const next = readRecentSearches(store).filter((item) => item !== query);
  store.set(RECENT_SEARCHES_KEY, next);
  return next;
}

export function clearRecentSearches(store: JsonStore = localStore): void {
  store.remove(RECENT_SEARCHES_KEY);
}
