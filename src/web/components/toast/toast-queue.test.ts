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
