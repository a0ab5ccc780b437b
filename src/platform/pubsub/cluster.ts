import cluster, { type Worker } from 'node:cluster';
import type { PubSub } from './index.js';
import { createMemoryPubSub } from './memory.js';

/**
 * Publish/subscribe between the processes of one machine's cluster (WEB_PROCESSES > 1,
 * no REDIS_URL) over node:cluster's IPC channel. The primary is the hub: a message
 * published anywhere goes to the primary, which delivers it to its own subscribers and
 * to every worker; each worker delivers it to its own. A publisher hears its own
 * messages, as with Redis.
 */

const PUBLISH = 'inkwell:pubsub:publish';
const DELIVER = 'inkwell:pubsub:deliver';

interface PubSubMessage {
  type: typeof PUBLISH | typeof DELIVER;
  channel: string;
  message: string;
}

const isPubSubMessage = (m: unknown, type: PubSubMessage['type']): m is PubSubMessage =>
  typeof m === 'object' && m !== null && (m as PubSubMessage).type === type && typeof (m as PubSubMessage).channel === 'string';

/** The primary's side: its own subscribers, and every worker's, hear what any process publishes. */
export function createClusterHubPubSub(): PubSub {
  const local = createMemoryPubSub();
  const broadcast = (channel: string, message: string) => {
    void local.publish(channel, message);
    const deliver: PubSubMessage = { type: DELIVER, channel, message };
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is exiting has no channel left; it will not need the hint.
      if (worker?.isConnected()) worker.send(deliver, undefined, () => {});
    }
  };
  const fromWorker = (_worker: Worker, m: unknown) => {
    if (isPubSubMessage(m, PUBLISH)) broadcast(m.channel, m.message);
  };
  cluster.on('message', fromWorker);
  return {
    async publish(channel, message) {
      broadcast(channel, message);
    },
    subscribe: (channel, listener) => local.subscribe(channel, listener),
    async close() {
      cluster.off('message', fromWorker);
      await local.close();
    },
  };
}

/** A worker's side: publishes through the primary; hears what the primary delivers. */
export function createClusterWorkerPubSub(): PubSub {
  const local = createMemoryPubSub();
  const fromPrimary = (m: unknown) => {
    if (isPubSubMessage(m, DELIVER)) void local.publish(m.channel, m.message);
  };
  process.on('message', fromPrimary);
  return {
    async publish(channel, message) {
      // Without a channel (the primary is gone) there is nobody left to tell.
      if (process.connected) process.send?.({ type: PUBLISH, channel, message } satisfies PubSubMessage, undefined, undefined, () => {});
    },
    subscribe: (channel, listener) => local.subscribe(channel, listener),
    async close() {
      process.off('message', fromPrimary);
      await local.close();
    },
  };
}
