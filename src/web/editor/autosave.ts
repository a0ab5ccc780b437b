/**
 * When the editor saves: about a second after typing stops, and at least every five
 * seconds while typing goes on, one save at a time (a save batch is one revision). What
 * the writer typed stays in the editor whatever happens to a save:
 *
 * - the network or the server fails → retry with backoff (and at once when the browser
 *   says it is online again), showing a warning until a save goes through;
 * - the story was saved elsewhere since (Conflict) → stop saving, say so, offer a reload;
 * - the server refuses the content (BadRequest, NotFound, signed out) → say why and try
 *   again with the next edit.
 *
 * The save itself (snapshot, mutation, deciding there is nothing new) is the caller's.
 */
export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'offline'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'dirty' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'retrying'; message: string; attempt: number }
  | { state: 'conflict'; message: string }
  | { state: 'failed'; message: string };

export interface AutosaveTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AutosaverOptions {
  save(): Promise<SaveOutcome>;
  onStatus(status: SaveStatus): void;
  /** Quiet time after the last change before saving. */
  debounceMs?: number;
  /** Longest a change waits while typing goes on. */
  maxWaitMs?: number;
  /** Waits between retries after a network failure; the last one repeats. */
  backoffMs?: readonly number[];
  timers?: AutosaveTimers;
}

export const AUTOSAVE_DEBOUNCE_MS = 1_000;
export const AUTOSAVE_MAX_WAIT_MS = 5_000;
export const AUTOSAVE_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

const realTimers: AutosaveTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export class Autosaver {
  private readonly opts: Required<Omit<AutosaverOptions, 'save' | 'onStatus'>> & Pick<AutosaverOptions, 'save' | 'onStatus'>;
  private dirty = false;
  private firstChangeAt: number | null = null;
  private timer: unknown = null;
  private inFlight: Promise<SaveOutcome> | null = null;
  private attempt = 0;
  private stopped = false;
  private status: SaveStatus = { state: 'idle' };

  constructor(opts: AutosaverOptions) {
    this.opts = {
      debounceMs: AUTOSAVE_DEBOUNCE_MS,
      maxWaitMs: AUTOSAVE_MAX_WAIT_MS,
      backoffMs: AUTOSAVE_BACKOFF_MS,
      timers: realTimers,
      ...opts,
    };
  }

  /** True while something typed is not saved yet (for the leave-page warning). */
  hasUnsavedChanges(): boolean {
    return this.dirty || this.inFlight !== null;
  }

  get currentStatus(): SaveStatus {
    return this.status;
  }

  /** The content changed: save soon. */
  changed(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.firstChangeAt ??= this.opts.timers.now();
    // A retry already waits for the network: it will save the latest content.
    if (this.status.state === 'retrying') return;
    if (!this.inFlight) this.setStatus({ state: 'dirty' });
    this.schedule();
  }

  /** The browser is back online: retry now rather than at the end of the backoff. */
  retryNow(): void {
    if (this.status.state !== 'retrying' || this.inFlight) return;
    this.clearTimer();
    void this.run();
  }

  /**
   * Saves what is pending now and resolves true once everything typed is saved, false
   * when a save did not go through (the status says why; retries carry on).
   */
  async flush(): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      if (this.inFlight) {
        await this.inFlight;
        continue;
      }
      if (!this.dirty) return true;
      this.clearTimer();
      const outcome = await this.run();
      if (outcome.kind !== 'saved') return false;
    }
  }

  /** The writer chose to drop what is unsaved (reload after a conflict): stop, forget it. */
  discard(): void {
    this.dispose();
    this.dirty = false;
  }

  /** Stops every timer (the editor closed); a save in flight still finishes. */
  dispose(): void {
    this.clearTimer();
    this.stopped = true;
  }

  private run(): Promise<SaveOutcome> {
    if (this.inFlight) return this.inFlight;
    this.timer = null;
    this.dirty = false;
    this.firstChangeAt = null;
    if (this.status.state !== 'retrying') this.setStatus({ state: 'saving' });
    const flight = this.opts
      .save()
      .catch((e: unknown): SaveOutcome => ({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }))
      .then((outcome) => {
        this.inFlight = null;
        this.settle(outcome);
        return outcome;
      });
    this.inFlight = flight;
    return flight;
  }

  private settle(outcome: SaveOutcome): void {
    const { timers } = this.opts;
    switch (outcome.kind) {
      case 'saved':
        this.attempt = 0;
        if (this.dirty) {
          this.setStatus({ state: 'dirty' });
          this.schedule();
        } else {
          this.setStatus({ state: 'saved' });
        }
        return;
      case 'offline': {
        // Nothing was saved: the content is still to save, with whatever came since.
        this.dirty = true;
        this.attempt += 1;
        this.setStatus({ state: 'retrying', message: outcome.message, attempt: this.attempt });
        if (this.stopped) return;
        const waits = this.opts.backoffMs;
        this.clearTimer();
        this.timer = timers.setTimeout(() => void this.run(), waits[Math.min(this.attempt - 1, waits.length - 1)]);
        return;
      }
      case 'conflict':
        this.dirty = true;
        this.stopped = true;
        this.clearTimer();
        this.setStatus({ state: 'conflict', message: outcome.message });
        return;
      case 'failed':
        this.dirty = true;
        this.attempt = 0;
        this.clearTimer();
        this.setStatus({ state: 'failed', message: outcome.message });
        return;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.clearTimer();
    const { timers } = this.opts;
    const waited = this.firstChangeAt === null ? 0 : timers.now() - this.firstChangeAt;
    this.timer = timers.setTimeout(() => void this.run(), Math.max(0, Math.min(this.opts.debounceMs, this.opts.maxWaitMs - waited)));
  }

  private clearTimer(): void {
    if (this.timer !== null) this.opts.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.opts.onStatus(status);
  }
}
