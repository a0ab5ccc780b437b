import { describe, expect, it } from 'vitest';
import { Autosaver, type AutosaveTimers, type SaveOutcome, type SaveStatus } from './autosave.js';

/** A clock the test moves by hand: timers fire only when it says so. */
function manualClock() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: AutosaveTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    /** Moves time forward, firing due timers in order. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await flushPromises();
      }
      now = until;
    },
    pendingCount: () => pending.size,
  };
}

const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A save the test answers by hand, recording what each call saved. */
function scriptedSave() {
  const calls: { content: string; answer(o: SaveOutcome): void }[] = [];
  let content = '';
  return {
    calls,
    type(text: string) {
      content += text;
    },
    save: () =>
      new Promise<SaveOutcome>((resolve) => {
        calls.push({ content, answer: resolve });
      }),
  };
}

function setup() {
  const clock = manualClock();
  const editor = scriptedSave();
  const statuses: SaveStatus[] = [];
  const saver = new Autosaver({ save: editor.save, onStatus: (s) => statuses.push(s), timers: clock.timers });
  const type = (text: string) => {
    editor.type(text);
    saver.changed();
  };
  const last = () => statuses[statuses.length - 1];
  return { clock, editor, saver, type, last };
}

describe('Autosaver', () => {
  it('saves one second after typing stops', async () => {
    const { clock, editor, type, last } = setup();
    type('a');
    expect(last()).toEqual({ state: 'dirty' });
    await clock.advance(900);
    type('b');
    await clock.advance(900);
    expect(editor.calls).toHaveLength(0);
    await clock.advance(100);
    expect(editor.calls.map((c) => c.content)).toEqual(['ab']);
    expect(last()).toEqual({ state: 'saving' });
    editor.calls[0].answer({ kind: 'saved' });
    await flushPromises();
    expect(last()).toEqual({ state: 'saved' });
  });

  it('saves at least every five seconds while typing goes on', async () => {
    const { clock, editor, type } = setup();
    for (let i = 0; i < 12; i++) {
      type(String(i % 10));
      await clock.advance(500);
    }
    // Changes from 0 ms on were waiting by 5,000 ms.
    expect(editor.calls).toHaveLength(1);
    expect(editor.calls[0].content).toBe('0123456789');
  });

  it('runs one save at a time and saves what came in meanwhile next', async () => {
    const { clock, editor, type, saver, last } = setup();
    type('first');
    await clock.advance(1000);
    type(' second');
    await clock.advance(1000);
    expect(editor.calls).toHaveLength(1);
    expect(saver.hasUnsavedChanges()).toBe(true);
    editor.calls[0].answer({ kind: 'saved' });
    await flushPromises();
    expect(last()).toEqual({ state: 'dirty' });
    await clock.advance(1000);
    expect(editor.calls.map((c) => c.content)).toEqual(['first', 'first second']);
    editor.calls[1].answer({ kind: 'saved' });
    await flushPromises();
    expect(saver.hasUnsavedChanges()).toBe(false);
    expect(last()).toEqual({ state: 'saved' });
  });

  it('keeps the content and retries with backoff when the network fails, then saves everything', async () => {
    const { clock, editor, type, saver, last } = setup();
    type('offline words');
    await clock.advance(1000);
    editor.calls[0].answer({ kind: 'offline', message: 'Not saved: you appear to be offline. Retrying…' });
    await flushPromises();
    expect(last()).toEqual({ state: 'retrying', message: 'Not saved: you appear to be offline. Retrying…', attempt: 1 });
    expect(saver.hasUnsavedChanges()).toBe(true);
    // Typing during the outage neither loses words nor hurries the retry.
    type(' and more');
    await clock.advance(999);
    expect(editor.calls).toHaveLength(1);
    await clock.advance(1);
    expect(editor.calls[1].content).toBe('offline words and more');
    editor.calls[1].answer({ kind: 'offline', message: 'Not saved: you appear to be offline. Retrying…' });
    await flushPromises();
    expect(last()).toMatchObject({ state: 'retrying', attempt: 2 });
    await clock.advance(1999);
    expect(editor.calls).toHaveLength(2);
    // Back online: retry at once.
    saver.retryNow();
    expect(editor.calls).toHaveLength(3);
    editor.calls[2].answer({ kind: 'saved' });
    await flushPromises();
    expect(last()).toEqual({ state: 'saved' });
    expect(saver.hasUnsavedChanges()).toBe(false);
    expect(clock.pendingCount()).toBe(0);
  });

  it('stops saving on a conflict and keeps saying so', async () => {
    const { clock, editor, type, saver, last } = setup();
    type('mine');
    await clock.advance(1000);
    editor.calls[0].answer({ kind: 'conflict', message: 'This story was edited elsewhere.' });
    await flushPromises();
    expect(last()).toEqual({ state: 'conflict', message: 'This story was edited elsewhere.' });
    type(' more');
    await clock.advance(10_000);
    expect(editor.calls).toHaveLength(1);
    expect(saver.hasUnsavedChanges()).toBe(true);
    expect(await saver.flush()).toBe(false);
  });

  it('says why a save was refused and tries again with the next edit', async () => {
    const { clock, editor, type, last } = setup();
    type('x');
    await clock.advance(1000);
    editor.calls[0].answer({ kind: 'failed', message: 'The title is too long.' });
    await flushPromises();
    expect(last()).toEqual({ state: 'failed', message: 'The title is too long.' });
    await clock.advance(60_000);
    expect(editor.calls).toHaveLength(1);
    type('y');
    await clock.advance(1000);
    expect(editor.calls.map((c) => c.content)).toEqual(['x', 'xy']);
  });

  it('flush saves now and resolves once everything is saved', async () => {
    const { editor, type, saver } = setup();
    type('publish me');
    const flushed = saver.flush();
    await flushPromises();
    expect(editor.calls).toHaveLength(1);
    editor.calls[0].answer({ kind: 'saved' });
    expect(await flushed).toBe(true);
    expect(await saver.flush()).toBe(true);
    expect(editor.calls).toHaveLength(1);
  });

  it('flush resolves false when the save does not go through', async () => {
    const { editor, type, saver } = setup();
    type('z');
    const flushed = saver.flush();
    await flushPromises();
    editor.calls[0].answer({ kind: 'offline', message: 'offline' });
    expect(await flushed).toBe(false);
    expect(saver.hasUnsavedChanges()).toBe(true);
  });
});
