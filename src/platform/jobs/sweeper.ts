import type { Logger } from '../logger/index.js';
import { startPeriodic } from './periodic.js';

/**
 * Periodic work whose state is the data itself (docs/adr/0005-sweepers-for-periodic-work.md):
 * each batch finds due rows by a condition on their columns (a trash date older than the
 * retention), claims them with FOR UPDATE SKIP LOCKED and handles them in one transaction.
 * Nothing is enqueued, so nothing can be lost: a crash rolls the batch back and the rows are
 * due again on the next pass, in this process or another.
 */
export interface Sweep {
  /** Names the sweep in logs. */
  name: string;
  /**
   * Handles at most `batchSize` due rows in one transaction and says how many. Several
   * processes may run it at once: it must claim rows with FOR UPDATE SKIP LOCKED.
   */
  runBatch(batchSize: number): Promise<number>;
}

export interface SweeperOptions {
  sweep: Sweep;
  logger: Logger;
  /** Between passes. Default 10 minutes. */
  intervalMs?: number;
  /** Before the first pass, so start-up is not also sweep time. Default 10 seconds. */
  startDelayMs?: number;
  /** Rows per transaction: small, so locks are short and a failure repeats little. Default 50. */
  batchSize?: number;
}

export interface Sweeper {
  /** Runs a pass now (after the one in progress) and resolves with how many rows it handled. */
  runNow(): Promise<number>;
  /** Stops the timer; waits for the batch in flight. */
  stop(): Promise<void>;
}

export function startSweeper(opts: SweeperOptions): Sweeper {
  const { sweep } = opts;
  const batchSize = opts.batchSize ?? 50;
  let stopped = false;

  /** Batches until one comes back short: the due rows are done (or other sweepers hold them). */
  const drain = async (): Promise<number> => {
    let total = 0;
    while (!stopped) {
      const handled = await sweep.runBatch(batchSize);
      total += handled;
      if (handled < batchSize) break;
    }
    return total;
  };

  const loop = startPeriodic({
    run: drain,
    intervalMs: opts.intervalMs ?? 10 * 60_000,
    startDelayMs: opts.startDelayMs ?? 10_000,
    logger: opts.logger.child({ sweep: sweep.name }),
    failureMessage: 'sweep failed; its rows stay due for the next pass',
  });

  return {
    runNow: loop.now,
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
