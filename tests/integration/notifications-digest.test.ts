import { beforeAll, describe, expect, it } from 'vitest';
import { followUser } from '../../src/modules/social/commands.js';
import { clapPost } from '../../src/modules/claps/commands.js';
import { notificationDigestSweep, sendDueDigests } from '../../src/modules/notifications/digest.js';
import { startSweeper } from '../../src/platform/jobs/sweeper.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { notificationsDispatcher, publishedStory } from './notifications-fixtures.js';

/** The email digest: one email per due reader through the mail outbox, listing what is unread since the last one. */
describe('notification digest', () => {
  let t: TestApp;
  let d: ReturnType<typeof notificationsDispatcher>;
  const logger = createLogger('silent');
  const opts = () => ({ db: t.database.db, logger, siteName: 'Inkwell', origin: 'http://localhost:3000' });

  beforeAll(async () => {
    t = await createTestApp();
    d = notificationsDispatcher(t);
  });

  const digests = async (r: Reader) =>
    (
      await t.database.pool.query<{ subject: string; text_body: string; html_body: string }>(
        `select subject, text_body, html_body from email_outbox where kind = 'notification-digest' and to_address = (select email from users where id = $1) order by created_at`,
        [r.id],
      )
    ).rows;
  const makeDue = (r: Reader) => t.database.pool.query(`update notification_inboxes set digest_due_at = now() - interval '1 minute' where user_id = $1`, [r.id]);
  const sweepAll = async () => {
    let n = 0;
    while ((n = await sendDueDigests(opts(), 50)) === 50);
    return n;
  };

  it('lists the unread notifications since the last digest, once; nothing new, no email', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cat = await newReader(t, 'Cat');
    const story = await publishedStory(t, ann.id, 'The digest story');
    await followUser(t.database.db, bob.id, ann.id);
    await clapPost(t.database.db, story, bob.id, 1);
    await clapPost(t.database.db, story, cat.id, 1);
    await d.drain();
    // A weekly digest is scheduled from the first notification: not due yet.
    const { rows: inbox } = await t.database.pool.query(`select digest_frequency, digest_due_at > now() + interval '6 days' as later from notification_inboxes where user_id = $1`, [ann.id]);
    expect(inbox[0]).toEqual({ digest_frequency: 'WEEKLY', later: true });
    await sweepAll();
    expect(await digests(ann)).toEqual([]);

    await makeDue(ann);
    await sweepAll();
    const [first, ...rest] = await digests(ann);
    expect(rest).toEqual([]);
    expect(first!.subject).toBe('2 new notifications on Inkwell');
    const { rows: names } = await t.database.pool.query<{ id: string; name: string }>('select id, name from users where id = any($1)', [[bob.id, cat.id]]);
    const name = (id: string) => names.find((n) => n.id === id)!.name;
    expect(first!.text_body).toContain(`${name(cat.id)} and 1 other clapped for “The digest story”.`);
    expect(first!.text_body).toContain(`${name(bob.id)} followed you.`);
    expect(first!.text_body).toContain('See all notifications: http://localhost:3000/me/notifications');
    expect(first!.html_body).toContain('The digest story');

    // Due again with nothing new: no email, the schedule moves on.
    await makeDue(ann);
    await sweepAll();
    expect(await digests(ann)).toHaveLength(1);
    const { rows: after } = await t.database.pool.query(`select digest_due_at > now() + interval '6 days' as later from notification_inboxes where user_id = $1`, [ann.id]);
    expect(after[0].later).toBe(true);

    // Something new since: only that is listed; read ones are not.
    const dan = await newReader(t, 'Dan');
    const eve = await newReader(t, 'Eve');
    await followUser(t.database.db, dan.id, ann.id);
    await followUser(t.database.db, eve.id, ann.id);
    await d.drain();
    await t.database.pool.query(`update notifications set read_at = now() where recipient_id = $1 and actor_ids[1] = $2`, [ann.id, eve.id]);
    await makeDue(ann);
    await sweepAll();
    const all = await digests(ann);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('1 new notification on Inkwell');
    expect(all[1]!.text_body).not.toContain('clapped');
  });

  it('daily, weekly or off: the reader chooses; off sends nothing', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    await followUser(t.database.db, bob.id, ann.id);
    await d.drain();
    await ann.browser.gql('mutation { setDigestFrequency(frequency: DAILY) { digestFrequency } }');
    const { rows } = await t.database.pool.query(`select digest_due_at between now() + interval '23 hours' and now() + interval '25 hours' as tomorrow from notification_inboxes where user_id = $1`, [ann.id]);
    expect(rows[0].tomorrow).toBe(true);
    await ann.browser.gql('mutation { setDigestFrequency(frequency: OFF) { digestFrequency } }');
    await t.database.pool.query(`update notification_inboxes set digest_due_at = now() - interval '1 minute' where user_id = $1`, [ann.id]);
    await sweepAll();
    expect(await digests(ann)).toEqual([]);
  });

  it('sweepers racing each other send each digest once', async () => {
    const readers: Reader[] = [];
    const bob = await newReader(t, 'Bob');
    for (let i = 0; i < 12; i++) {
      const r = await newReader(t, `Race${i}`);
      await followUser(t.database.db, bob.id, r.id);
      readers.push(r);
    }
    await d.drain();
    await t.database.pool.query(`update notification_inboxes set digest_due_at = now() - interval '1 minute' where user_id = any($1)`, [readers.map((r) => r.id)]);
    const sweepers = [0, 1, 2].map(() => startSweeper({ sweep: notificationDigestSweep(opts()), logger, startDelayMs: 3_600_000, batchSize: 2 }));
    await Promise.all(sweepers.map((s) => s.runNow()));
    await Promise.all(sweepers.map((s) => s.stop()));
    for (const r of readers) expect(await digests(r)).toHaveLength(1);
  });
});
