// Everything the benchmark starts registers how to undo it here: an async way (used on normal
// exit, on errors and on the first Ctrl-C) and a synchronous last resort (process 'exit', a
// second Ctrl-C), so no server, database or temp directory outlives the run.

const tasks = []; // { name, async: () => Promise<void>, sync: () => void }
let running = null;

/** Registers a resource; returns a function that unregisters it (when it was released normally). */
export function track(name, { async: asyncFn, sync: syncFn }) {
  const task = { name, async: asyncFn, sync: syncFn };
  tasks.push(task);
  return () => {
    const i = tasks.indexOf(task);
    if (i >= 0) tasks.splice(i, 1);
  };
}

/** Whether clean-up has begun: nothing new may be started then. */
export const closing = () => running !== null;

/** Throws once clean-up has begun, so an interrupted run starts no new process. */
export function ensureOpen() {
  if (running !== null) throw new Error('interrupted');
}

/** Releases everything still tracked, newest first. Safe to call more than once. */
export function cleanupAll() {
  running ??= (async () => {
    while (tasks.length > 0) {
      const task = tasks.pop();
      try {
        await task.async();
      } catch (err) {
        process.stderr.write(`cleanup: ${task.name}: ${err?.message ?? err}\n`);
        try {
          task.sync?.();
        } catch {
          /* best effort */
        }
      }
    }
  })();
  return running;
}

/** Synchronous best effort for when there is no time left. */
export function cleanupAllSync() {
  while (tasks.length > 0) {
    const task = tasks.pop();
    try {
      task.sync?.();
    } catch {
      /* best effort */
    }
  }
}
