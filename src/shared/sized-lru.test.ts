import { describe, expect, it } from 'vitest';
import { SizedLru, stringBytes } from './sized-lru.js';

describe('SizedLru', () => {
  it('drops the least recently used entries past its size; a read counts as a use', () => {
    const lru = new SizedLru<string>(10, (s) => s.length);
    lru.set('a', 'aaaa');
    lru.set('b', 'bbbb');
    expect(lru.get('a')).toBe('aaaa');
    lru.set('c', 'cccc');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('aaaa');
    expect(lru.get('c')).toBe('cccc');
    expect(lru.size).toBe(2);
    expect(lru.total).toBeLessThanOrEqual(10);
  });

  it('replaces a key’s value, counting its new size only, and keeps nothing larger than asked', () => {
    const lru = new SizedLru<string>(10, (s) => s.length);
    lru.set('a', 'aaaaaa');
    lru.set('a', 'aa');
    lru.set('b', 'bbbbbbbb');
    expect(lru.get('a')).toBe('aa');
    expect(lru.get('b')).toBe('bbbbbbbb');
    lru.set('c', 'cc', 1);
    lru.set('d', 'd'.repeat(11));
    expect(lru.get('c')).toBeUndefined();
    expect(lru.get('d')).toBeUndefined();
    lru.delete('a');
    expect(lru.size).toBe(1);
    expect(stringBytes('abc')).toBe(6);
  });
});
