import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPubSub, type PubSub } from '../../src/platform/pubsub/index.js';
import { startEventDispatcher, type EventHandlers } from '../../src/platform/events/dispatcher.js';
import { emitDomainEvent } from '../../src/platform/events/outbox.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { notificationsChannel } from '../../src/modules/notifications/live.js';
import { followUser } from '../../src/modules/social/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader } from '../support/readers.js';
import { notificationsDispatcher } from './notifications-fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Resolves with the next `n` messages on a channel. */
function nextMessages(pubsub: PubSub, channel: string, n = 1): Promise<string[]> {
  return new Promise((resolve) => {
    const got: string[] = [];
    void pubsub.subscribe(channel, (m) => {
      got.push(m);
      if (got.length === n) resolve(got);
    });
  });
}

/** Reads server-sent events from a streaming response: yields `event: count` values. */
async function* counts(res: Response): AsyncGenerator<number> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^event: count$/m.test(block)) yield Number(/^data: (.*)$/m.exec(block)![1]);
    }
  }
}

describe.each([
  ['in-process', undefined],
  ['Redis', REDIS_URL],
])('notification delivery through pub/sub (%s)', (_name, redisUrl) => {
  let t: TestApp;
  const opened: PubSub[] = [];
  const open = async () => {
    const p = await createPubSub({ redisUrl });
    opened.push(p);
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(opened.map((p) => p.close()));
  });

  it('a published message reaches every subscriber of its channel, and no other', async () => {
    // With Redis, publisher and subscriber are separate connections, as two processes would be.
    const a = await open();
    const b = redisUrl ? await open() : a;
    const got = nextMessages(b, 'test:one', 2);
    const other: string[] = [];
    const off = await b.subscribe('test:other', (m) => other.push(m));
    await a.publish('test:one', 'first');
    await a.publish('test:one', 'second');
    expect(await got).toEqual(['first', 'second']);
    expect(other).toEqual([]);
    await off();
  });

  it('a notification written by the event handler reaches the reader’s channel after commit', async () => {
    const handlers = await open();
    const web = redisUrl ? await open() : handlers;
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const d = notificationsDispatcher(t, handlers);
    const heard = nextMessages(web, notificationsChannel(ann.id));
    await followUser(t.database.db, bob.id, ann.id);
    await d.drain();
    expect(await heard).toEqual(['changed']);
    // When the message arrives, the row is there to count.
    const { rows } = await t.database.pool.query('select count(*)::int as n from notifications where recipient_id = $1', [ann.id]);
    expect(rows[0].n).toBe(1);
    await d.stop();
  });
});

describe('after-commit callbacks of event handlers', () => {
  it('run once the handler’s writes committed, never when they roll back', async () => {
    const t = await createTestApp();
    const ran: string[] = [];
    const handlers: EventHandlers = {
      'notifications.system': [
        async (_tx, p, meta) => {
          meta.afterCommit(() => ran.push(p.key));
          if (p.key === 'fails') throw new Error('handler broke');
        },
      ],
    };
    const d = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers, pollIntervalMs: 3_600_000 });
    await emitDomainEvent(t.database.db, { type: 'notifications.system', payload: { userId: 'x', key: 'fails', text: 'x' } });
    await emitDomainEvent(t.database.db, { type: 'notifications.system', payload: { userId: 'x', key: 'works', text: 'x' } });
    await d.drain();
    await d.stop();
    expect(ran).toEqual(['works']);
  });
});

describe('the badge stream (server-sent events)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('sends the count at once and again when a notification arrives; refuses signed-out readers', async () => {
    const ann = await newReader(t, 'Ann');
    const bob = await newReader(t, 'Bob');
    const cookie = `sid=${ann.browser.jar.get('sid')}`;
    const controller = new AbortController();
    const res = await fetch(`${base}/_/notifications/stream`, { headers: { cookie, host: 'localhost:3000' }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = counts(res);
    expect((await stream.next()).value).toBe(0);
    // The stream and the handlers share the process's pub/sub (in-process here).
    const { sharedPubSub } = await import('../../src/platform/pubsub/index.js');
    const d = notificationsDispatcher(t, await sharedPubSub());
    await followUser(t.database.db, bob.id, ann.id);
    await d.drain();
    expect((await stream.next()).value).toBe(1);
    await ann.browser.gql('mutation { markNotificationsSeen }');
    expect((await stream.next()).value).toBe(0);
    controller.abort();
    await d.stop();

    const anon = await fetch(`${base}/_/notifications/stream`, { headers: { host: 'localhost:3000' } });
    expect(anon.status).toBe(401);
  });
});
