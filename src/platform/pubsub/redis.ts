import { Redis } from 'ioredis';
import type { PubSub } from './index.js';

/**
 * Delivery across processes through Redis PUBLISH/SUBSCRIBE. A connection in subscriber
 * mode can do nothing else, so there are two: one publishes, one subscribes to the
 * channels this process's listeners want (each Redis channel once, however many local
 * listeners share it). ioredis reconnects and subscribes again by itself.
 */
export async function createRedisPubSub(url: string): Promise<PubSub> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const channels = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of [...(channels.get(channel) ?? [])]) listener(message);
  });

  return {
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(channel, listener) {
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        await subscriber.subscribe(channel);
      }
      const own = (message: string) => listener(message);
      set.add(own);
      return async () => {
        set.delete(own);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          await subscriber.unsubscribe(channel).catch(() => {});
        }
      };
    },
    async close() {
      channels.clear();
      await Promise.all([publisher.quit().catch(() => {}), subscriber.quit().catch(() => {})]);
    },
  };
}
