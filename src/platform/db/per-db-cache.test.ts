import { describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { cachedPerDb } from './per-db-cache.js';

describe('cachedPerDb', () => {
  it('reads once per window and database, again after it, and does not keep a failed read', async () => {
    let reads = 0;
    let fail = false;
    const cached = cachedPerDb(1000, async () => {
      reads += 1;
      if (fail) throw new Error('database away');
      return reads;
    });
    const one = {} as Db;
    const two = {} as Db;
    expect(await cached(one, 0)).toBe(1);
    expect(await cached(one, 999)).toBe(1);
    expect(await cached(two, 999)).toBe(2);
    expect(await cached(one, 1000)).toBe(3);
    fail = true;
    await expect(cached(one, 5000)).rejects.toThrow('database away');
    fail = false;
    expect(await cached(one, 5001)).toBe(5);
  });
});
