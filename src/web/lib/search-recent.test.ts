import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJsonStore } from './local-storage';
import { clearRecentSearches, MAX_RECENT_SEARCHES, readRecentSearches, RECENT_SEARCHES_KEY, removeRecentSearch, saveRecentSearch, withRecentSearch } from './search-recent';
import { fakeStorage } from './test-storage';

afterEach(() => vi.restoreAllMocks());

describe('recent searches (spec §5)', () => {
  it('puts the newest first and keeps each search once, a repeat moving to the top', () => {
    let list: string[] = [];
    for (const q of ['ink', 'paper', 'quill', 'Paper ']) list = withRecentSearch(list, q);
    expect(list).toEqual(['Paper', 'quill', 'ink']);
  });

  it('ignores blank searches', () => {
    expect(withRecentSearch(['ink'], '   ')).toEqual(['ink']);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i++) list = withRecentSearch(list, `q${i}`);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('q12');
    expect(list.at(-1)).toBe('q3');
  });

  it('saves to local storage as JSON and reads it back', () => {
    const storage = fakeStorage();
    const store = createJsonStore(() => storage);
    saveRecentSearch('ink', store);
    saveRecentSearch('quill', store);
    expect(JSON.parse(storage.data.get(RECENT_SEARCHES_KEY)!)).toEqual(['quill', 'ink']);
    expect(readRecentSearches(store)).toEqual(['quill', 'ink']);
    expect(removeRecentSearch('quill', store)).toEqual(['ink']);
    clearRecentSearches(store);
    expect(readRecentSearches(store)).toEqual([]);
  });

  it('keeps them in memory when local storage is unavailable (spec §8)', () => {
    const store = createJsonStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    saveRecentSearch('ink', store);
    saveRecentSearch('quill', store);
    expect(readRecentSearches(store)).toEqual(['quill', 'ink']);
    expect(store.isPersistent()).toBe(false);
  });

  it('warns and starts empty on unparsable stored JSON, and on a stored value of another shape', () => {
    const storage = fakeStorage();
    storage.data.set(RECENT_SEARCHES_KEY, '["ink",');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createJsonStore(() => storage);
    expect(readRecentSearches(store)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    storage.data.set(RECENT_SEARCHES_KEY, '{"q":"ink"}');
    expect(readRecentSearches(store)).toEqual([]);
    storage.data.set(RECENT_SEARCHES_KEY, '["ink", 3, ""]');
    expect(readRecentSearches(store)).toEqual(['ink']);
    expect(saveRecentSearch('quill', store)).toEqual(['quill', 'ink']);
  });
});
