/**
 * Spec §3 client state, claps per post: clapCount, viewerClapCount and
 * viewerHasClappedSinceFetch. Every clap button of a story (the page has two) shows the
 * same state. Clicks count at once (optimistic) and go to the server together: one
 * `clap` call with all the claps of a burst, sent BATCH_DELAY_MS after the last click.
 * The server's answer replaces the optimistic figures, plus any claps clicked meanwhile;
 * a failed call takes its claps back.
 */
import { MAX_CLAPS_PER_STORY } from '../../../shared/claps.js';

export const BATCH_DELAY_MS = 500;

export interface ClapState {
  clapCount: number;
  viewerClapCount: number;
  /** The viewer clapped after the figures were fetched: the local figures are the newer ones. */
  viewerHasClappedSinceFetch: boolean;
}

export type SendResult = { ok: true; clapCount: number; viewerClapCount: number; notice: string | null } | { ok: false; message: string };

export interface ClapStoreDeps {
  /** One clap call: the server's figures, or why it failed. */
  send(postId: string, numClaps: number): Promise<SendResult>;
  /** Something to tell the reader: a clamped call's notice, or a failure. */
  tell(message: string): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

interface Entry {
  state: ClapState;
  /** Clicked, not yet sent. */
  pending: number;
  /** Sent, not yet answered. */
  inFlight: number;
  timer: unknown;
}

export interface ClapStore {
  get(postId: string): ClapState | undefined;
  subscribe(listener: () => void): () => void;
  /** Figures fetched with the page; they win unless the viewer clapped since. */
  sync(postId: string, fetched: { clapCount: number; viewerClapCount: number }): void;
  /** One click; false when the viewer already gives the story 50 claps. */
  clap(postId: string, fetched: { clapCount: number; viewerClapCount: number }): boolean;
  /** Sends what is pending now (the page is going away). */
  flush(): void;
}

export function createClapStore(deps: ClapStoreDeps): ClapStore {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const entryFor = (postId: string, fetched: { clapCount: number; viewerClapCount: number }): Entry => {
    let e = entries.get(postId);
    if (!e) entries.set(postId, (e = { state: { ...fetched, viewerHasClappedSinceFetch: false }, pending: 0, inFlight: 0, timer: null }));
    return e;
  };
  const update = (postId: string, e: Entry, state: ClapState) => {
    e.state = state;
    entries.set(postId, e);
    emit();
  };

  function send(postId: string, e: Entry): void {
    e.timer = null;
    // One call at a time per story: the next burst waits for this answer.
    if (e.inFlight > 0 || e.pending === 0) return;
    const n = e.pending;
    e.pending = 0;
    e.inFlight = n;
    void deps.send(postId, n).then(
      (result) => answered(postId, e, n, result),
      () => answered(postId, e, n, { ok: false, message: 'Please try again.' }),
    );
  }

  function answered(postId: string, e: Entry, n: number, result: SendResult): void {
    e.inFlight = 0;
    if (result.ok) {
      update(postId, e, { clapCount: result.clapCount + e.pending, viewerClapCount: result.viewerClapCount + e.pending, viewerHasClappedSinceFetch: true });
      if (result.notice) deps.tell(result.notice);
    } else {
      update(postId, e, { ...e.state, clapCount: e.state.clapCount - n, viewerClapCount: e.state.viewerClapCount - n });
      deps.tell(result.message);
    }
    if (e.pending > 0 && e.timer === null) e.timer = deps.setTimer(() => send(postId, e), BATCH_DELAY_MS);
  }

  return {
    get: (postId) => entries.get(postId)?.state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync(postId, fetched) {
      const e = entries.get(postId);
      if (e && (e.state.viewerHasClappedSinceFetch || e.pending > 0 || e.inFlight > 0)) return;
      if (e && e.state.clapCount === fetched.clapCount && e.state.viewerClapCount === fetched.viewerClapCount) return;
      update(postId, e ?? entryFor(postId, fetched), { ...fetched, viewerHasClappedSinceFetch: false });
    },
    clap(postId, fetched) {
      const e = entryFor(postId, fetched);
      if (e.state.viewerClapCount >= MAX_CLAPS_PER_STORY) return false;
      e.pending += 1;
      update(postId, e, { clapCount: e.state.clapCount + 1, viewerClapCount: e.state.viewerClapCount + 1, viewerHasClappedSinceFetch: true });
      if (e.timer !== null) deps.clearTimer(e.timer);
      e.timer = deps.setTimer(() => send(postId, e), BATCH_DELAY_MS);
      return true;
    },
    flush() {
      for (const [postId, e] of entries) {
        if (e.timer !== null) deps.clearTimer(e.timer);
        send(postId, e);
      }
    },
  };
}
