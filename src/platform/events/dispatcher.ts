import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { DbTransaction } from '../mail/outbox.js';
import { startPeriodic } from '../jobs/periodic.js';
import type { Logger } from '../logger/index.js';
import { onDomainEvent } from './outbox.js';
import { MAX_EVENT_ATTEMPTS } from './tables.js';
import type { DomainEvent, DomainEventPayloads, DomainEventType } from './types.js';

/**
 * Reacts to one event inside the transaction that marks it handled: what it writes
 * commits together with 'handled', or not at all. Handlers must be idempotent anyway
 * (unique keys, upserts): an event is handled at least once, and exactly once only as
 * long as its handler's writes stay in `tx`.
 */
export type EventHandler<K extends DomainEventType = DomainEventType> = (tx: DbTransaction, payload: DomainEventPayloads[K], meta: EventMeta) => Promise<void>;

export interface EventMeta {
  id: number;
  occurredAt: Date;
  /**
   * Runs `fn` once the handlers' writes committed (not if they roll back): for telling
   * others about them (pub/sub), which must not happen before they can be read.
   */
  afterCommit(fn: () => void): void;
}

export type EventHandlers = { [K in DomainEventType]?: EventHandler<K>[] };

export interface EventDispatcherOptions {
  db: Db;
  logger: Logger;
  handlers: EventHandlers;
  /** Between polls when idle. Default 1 s. */
  pollIntervalMs?: number;
  /** Events per pass before yielding to the timer. Default 200. */
  maxPerPass?: number;
}

export interface EventDispatcher {
  /** Handles every due event now; resolves with how many were handled. */
  drain(): Promise<number>;
  notify(): void;
  stop(): Promise<void>;
}

/** Seconds before retry number `attempts`: 2, 4, 8… capped at 10 minutes. */
export const retryDelaySeconds = (attempts: number): number => Math.min(2 ** attempts, 600);

interface ClaimedEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  attempts: number;
}

/**
 * Hands due domain events to their handlers, one event per transaction: the event is
 * claimed with FOR UPDATE SKIP LOCKED (several processes share the backlog, none handles
 * an event twice at once), its handlers run, and it is marked handled in the same
 * transaction. A failing handler rolls that back; the event is retried with backoff and
 * given up (left for inspection) after MAX_EVENT_ATTEMPTS. Events run in id order per
 * process, but across processes order is not promised: handlers must not depend on it.
 */
export function startEventDispatcher(opts: EventDispatcherOptions): EventDispatcher {
  const { db, logger, handlers } = opts;
  const maxPerPass = opts.maxPerPass ?? 200;

  const handleOne = async (): Promise<boolean> => {
    let failed: { id: number; attempts: number; error: unknown } | null = null;
    let committed: (() => void)[] = [];
    const handled = await db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<ClaimedEvent & Record<string, unknown>>(sql`
          select id, type, payload, occurred_at, attempts from domain_events
          where handled_at is null and attempts < ${MAX_EVENT_ATTEMPTS} and due_at <= now()
          order by due_at, id limit 1 for update skip locked`);
        const event = rows[0];
        if (!event) return false;
        try {
          await tx.transaction(async (inner) => {
            for (const handler of (handlers[event.type as DomainEventType] ?? []) as EventHandler[]) {
              await handler(inner, event.payload as DomainEvent['payload'] as never, { id: Number(event.id), occurredAt: new Date(event.occurred_at) /* the driver may hand timestamps over as text */, afterCommit: (fn) => committed.push(fn) });
            }
          });
          await tx.execute(sql`update domain_events set handled_at = now(), attempts = attempts + 1 where id = ${event.id}`);
        } catch (error) {
          // The handlers' writes are rolled back to the savepoint; record the failure.
          failed = { id: Number(event.id), attempts: event.attempts + 1, error };
          committed = [];
          await tx.execute(sql`update domain_events set attempts = attempts + 1, last_error = ${String((error as Error)?.message ?? error).slice(0, 2000)},
            due_at = now() + make_interval(secs => ${retryDelaySeconds(event.attempts + 1)}) where id = ${event.id}`);
        }
        return true;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'event dispatcher: could not claim an event');
        committed = [];
        return false;
      });
    for (const fn of committed) {
      try {
        fn();
      } catch (error) {
        logger.warn({ err: error }, 'event dispatcher: an after-commit callback failed');
      }
    }
    if (failed) {
      const f = failed as { id: number; attempts: number; error: unknown };
      logger[f.attempts >= MAX_EVENT_ATTEMPTS ? 'error' : 'warn']({ err: f.error, eventId: f.id, attempts: f.attempts }, f.attempts >= MAX_EVENT_ATTEMPTS ? 'event dispatcher: gave up on an event' : 'event dispatcher: handler failed; will retry');
    }
    return handled;
  };

  const drain = async (): Promise<number> => {
    let n = 0;
    while (n < maxPerPass && (await handleOne())) n += 1;
    if (n === maxPerPass) queueMicrotask(() => loop.trigger());
    return n;
  };

  const loop = startPeriodic({ run: drain, intervalMs: opts.pollIntervalMs ?? 1000, logger, failureMessage: 'event dispatcher: pass failed' });
  const unregister = onDomainEvent(loop.trigger);
  return {
    drain: loop.now,
    notify: loop.trigger,
    async stop() {
      unregister();
      await loop.stop();
    },
  };
}
