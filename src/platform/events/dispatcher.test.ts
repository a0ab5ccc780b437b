import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/db.js';
import { createLogger } from '../logger/index.js';
import { startEventDispatcher, type EventHandlers } from './dispatcher.js';
import { emitDomainEvent } from './outbox.js';
import { HANDLED_EVENT_RETENTION_MS, pruneHandledEventsBatch } from './retention.js';
import { MAX_EVENT_ATTEMPTS } from './tables.js';
import { manualClock } from '../clock.js';

const database = await createTestDatabase();
const { db } = database;
const logger = createLogger('silent');

async function pending(): Promise<{ type: string; attempts: number; handled: boolean }[]> {
  const { rows } = await db.execute<{ type: string; attempts: number; handled: boolean }>(sql`select type, attempts, handled_at is not null as handled from domain_events order by id`);
  return rows;
}

describe('domain events', () => {
  it('exist only when the transaction that emits them commits', async () => {
    await db.execute(sql`delete from domain_events`);
    await db.transaction(async (tx) => emitDomainEvent(tx, { type: 'user.followed', payload: { followerId: 'a', targetUserId: 'b' } }));
    await db
      .transaction(async (tx) => {
        await emitDomainEvent(tx, { type: 'user.followed', payload: { followerId: 'c', targetUserId: 'd' } });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await pending()).toEqual([{ type: 'user.followed', attempts: 0, handled: false }]);
  });

  it('reach their handlers once, in order, and writes commit with the handled mark', async () => {
    await db.execute(sql`delete from domain_events`);
    await db.execute(sql`create table if not exists handled_log (n int primary key)`);
    const seen: string[] = [];
    const handlers: EventHandlers = {
      'user.followed': [
        async (tx, p) => {
          seen.push(p.followerId);
          await tx.execute(sql`insert into handled_log values (${seen.length})`);
        },
      ],
    };
    for (const f of ['a', 'b', 'c']) await emitDomainEvent(db, { type: 'user.followed', payload: { followerId: f, targetUserId: 'z' } });
    await emitDomainEvent(db, { type: 'tag.followed', payload: { userId: 'a', tagSlug: 'x' } }); // no handler: marked handled
    const one = startEventDispatcher({ db, logger, handlers, pollIntervalMs: 60_000 });
    const two = startEventDispatcher({ db, logger, handlers, pollIntervalMs: 60_000 });
    await Promise.all([one.drain(), two.drain()]);
    await Promise.all([one.stop(), two.stop()]);
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
    expect((await pending()).every((e) => e.handled)).toBe(true);
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from handled_log`);
    expect(rows[0]!.n).toBe(3);
  });

  it('retry a failing handler later, keeping none of its writes', async () => {
    await db.execute(sql`delete from domain_events`);
    await db.execute(sql`create table if not exists failing_log (n int)`);
    let calls = 0;
    const handlers: EventHandlers = {
      'post.clapped': [
        async (tx) => {
          calls += 1;
          await tx.execute(sql`insert into failing_log values (1)`);
          throw new Error('handler broke');
        },
      ],
    };
    await emitDomainEvent(db, { type: 'post.clapped', payload: { postId: 'p', userId: 'u' } });
    const d = startEventDispatcher({ db, logger, handlers, pollIntervalMs: 60_000 });
    await d.drain();
    await d.drain(); // not due again yet: backoff
    await d.stop();
    expect(calls).toBe(1);
    const { rows } = await db.execute<{ attempts: number; last_error: string; later: boolean; n: number }>(
      sql`select attempts, last_error, due_at > now() as later, (select count(*)::int from failing_log) as n from domain_events`,
    );
    expect(rows[0]).toEqual({ attempts: 1, last_error: 'handler broke', later: true, n: 0 });
  });

  it('keep the writes of the other events when one of them fails', async () => {
    await db.execute(sql`delete from domain_events`);
    await db.execute(sql`create table if not exists others_log (follower text primary key)`);
    const after: string[] = [];
    const handlers: EventHandlers = {
      'user.followed': [
        async (tx, p, meta) => {
          await tx.execute(sql`insert into others_log values (${p.followerId})`);
          if (p.followerId === 'bad') throw new Error('this one broke');
          meta.afterCommit(() => after.push(p.followerId));
        },
      ],
    };
    for (const f of ['x1', 'bad', 'x2']) await emitDomainEvent(db, { type: 'user.followed', payload: { followerId: f, targetUserId: 'z' } });
    const d = startEventDispatcher({ db, logger, handlers, pollIntervalMs: 60_000 });
    expect(await d.drain()).toBe(3);
    await d.stop();
    const { rows: logged } = await db.execute<{ follower: string }>(sql`select follower from others_log order by follower`);
    expect(logged.map((r) => r.follower)).toEqual(['x1', 'x2']);
    expect(after).toEqual(['x1', 'x2']);
    const { rows } = await db.execute<{ follower: string; handled: boolean; attempts: number }>(
      sql`select payload->>'followerId' as follower, handled_at is not null as handled, attempts from domain_events order by id`,
    );
    expect(rows).toEqual([
      { follower: 'x1', handled: true, attempts: 1 },
      { follower: 'bad', handled: false, attempts: 1 },
      { follower: 'x2', handled: true, attempts: 1 },
    ]);
  });
});

describe('handled events', () => {
  it('are deleted a week after they were handled; pending and given-up ones stay', async () => {
    await db.execute(sql`delete from domain_events`);
    const clock = manualClock(new Date());
    const day = 24 * 3600 * 1000;
    const ids: Record<string, number> = {};
    for (const name of ['old', 'recent', 'pending', 'given-up']) {
      await emitDomainEvent(db, { type: 'user.followed', payload: { followerId: name, targetUserId: 'z' } });
      const { rows } = await db.execute<{ id: number }>(sql`select max(id)::int as id from domain_events`);
      ids[name] = rows[0]!.id;
    }
    const handledAgo = (id: number, ms: number) => db.execute(sql`update domain_events set handled_at = ${new Date(clock.now().getTime() - ms).toISOString()}::timestamptz where id = ${id}`);
    await handledAgo(ids.old!, HANDLED_EVENT_RETENTION_MS + 60_000);
    await handledAgo(ids.recent!, 6 * day);
    await db.execute(sql`update domain_events set attempts = ${MAX_EVENT_ATTEMPTS}, occurred_at = now() - interval '30 days' where id = ${ids['given-up']!}`);
    expect(await pruneHandledEventsBatch(db, clock, 10)).toBe(1);
    const left = async () => (await db.execute<{ name: string }>(sql`select payload->>'followerId' as name from domain_events order by id`)).rows.map((r) => r.name);
    expect(await left()).toEqual(['recent', 'pending', 'given-up']);
    clock.advance(2 * day);
    expect(await pruneHandledEventsBatch(db, clock, 10)).toBe(1);
    expect(await left()).toEqual(['pending', 'given-up']);
  });
});
