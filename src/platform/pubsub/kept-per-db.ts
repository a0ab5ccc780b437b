import type { Db } from '../db/client.js';
import { sharedPubSub } from './index.js';

export interface KeptPerDb<T> {
  /** What is kept for this database, read again when a change was announced or `keepMs` passed. */
  get(db: Db): Promise<T>;
  /** Forgets what this process kept and tells the other processes to (call after the change commits). */
  changed(db: Db): Promise<void>;
}

/**
 * A value read from the database and kept in memory per database (a process serves one; tests
 * run several) until a change is announced on `channel` or `keepMs` passes: pub/sub messages are
 * hints and one may be lost (a Redis reconnect), so a missed change shows within `keepMs`.
 * Requests while it is read share the read; a change heard during a read leaves the value stale
 * at once, so the next use reads again.
 */
export function keptPerDb<T>(channel: string, keepMs: number, read: (db: Db) => Promise<T>): KeptPerDb<T> {
  const kept = new WeakMap<Db, { value: T; readAt: number; generation: number }>();
  const loading = new WeakMap<Db, Promise<T>>();
  let generation = 0;
  let listening: Promise<void> | null = null;

  const listen = (): Promise<void> =>
    (listening ??= sharedPubSub()
      .then((bus) => bus.subscribe(channel, () => void generation++))
      .then(() => undefined)
      .catch(() => {
        // Without pub/sub, what is kept is read again after keepMs.
        listening = null;
      }));

  const load = async (db: Db): Promise<T> => {
    await listen();
    const at = generation;
    const value = await read(db);
    kept.set(db, { value, readAt: Date.now(), generation: at });
    return value;
  };

  return {
    get(db) {
      const k = kept.get(db);
      if (k && k.generation === generation && Date.now() - k.readAt < keepMs) return Promise.resolve(k.value);
      let pending = loading.get(db);
      if (!pending) {
        pending = load(db).finally(() => loading.delete(db));
        loading.set(db, pending);
      }
      return pending;
    },
    async changed(db) {
      kept.delete(db);
      generation++;
      try {
        await (await sharedPubSub()).publish(channel, String(Date.now()));
      } catch {
        // The other processes read it again within keepMs.
      }
    },
  };
}
