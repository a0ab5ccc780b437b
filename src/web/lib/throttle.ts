import { TIMING } from '../../shared/constants';

export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call. */
  cancel(): void;
}

/**
 * Calls `fn` at most once per `wait` ms: immediately on the first call, then once more at
 * the end of the window with the latest arguments if calls arrived meanwhile (trailing call).
 * Default wait is the spec's scroll/resize throttle.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number = TIMING.scrollResizeThrottleMs,
): Throttled<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: A | null = null;

  const startWindow = () => {
    timer = setTimeout(() => {
      timer = null;
      if (pendingArgs) {
        const args = pendingArgs;
        pendingArgs = null;
        fn(...args);
        startWindow();
      }
    }, wait);
  };

  const throttled = ((...args: A) => {
    if (timer === null) {
      fn(...args);
      startWindow();
    } else {
      pendingArgs = args;
    }
  }) as Throttled<A>;

  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
  };
  return throttled;
}
