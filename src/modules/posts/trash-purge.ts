import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import { posts } from './tables.js';
import { TRASH_RETENTION_MS } from './trash.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PurgedStory {
  id: string;
  creatorId: string;
  title: string;
  deletedAt: Date;
}

export interface TrashPurgeOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Runs between claiming the rows and deleting them: tests crash a batch there. */
  afterClaim?(tx: Tx, ids: string[]): Promise<void>;
}

/**
 * Permanently deletes up to `batchSize` stories that went to the trash at least 14 days
 * ago (spec §4, §9), oldest first. Their revisions, claps, highlights, reads, staff picks
 * and the responses written to them go with them (foreign keys cascade). Their counts
 * were settled when they went to the trash, so nothing else changes.
 *
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so sweepers in several processes share
 * the work without purging a row twice; one transaction per batch, so a crash loses
 * nothing: the batch rolls back and stays due. A restore waiting on a claimed row finds
 * it gone once the batch commits (and 'expired' would have refused it anyway).
 */
export async function purgeTrashBatch(opts: TrashPurgeOptions, batchSize: number): Promise<PurgedStory[]> {
  const cutoff = new Date(opts.clock.now().getTime() - TRASH_RETENTION_MS);
  const purged = await opts.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: posts.id, creatorId: posts.creatorId, title: posts.title, deletedAt: posts.deletedAt })
      .from(posts)
      .where(and(isNotNull(posts.deletedAt), lte(posts.deletedAt, cutoff)))
      .orderBy(asc(posts.deletedAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((r) => r.id);
    await opts.afterClaim?.(tx, ids);
    await tx.delete(posts).where(inArray(posts.id, ids));
    return due as PurgedStory[];
  });
  for (const s of purged) {
    opts.logger.info({ postId: s.id, creatorId: s.creatorId, title: s.title, deletedAt: s.deletedAt.toISOString() }, 'trash purge: story permanently deleted');
  }
  return purged;
}

/** The purge as a sweep for the worker's sweeper (src/platform/jobs). */
export function trashPurgeSweep(opts: TrashPurgeOptions): Sweep {
  return { name: 'trash-purge', runBatch: async (batchSize) => (await purgeTrashBatch(opts, batchSize)).length };
}
