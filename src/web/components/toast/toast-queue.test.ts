import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createToast,
  initialToastQueueState,
  toastQueueReducer as reduce,
  type ToastOptions,
  type ToastQueueState,
} from './toast-queue';

const make = (id: number, options: Partial<ToastOptions> = {}) =>
  createToast(id, { message: `toast ${id}`, ...options }, 5000);

function run(...actions: Parameters<typeof reduce>[1][]): ToastQueueState {
  return actions.reduce(reduce, initialToastQueueState);
}

describe('createToast', () => {
  it('applies the defaults: MESSAGE style, 5000ms, no extra params', () => {
    expect(make(1)).toEqual({ id: 1, message: 'toast 1', toastStyle: 'MESSAGE', duration: 5000, extraParams: {} });
  });
});

describe('toastQueueReducer', () => {
  it('shows the first toast and queues the others', () => {
    const s = run({ type: 'show', toast: make(1) }, { type: 'show', toast: make(2) }, { type: 'show', toast: make(3) });
    expect(s.current?.id).toBe(1);
    expect(s.leaving).toBe(false);
    expect(s.queue.map((t) => t.id)).toEqual([2, 3]);
  });

  it('dismissing starts the exit; the animation end shows the next one', () => {
    let s = run({ type: 'show', toast: make(1) }, { type: 'show', toast: make(2) }, { type: 'dismiss', id: 1 });
    expect(s.current?.id).toBe(1);
    expect(s.leaving).toBe(true);
    s = reduce(s, { type: 'animationEnd', id: 1 });
    expect(s.current?.id).toBe(2);
    expect(s.leaving).toBe(false);
    expect(s.queue).toEqual([]);
    s = reduce(reduce(s, { type: 'dismiss', id: 2 }), { type: 'animationEnd', id: 2 });
    expect(s).toEqual(initialToastQueueState);
  });

  it('ignores the end of the entry animation', () => {
    const s = run({ type: 'show', toast: make(1) }, { type: 'animationEnd', id: 1 });
    expect(s.current?.id).toBe(1);
  });

  it('ignores a stale animation end (fallback timer after the real event)', () => {
    const s = run(
      { type: 'show', toast: make(1) },
      { type: 'show', toast: make(2) },
      { type: 'dismiss', id: 1 },
      { type: 'animationEnd', id: 1 },
      { type: 'animationEnd', id: 1 },
    );
    expect(s.current?.id).toBe(2);
  });

  it('dismissing a queued toast removes it from the queue', () => {
    const s = run({ type: 'show', toast: make(1) }, { type: 'show', toast: make(2) }, { type: 'dismiss', id: 2 });
    expect(s.current?.id).toBe(1);
    expect(s.leaving).toBe(false);
    expect(s.queue).toEqual([]);
  });

  it('a second dismiss of the leaving toast changes nothing', () => {
    const s1 = run({ type: 'show', toast: make(1) }, { type: 'dismiss', id: 1 });
    expect(reduce(s1, { type: 'dismiss', id: 1 })).toBe(s1);
  });

  it('FOREVER toasts stay until dismissed', () => {
    const s = run({ type: 'show', toast: make(1, { duration: 'FOREVER' }) }, { type: 'clearNextPage' });
    expect(s.current?.id).toBe(1);
    expect(s.leaving).toBe(false);
  });

  it('clearNextPage dismisses a NEXTPAGE toast on screen and drops queued ones', () => {
    const s = run(
      { type: 'show', toast: make(1, { duration: 'NEXTPAGE' }) },
      { type: 'show', toast: make(2, { duration: 'NEXTPAGE' }) },
      { type: 'show', toast: make(3) },
      { type: 'clearNextPage' },
    );
    expect(s.current?.id).toBe(1);
    expect(s.leaving).toBe(true);
    expect(s.queue.map((t) => t.id)).toEqual([3]);
    expect(reduce(s, { type: 'animationEnd', id: 1 }).current?.id).toBe(3);
  });

  it('clearNextPage keeps a timed toast on screen', () => {
    const s0 = run({ type: 'show', toast: make(1) });
    expect(reduce(s0, { type: 'clearNextPage' })).toBe(s0);
  });

  it('clearAll empties the queue and lets the current toast leave', () => {
    let s = run({ type: 'show', toast: make(1) }, { type: 'show', toast: make(2) }, { type: 'clearAll' });
    expect(s.queue).toEqual([]);
    expect(s.leaving).toBe(true);
    s = reduce(s, { type: 'animationEnd', id: 1 });
    expect(s).toEqual(initialToastQueueState);
  });
});

describe('toasts with a key', () => {
  it('a follow then an unfollow of the same writer: the unfollow replaces the follow on screen', () => {
    const s = run({ type: 'show', toast: make(1, { key: 'follow:user:a', message: "You're now following Ann" }) }, { type: 'show', toast: make(2, { key: 'follow:user:a', message: "You've unfollowed Ann" }) });
    expect(s.current?.message).toBe("You've unfollowed Ann");
    expect(s.leaving).toBe(false);
    expect(s.queue).toEqual([]);
  });

  it('replaces a waiting toast with the same key, and one already leaving', () => {
    let s = run({ type: 'show', toast: make(1) }, { type: 'show', toast: make(2, { key: 'k' }) }, { type: 'show', toast: make(3, { key: 'k' }) });
    expect(s.queue.map((t) => t.id)).toEqual([3]);
    s = run({ type: 'show', toast: make(1, { key: 'k' }) }, { type: 'dismiss', id: 1 }, { type: 'show', toast: make(2, { key: 'k' }) });
    expect(s.current?.id).toBe(2);
    expect(s.leaving).toBe(false);
  });

  // Any sequence of shows (keyed or not), dismissals and animation ends.
  const KEYS = ['a', 'b', undefined] as const;
  const step = fc.oneof(
    fc.record({ type: fc.constant('show' as const), key: fc.constantFrom(...KEYS) }),
    fc.record({ type: fc.constantFrom('dismiss' as const, 'animationEnd' as const), nth: fc.nat(6) }),
    fc.record({ type: fc.constant('clearAll' as const) }),
  );

  it('after every action: at most one toast per key, and the latest shown toast of a key is the one kept', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let s = initialToastQueueState;
        let id = 0;
        for (const st of steps) {
          const present = [s.current, ...s.queue].filter((t) => t !== null);
          if (st.type === 'show') {
            const toast = make(++id, st.key === undefined ? {} : { key: st.key });
            s = reduce(s, { type: 'show', toast });
            const after = [s.current, ...s.queue].filter((t) => t !== null);
            // The new toast is shown or waiting; nothing else with its key is.
            expect(after.some((t) => t.id === toast.id)).toBe(true);
            if (st.key !== undefined) expect(after.filter((t) => t.key === st.key).map((t) => t.id)).toEqual([toast.id]);
            // Toasts with another key (or none) are untouched, in order.
            const others = (list: typeof after) => list.filter((t) => t.id !== toast.id && (st.key === undefined || t.key !== st.key)).map((t) => t.id);
            expect(others(after)).toEqual(others(present));
          } else if (st.type === 'clearAll') {
            s = reduce(s, { type: 'clearAll' });
          } else {
            const target = present[st.nth % Math.max(1, present.length)];
            if (target) s = reduce(s, { type: st.type, id: target.id });
          }
          const keys = [s.current, ...s.queue].flatMap((t) => (t?.key === undefined ? [] : [t.key]));
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
    );
  });
});
