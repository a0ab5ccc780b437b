import type { Logger } from '../logger/index.js';

export interface PeriodicOptions<T> {
  /** One pass of the work. */
  run(): Promise<T>;
  /** Between the end of a pass and the start of the next. */
  intervalMs: number;
  /** Before the first pass. Default 0. */
  startDelayMs?: number;
  logger: Logger;
  /** Logged (at most once a minute) when a timed or triggered pass fails. */
  failureMessage: string;
}

export interface Periodic<T> {
  /** A pass that starts after this call (joining one still waiting to start); rejects if it fails. */
  now(): Promise<T>;
  /** now(), with a failure logged instead of thrown (a hint that work is waiting). */
  trigger(): void;
  /** Stops the timer; resolves when the pass in flight has finished. */
  stop(): Promise<void>;
}

const ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Work that runs every `intervalMs` and on demand, one pass at a time per process: the
 * loop under the mail outbox's sender and the sweepers. Passes run one after another; a
 * call while a pass waits to start joins it, a call while one runs queues the next, so a
 * pass always starts after the call that asked.
 */
export function startPeriodic<T>(opts: PeriodicOptions<T>): Periodic<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastErrorLogAt = 0;
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<T> | null = null;

  const now = (): Promise<T> => {
    if (waiting) return waiting;
    const next = tail.then(() => {
      waiting = null;
      return opts.run();
    });
    waiting = next;
    tail = next.catch(() => {});
    return next;
  };

  const logFailure = (err: unknown) => {
    // A database that is down fails every pass: say so once a minute, not every time.
    if (Date.now() - lastErrorLogAt < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLogAt = Date.now();
    opts.logger.error({ err }, opts.failureMessage);
  };

  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    timer = undefined;
    void now()
      .catch(logFailure)
      .finally(() => {
        if (!stopped) schedule(opts.intervalMs);
      });
  };
  // With no delay the first pass starts now, so a now() right after start joins it.
  if (opts.startDelayMs) schedule(opts.startDelayMs);
  else tick();

  return {
    now,
    trigger() {
      if (!stopped) void now().catch(logFailure);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await tail;
    },
  };
}
