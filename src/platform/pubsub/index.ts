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

export interface PubSubOptions {
  /** redis:// or rediss:// URL: cross-process delivery through Redis. Unset: this process only. */
  redisUrl?: string;
}

export async function createPubSub(opts: PubSubOptions = {}): Promise<PubSub> {
  if (!opts.redisUrl) return createMemoryPubSub();
  // Loaded only when configured: a single-process site never loads the Redis client.
  const { createRedisPubSub } = await import('./redis.js');
  return createRedisPubSub(opts.redisUrl);
}

let processPubSub: Promise<PubSub> | null = null;
let processRedisUrl: string | undefined;

/**
 * Names the process's pub/sub (the server's configuration: REDIS_URL), before its first
 * use. Unconfigured, it is this process's own.
 */
export function configureSharedPubSub(redisUrl: string | undefined): void {
  if (processPubSub && redisUrl !== processRedisUrl) throw new Error('The shared pub/sub is already in use: configure it at start-up.');
  processRedisUrl = redisUrl;
}

/**
 * The process's pub/sub: the web process's streams and the worker's event handlers must
 * share one channel space, so both reach it through here.
 */
export function sharedPubSub(): Promise<PubSub> {
  processPubSub ??= createPubSub({ redisUrl: processRedisUrl });
  return processPubSub;
}

/** Closes the process's pub/sub (shutdown, tests). */
export async function closeSharedPubSub(): Promise<void> {
  const current = processPubSub;
  processPubSub = null;
  await (await current)?.close();
}
