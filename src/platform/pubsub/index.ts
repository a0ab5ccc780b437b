import { createMemoryPubSub } from './memory.js';

/**
 * Publish/subscribe between processes (DESIGN §7: in-process by default, Redis when
 * REDIS_URL is set). Messages are hints that something changed ('your notifications
 * changed'), not data: a subscriber reads the truth from the database, so a lost or
 * repeated message costs one read, never a wrong answer.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` for every message on `channel` until the returned function is called. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Which end of a node:cluster (WEB_PROCESSES > 1) this process is, when it is in one. */
export type ClusterSide = 'hub' | 'worker';

export interface PubSubOptions {
  /** redis:// or rediss:// URL: cross-process delivery through Redis. Unset: this process only. */
  redisUrl?: string;
  /** Without Redis, the processes of one machine's cluster reach each other over IPC. */
  cluster?: ClusterSide;
}

export async function createPubSub(opts: PubSubOptions = {}): Promise<PubSub> {
  if (!opts.redisUrl && opts.cluster) {
    const { createClusterHubPubSub, createClusterWorkerPubSub } = await import('./cluster.js');
    return opts.cluster === 'hub' ? createClusterHubPubSub() : createClusterWorkerPubSub();
  }
  if (!opts.redisUrl) return createMemoryPubSub();
  // Loaded only when configured: a single-process site never loads the Redis client.
  const { createRedisPubSub } = await import('./redis.js');
  return createRedisPubSub(opts.redisUrl);
}

let processPubSub: Promise<PubSub> | null = null;
let processOptions: PubSubOptions = {};

/**
 * Names the process's pub/sub (the server's configuration: REDIS_URL, and its side of a
 * cluster), before its first use. Unconfigured, it is this process's own.
 */
export function configureSharedPubSub(redisUrl: string | undefined, cluster?: ClusterSide): void {
  if (processPubSub && (redisUrl !== processOptions.redisUrl || cluster !== processOptions.cluster)) {
    throw new Error('The shared pub/sub is already in use: configure it at start-up.');
  }
  processOptions = { redisUrl, cluster };
}

/**
 * The process's pub/sub: the web process's streams and the worker's event handlers must
 * share one channel space, so both reach it through here.
 */
export function sharedPubSub(): Promise<PubSub> {
  processPubSub ??= createPubSub(processOptions);
  return processPubSub;
}

/** Closes the process's pub/sub (shutdown, tests). */
export async function closeSharedPubSub(): Promise<void> {
  const current = processPubSub;
  processPubSub = null;
  await (await current)?.close();
}
