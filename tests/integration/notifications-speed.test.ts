import { describe, expect, it } from 'vitest';
import { unreadNotificationCount, UNREAD_COUNT_SQL } from '../../src/modules/notifications/queries.js';
import { createTestDatabase } from '../support/db.js';

/**
 * The badge's count at size (issue 5 §Speed: unread count ≤ 2 ms): 100k readers, 2M
 * notifications, one reader with 50k unread. Prints the plan and the time per call; run
 * with NOTIFICATIONS_SPEED=1 (a minute of data generation; not part of the suite).
 */
describe.skipIf(!process.env.NOTIFICATIONS_SPEED)('unread count at size', () => {
  it('stays an index-only read of at most 100 entries', async () => {
    const { db, pool } = await createTestDatabase();
    await pool.query(`insert into users (id, name, username, email) select lpad(to_hex(g), 12, '0'), 'U' || g, 'u' || g, 'u' || g || '@example.com' from generate_series(1, 100000) g`);
    // 2M rows: 20 per reader, half of them read, plus 50k unread for reader 1.
    await pool.query(`insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, updated_at, read_at)
      select lpad(to_hex(1 + (g % 100000)), 12, '0'), 'follow', 'k' || g, array[lpad(to_hex(1 + ((g * 7) % 100000)), 12, '0')], 1,
        now() - make_interval(secs => g % 86400), case when g % 2 = 0 then now() end
      from generate_series(1, 2000000) g`);
    await pool.query(`insert into notifications (recipient_id, kind, aggregation_key, actor_count, updated_at)
      select '000000000001', 'clap', 'heavy' || g, 1, now() - make_interval(secs => g) from generate_series(1, 50000) g`);
    await pool.query('vacuum analyze notifications');
    await pool.query('vacuum analyze notification_inboxes');

    const readers = ['000000000001', '0000000003e8', '00000000c350'];
    for (const r of readers) {
      const { rows } = await pool.query(`explain (analyze, buffers, format text) ${UNREAD_COUNT_SQL}`, [r]);
      console.log(`plan for ${r}:\n${rows.map((x) => x['QUERY PLAN']).join('\n')}`);
      expect(rows.map((x) => x['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan (Backward )?using notifications_unread_idx/);
    }
    for (const r of readers) {
      for (let i = 0; i < 50; i++) await unreadNotificationCount(db, r); // warm
      const started = process.hrtime.bigint();
      const calls = 2000;
      for (let i = 0; i < calls; i++) await unreadNotificationCount(db, r);
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / calls;
      console.log(`unread count for ${r}: ${await unreadNotificationCount(db, r)} (${ms.toFixed(3)} ms per call, round trip included)`);
    }
  }, 600_000);
});
