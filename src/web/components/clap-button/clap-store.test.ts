import { describe, expect, it } from 'vitest';
import { BATCH_DELAY_MS, createClapStore, type SendResult } from './clap-store';

/** Timers the test fires by hand, and a server the test answers by hand. */
function harness() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let nextId = 1;
  const calls: { postId: string; n: number; resolve(r: SendResult): void; reject(e: unknown): void }[] = [];
  const told: string[] = [];
  const store = createClapStore({
    send: (postId, n) => new Promise<SendResult>((resolve, reject) => calls.push({ postId, n, resolve, reject })),
    tell: (m) => told.push(m),
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id) => void timers.delete(id as number),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fn();
      }
    }
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { store, calls, told, advance, settle };
}

const fetched = { clapCount: 10, viewerClapCount: 0 };

describe('clap store (spec §3 client state)', () => {
  it('counts clicks at once and sends a burst as one call 500 ms after the last click', async () => {
    const h = harness();
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS - 1);
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS - 1);
    h.store.clap('p', fetched);
    expect(h.store.get('p')).toEqual({ clapCount: 13, viewerClapCount: 3, viewerHasClappedSinceFetch: true });
    expect(h.calls).toHaveLength(0);
    h.advance(BATCH_DELAY_MS);
    expect(h.calls.map((c) => c.n)).toEqual([3]);
    h.calls[0]!.resolve({ ok: true, clapCount: 20, viewerClapCount: 3, notice: null });
    await h.settle();
    // Someone else clapped meanwhile: the server's total wins.
    expect(h.store.get('p')).toEqual({ clapCount: 20, viewerClapCount: 3, viewerHasClappedSinceFetch: true });
  });

  it('keeps clicks made while a call is out and sends them after its answer', async () => {
    const h = harness();
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS);
    h.store.clap('p', fetched);
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS);
    expect(h.calls).toHaveLength(1);
    h.calls[0]!.resolve({ ok: true, clapCount: 11, viewerClapCount: 1, notice: null });
    await h.settle();
    expect(h.store.get('p')).toMatchObject({ clapCount: 13, viewerClapCount: 3 });
    h.advance(BATCH_DELAY_MS);
    expect(h.calls.map((c) => c.n)).toEqual([1, 2]);
  });

  it('stops at 50 claps', () => {
    const h = harness();
    const near = { clapCount: 100, viewerClapCount: 48 };
    expect(h.store.clap('p', near)).toBe(true);
    expect(h.store.clap('p', near)).toBe(true);
    expect(h.store.clap('p', near)).toBe(false);
    expect(h.store.get('p')).toMatchObject({ clapCount: 102, viewerClapCount: 50 });
  });

  it('takes the claps of a failed call back and says why; a clamped call shows its notice', async () => {
    const h = harness();
    h.store.clap('p', fetched);
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS);
    h.calls[0]!.resolve({ ok: false, message: 'Post not found.' });
    await h.settle();
    expect(h.store.get('p')).toMatchObject({ clapCount: 10, viewerClapCount: 0 });
    expect(h.told).toEqual(['Post not found.']);
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS);
    h.calls[1]!.reject(new Error('network'));
    await h.settle();
    expect(h.store.get('p')).toMatchObject({ clapCount: 10, viewerClapCount: 0 });
    expect(h.told).toEqual(['Post not found.', 'Please try again.']);
    h.store.clap('p', fetched);
    h.advance(BATCH_DELAY_MS);
    h.calls[2]!.resolve({ ok: true, clapCount: 60, viewerClapCount: 50, notice: 'A reader can give a story up to 50 claps: 1 of your 1 were added.' });
    await h.settle();
    expect(h.told).toHaveLength(3);
  });

  it('takes fetched figures until the viewer claps, then keeps its own', () => {
    const h = harness();
    h.store.sync('p', fetched);
    h.store.sync('p', { clapCount: 12, viewerClapCount: 0 });
    expect(h.store.get('p')).toEqual({ clapCount: 12, viewerClapCount: 0, viewerHasClappedSinceFetch: false });
    h.store.clap('p', fetched);
    h.store.sync('p', { clapCount: 12, viewerClapCount: 0 });
    expect(h.store.get('p')).toMatchObject({ clapCount: 13, viewerClapCount: 1 });
  });

  it('sends pending claps at once when flushed (the page is going away)', () => {
    const h = harness();
    h.store.clap('p', fetched);
    h.store.clap('q', fetched);
    h.store.flush();
    expect(h.calls.map((c) => [c.postId, c.n])).toEqual([
      ['p', 1],
      ['q', 1],
    ]);
  });
});
