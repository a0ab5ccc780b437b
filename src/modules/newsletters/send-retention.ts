import { sql } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';

/**
 * Days a finished send keeps its per-recipient ledger. Bounces and complaints arrive within days;
 * after that the rows are never read again, and the send row keeps the totals. So the ledger
 * holds only recent sends: a million-recipient newsletter costs its rows for a month, not forever.
 */
export const SEND_LEDGER_RETENTION_DAYS = 30;

/**
 * Deletes up to `batchSize` ledger rows of the oldest finished send past the retention, and
 * marks the send pruned once none are left. Rows are taken in primary-key order with SKIP
 * LOCKED, so several workers share the work.
 */
export async function pruneSendLedgerBatch(db: Db, clock: Clock, batchSize: number): Promise<number> {
  const before = new Date(clock.now().getTime() - SEND_LEDGER_RETENTION_DAYS * DAY_MS);
  const { rows: sends } = await db.execute<{ id: string }>(sql`
    select id from newsletter_sends where finished_at is not null and pruned_at is null and finished_at < ${before}
    order by finished_at limit 1`);
  const send = sends[0];
  if (!send) return 0;
  const { rows } = await db.execute(sql`
    delete from newsletter_deliveries where (send_id, subscriber_id) in (
      select send_id, subscriber_id from newsletter_deliveries where send_id = ${send.id} order by subscriber_id limit ${batchSize} for update skip locked)
    returning 1`);
  if (rows.length < batchSize) {
    await db.execute(sql`
      update newsletter_sends s set pruned_at = now() where s.id = ${send.id}
        and not exists (select 1 from newsletter_deliveries d where d.send_id = s.id)`);
  }
  // A send finished here counts as a full batch, so the sweep goes on to the next one.
  return rows.length < batchSize ? batchSize : rows.length;
}

export function sendLedgerPruneSweep(opts: { db: Db; clock: Clock }): Sweep {
  return { name: 'newsletter-ledger-prune', runBatch: (batchSize) => pruneSendLedgerBatch(opts.db, opts.clock, batchSize) };
}
