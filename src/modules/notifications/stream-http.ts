import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sharedPubSub, type PubSub } from '../../platform/pubsub/index.js';
import { notificationsChannel } from './live.js';
import { unreadNotificationCount } from './queries.js';

export const NOTIFICATIONS_STREAM_PATH = '/_/notifications/stream';
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Messages arriving together (a burst of claps) cost one count. */
const COALESCE_MS = 50;
/** Open streams per reader in this process (a tab each); more are refused and those pages poll. */
export const MAX_STREAMS_PER_READER = 20;

/**
 * The header badge's live count (server-sent events): `event: count` with the reader's
 * unread count at once, then again whenever the pub/sub channel says their notifications
 * changed — written by an event handler in any process (Redis) or this one (in-process).
 * The browser's EventSource reconnects by itself; the badge polls UnreadNotificationCount
 * where streams do not get through.
 */
export function registerNotificationStream(app: FastifyInstance, pubsub: () => Promise<PubSub> = sharedPubSub) {
  const open = new Set<() => void>();
  const perReader = new Map<string, number>();
  // A stream never ends by itself: end them all when the server closes, or it waits for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(NOTIFICATIONS_STREAM_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.viewer) return reply.code(401).header('cache-control', 'no-store').send({ message: 'Sign in to see your notifications.' });
    const userId = request.viewer.id;
    const mine = perReader.get(userId) ?? 0;
    if (mine >= MAX_STREAMS_PER_READER) return reply.code(429).header('cache-control', 'no-store').send({ message: 'Too many open notification streams.' });
    perReader.set(userId, mine + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    let timer: NodeJS.Timeout | null = null;
    let last = -1;
    const send = async () => {
      timer = null;
      if (closed) return;
      try {
        const n = await unreadNotificationCount(app.db, userId);
        if (!closed && n !== last) {
          last = n;
          res.write(`event: count\ndata: ${n}\n\n`);
        }
      } catch (err) {
        request.log.warn({ err }, 'notification stream: count failed');
      }
    };
    const changed = () => {
      timer ??= setTimeout(() => void send(), COALESCE_MS);
    };
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    let unsubscribe: (() => Promise<void>) | null = null;
    const end = () => {
      if (closed) return;
      closed = true;
      open.delete(end);
      const left = (perReader.get(userId) ?? 1) - 1;
      if (left > 0) perReader.set(userId, left);
      else perReader.delete(userId);
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      void unsubscribe?.().catch(() => {});
      res.end();
    };
    open.add(end);
    // The response's close: the reader left (the request's own close comes once its body is read).
    res.on('close', end);
    res.write('retry: 5000\n\n');
    try {
      unsubscribe = await (await pubsub()).subscribe(notificationsChannel(userId), changed);
      if (closed) void unsubscribe().catch(() => {});
    } catch (err) {
      request.log.warn({ err }, 'notification stream: subscribe failed; the badge polls');
      end();
      return;
    }
    await send();
  });
}
