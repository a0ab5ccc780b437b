import { setTimeout as sleep } from 'node:timers/promises';

export interface TokenBucket {
  /** Resolves when one more message may go out. */
  take(): Promise<void>;
}

/** The bucket holds at most this share of a second's messages: small bursts, no long ones after an idle spell. */
const BURST_SECONDS = 0.1;

/**
 * A token bucket at `ratePerSecond`. It starts empty, so a fresh provider never sends more
 * than rate × t messages in its first t seconds; callers are served in order (each take()
 * waits for the ones before it), so a big batch cannot starve a later small one forever.
 */
export function createTokenBucket(ratePerSecond: number, now: () => number = performance.now.bind(performance)): TokenBucket {
  const capacity = Math.max(1, ratePerSecond * BURST_SECONDS);
  let tokens = 0;
  let last = now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * ratePerSecond);
    last = t;
  };
  const takeOne = async () => {
    refill();
    while (tokens < 1) {
      await sleep(Math.max(1, Math.ceil(((1 - tokens) / ratePerSecond) * 1000)));
      refill();
    }
    tokens -= 1;
  };
  return {
    take() {
      const turn = queue.then(takeOne);
      queue = turn;
      return turn;
    },
  };
}
