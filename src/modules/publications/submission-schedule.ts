/**
 * Scheduled stories (spec §4): a draft an editor approved with a publish time is published by
 * this sweep at that time, with the settings its writer gave it. Due: APPROVED, time passed,
 * still a draft; claimed with SKIP LOCKED, so several workers share the work.
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { notifyEventDispatchers } from '../../platform/events/outbox.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import { publishDraftAsItIs } from '../posts/collection.js';
import { rowsOf } from './commands.js';

export async function publishScheduledBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const now = clock.now();
  const handled = await db.transaction(async (tx) => {
    const due = await rowsOf<{ id: string; postId: string }>(
      tx,
      sql`select s.id, s.post_id as "postId" from publication_submissions s join posts p on p.id = s.post_id
        where s.status = 'APPROVED' and s.scheduled_for is not null and s.scheduled_for <= ${now} and p.first_published_at is null
        order by s.scheduled_for limit ${batchSize} for update of s, p skip locked`,
    );
    for (const s of due) {
      const result = await publishDraftAsItIs(tx, s.postId, now);
      // A story that cannot be published as it is (emptied since) waits for its writer: no retry loop.
      if (result.kind !== 'published') await tx.execute(sql`update publication_submissions set scheduled_for = null, updated_at = ${now} where id = ${s.id}`);
    }
    return due.length;
  });
  notifyEventDispatchers();
  return handled;
}

export function scheduledStoriesSweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'publication-scheduled-stories', runBatch: (n) => publishScheduledBatch(opts.db, opts.clock, n) };
}
