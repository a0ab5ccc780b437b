import type { PubSub } from './index.js';

/** Delivery within this process: the default for a single-process site (ROLE=all). */
export function createMemoryPubSub(): PubSub {
  const channels = new Map<string, Set<(message: string) => void>>();
  return {
    async publish(channel, message) {
      for (const listener of [...(channels.get(channel) ?? [])]) {
        // Asynchronously, as Redis delivers: a publisher never runs its subscribers' code.
        queueMicrotask(() => listener(message));
      }
    },
    async subscribe(channel, listener) {
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      const own = (message: string) => listener(message);
      set.add(own);
      return async () => {
        set.delete(own);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },
    async close() {
      channels.clear();
    },
  };
}
