import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJsonStore, type StorageLike } from './local-storage';
import { fakeStorage } from './test-storage';

afterEach(() => vi.restoreAllMocks());

describe('createJsonStore', () => {
  it('round-trips JSON through the injected storage', () => {
    const storage = fakeStorage();
    const store = createJsonStore(() => storage);
    store.set('k', { a: 1, b: [true] });
    expect(storage.data.get('k')).toBe('{"a":1,"b":[true]}');
    expect(store.get('k', null)).toEqual({ a: 1, b: [true] });
    expect(store.isPersistent()).toBe(true);
    store.remove('k');
    expect(store.get('k', 'fallback')).toBe('fallback');
  });

  it('returns the default for a missing key', () => {
    const store = createJsonStore(() => fakeStorage());
    expect(store.get('missing', 42)).toBe(42);
  });

  it('warns and returns the default when stored JSON is unparsable', () => {
    const storage = fakeStorage();
    storage.data.set('bad', '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createJsonStore(() => storage);
    expect(store.get('bad', { ok: false })).toEqual({ ok: false });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('bad');
  });

  it('falls back to memory when accessing storage throws', () => {
    const store = createJsonStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.get('k', 0)).toBe(0);
    store.set('k', 5);
    expect(store.get('k', 0)).toBe(5);
    expect(store.isPersistent()).toBe(false);
    store.remove('k');
    expect(store.get('k', 0)).toBe(0);
  });

  it('falls back to memory when writes throw (quota, private mode)', () => {
    const storage = fakeStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const store = createJsonStore(() => storage);
    store.set('views', [1, 2]);
    expect(store.get('views', [])).toEqual([1, 2]);
    expect(store.isPersistent()).toBe(false);
  });

  it('uses memory when there is no storage at all (server)', () => {
    const store = createJsonStore(() => null);
    store.set('a', 'b');
    expect(store.get('a', '')).toBe('b');
  });

  it('removes the key when the value serializes to nothing', () => {
    const storage = fakeStorage();
    const store = createJsonStore(() => storage);
    store.set('k', 1);
    store.set('k', undefined);
    expect(storage.data.has('k')).toBe(false);
  });
});
