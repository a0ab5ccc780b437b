import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_CLAPS_PER_STORY } from '../../src/shared/claps.js';
import { createTestDatabase } from '../support/db.js';

/**
 * What the post.clapped event costs the clap statement (src/modules/claps/commands.ts):
 * the statement as written (with its `ev` CTE) against the same statement without it,
 * alternating in small rounds so a busy machine slows both alike. First claps (each writes
 * an event) and later claps (none). Run with NOTIFICATIONS_SPEED=1; prints the figures.
 */
describe.skipIf(!process.env.NOTIFICATIONS_SPEED)('the clap statement with and without its event', () => {
  it('costs about the same', async () => {
    const source = fs.readFileSync('src/modules/claps/commands.ts', 'utf8');
    const withEvent = /const CLAP_SQL = `([\s\S]*?)`;/.exec(source)![1]!.replaceAll('${MAX_CLAPS_PER_STORY}', String(MAX_CLAPS_PER_STORY));
    const withoutEvent = withEvent.replace(/ev as \([\s\S]*?from ins\n\),\n/, '');
    expect(withoutEvent).not.toContain('domain_events');
    expect(withEvent).toContain('domain_events');

    const { pool } = await createTestDatabase();
    const readers = 400;
    const stories = 20;
    await pool.query(`insert into users (id, name, username, email) select lpad(to_hex(g), 12, '0'), 'U' || g, 'u' || g, 'u' || g || '@example.com' from generate_series(1, ${readers + 1}) g`);
    await pool.query(`insert into posts (id, creator_id, title, first_published_at, latest_published_at, visibility)
      select 'p' || lpad(to_hex(g), 11, '0'), '000000000001', 'S' || g, now(), now(), 'PUBLIC' from generate_series(1, ${stories}) g`);
    const client = await pool.connect();
    const time: Record<'with' | 'without', { first: number[]; later: number[] }> = { with: { first: [], later: [] }, without: { first: [], later: [] } };
    const run = async (variant: 'with' | 'without', kind: 'first' | 'later', reader: number, story: number) => {
      const started = process.hrtime.bigint();
      await client.query({ name: `clap_${variant}`, text: variant === 'with' ? withEvent : withoutEvent, values: [`p${story.toString(16).padStart(11, '0')}`, (reader + 1).toString(16).padStart(12, '0'), 1] });
      time[variant][kind].push(Number(process.hrtime.bigint() - started) / 1e6);
    };
    // Even stories for one variant, odd for the other; rounds alternate which goes first.
    for (let round = 0; round < 2; round++) {
      for (const kind of ['first', 'later'] as const) {
        for (let r = 2; r <= readers; r++) {
          const order: ('with' | 'without')[] = r % 2 ? ['with', 'without'] : ['without', 'with'];
          for (const v of order) await run(v, kind, r, (v === 'with' ? 2 : 1) + 2 * (round % (stories / 2)));
        }
      }
    }
    client.release();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const kind of ['first', 'later'] as const) {
      console.log(`${kind} claps: median ${median(time.with[kind]).toFixed(3)} ms with the event, ${median(time.without[kind]).toFixed(3)} ms without (${time.with[kind].length} calls each)`);
    }
    const { rows } = await pool.query(`select count(*)::int as n from domain_events where type = 'post.clapped'`);
    expect(rows[0].n).toBe(2 * (readers - 1));
  }, 300_000);
});
