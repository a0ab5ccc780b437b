import { describe, expect, it } from 'vitest';
import { createLimiter } from './service.js';

describe('createLimiter', () => {
  it('runs at most `size` tasks at once, in arrival order, and passes results and errors through', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) =>
      limit(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setImmediate(r));
        running--;
        if (i === 3) throw new Error('boom');
        return i * 10;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([0, 10, 20, 'boom', 40, 50]);
    // Slots came back after the failure too.
    expect(await limit(async () => 'free')).toBe('free');
  });
});
