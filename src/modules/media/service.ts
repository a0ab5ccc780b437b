import path from 'node:path';
import { availableParallelism } from 'node:os';
import type { Db } from '../../platform/db/client.js';
import { createLocalStorage, type BlobStorage } from '../../platform/storage/index.js';
import { createMediaLookup } from './queries.js';

/** What the media routes share: where files live, the row lookup, and the image-work gate. */
export interface MediaService {
  storage: BlobStorage;
  mediaById: ReturnType<typeof createMediaLookup>;
  /** Runs image work (decoding, resizing, encoding) a few at a time; see createLimiter. */
  limit<T>(work: () => Promise<T>): Promise<T>;
  /** Counters for monitoring (and tests): variants rendered since start. */
  stats: { variantsRendered: number };
}

/** MEDIA_DIR, or DATA_DIR/media. */
export function mediaDirectory(config: { MEDIA_DIR?: string; dataDir: string }): string {
  return config.MEDIA_DIR ? path.resolve(config.MEDIA_DIR) : path.join(config.dataDir, 'media');
}

/**
 * A gate letting `size` tasks run at once, the rest waiting in order. sharp runs on
 * libuv's thread pool, which file reads share: left unbounded, a burst of resizes would
 * hold every thread and stall the cached images being streamed meanwhile.
 */
export function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(work: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so none can jump the queue.
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function createMediaService(db: Db, config: { MEDIA_DIR?: string; dataDir: string }, storage?: BlobStorage): MediaService {
  return {
    storage: storage ?? createLocalStorage(mediaDirectory(config)),
    mediaById: createMediaLookup(db),
    limit: createLimiter(Math.max(1, Math.min(2, availableParallelism() - 1))),
    stats: { variantsRendered: 0 },
  };
}
