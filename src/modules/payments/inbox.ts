import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { DbTransaction } from '../../platform/mail/outbox.js';
import { createWakers } from '../../platform/jobs/wakers.js';
import type { Sweep } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import type { PaymentProvider, ProviderEvent, ProviderId, SubscriptionSnapshot } from './provider.js';
import { MAX_PROVIDER_EVENT_ATTEMPTS, paymentProviderEvents } from './tables.js';

/**
 * What the site does with a provider event once it has re-read the object the event names
 * (composed in src/server/payment-event-handlers.ts). Each runs in the transaction that marks
 * the event processed: its writes commit with that, or roll back for a retry. They must be
 * idempotent all the same (an event may be handled again after a crash past the provider read).
 */
export interface PaymentEventHandlers {
  subscription(db: DbTransaction, provider: PaymentProvider, snapshot: SubscriptionSnapshot): Promise<void>;
  charge(db: DbTransaction, provider: PaymentProvider, chargeRef: string): Promise<void>;
}

const processors = createWakers();
/** Wakes this process's inbox processors (after a test-provider write commits). */
export const notifyProviderEventProcessors = (): void => processors.notify();
/** For the worker's inbox sweep: registers its wake-up; returns the unregistration. */
export const onProviderEvent = (wake: () => void): (() => void) => processors.on(wake);

/**
 * Stores a provider event once: a second delivery of the same (provider, id) changes nothing.
 * Pass the transaction of the change it reports when there is one (the test provider's writes).
 * Says whether the event was new.
 */
export async function recordProviderEvent(db: Db | DbTransaction, event: ProviderEvent, receivedAt: Date = new Date()): Promise<boolean> {
  const rows = await db
    .insert(paymentProviderEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, objectRef: event.objectRef, occurredAt: event.createdAt, receivedAt, nextAttemptAt: receivedAt })
    .onConflictDoNothing()
    .returning({ id: paymentProviderEvents.eventId });
  return rows.length > 0;
}

/** Seconds before retry number `attempts`: 2, 4, 8… capped at an hour. */
export const providerEventRetrySeconds = (attempts: number): number => Math.min(2 ** attempts, 3600);

export interface ProcessOptions {
  provider: PaymentProvider;
  handlers: PaymentEventHandlers;
  clock: Clock;
  /** Events claimed together in one transaction (each handled in a savepoint of its own). */
  limit?: number;
  /** Only this event (a webhook handled as it arrives): its failure is reported to the caller. */
  eventId?: string;
  logger?: Logger;
}

export interface ProcessResult {
  processed: number;
  failed: number;
  /** The failures of this pass, by event id. */
  errors: { eventId: string; error: unknown }[];
}

interface ClaimedEvent extends Record<string, unknown> {
  event_id: string;
  type: string;
  object_ref: string;
  attempts: number;
}

/**
 * Applies due events of `provider`: claims up to `limit` with FOR UPDATE SKIP LOCKED (several
 * workers share the backlog; none applies an event twice at once), re-reads each one's object
 * from the provider (so the order events arrive in does not matter) and hands it to the
 * handlers. An event whose handler throws is rolled back to its savepoint and retried with
 * backoff on the injected clock, its attempts and last error kept, until it is given up.
 */
export async function processProviderEvents(db: Db, opts: ProcessOptions): Promise<ProcessResult> {
  const { provider, handlers, clock } = opts;
  const now = clock.now();
  const result: ProcessResult = { processed: 0, failed: 0, errors: [] };
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedEvent>(sql`
      select event_id, type, object_ref, attempts from payment_provider_events
      where provider = ${provider.id} and processed_at is null and attempts < ${MAX_PROVIDER_EVENT_ATTEMPTS}
        and next_attempt_at <= ${now.toISOString()}::timestamptz ${opts.eventId ? sql`and event_id = ${opts.eventId}` : sql``}
      order by next_attempt_at, occurred_at limit ${opts.limit ?? 100} for update skip locked`);
    const done: string[] = [];
    for (const event of rows) {
      try {
        await tx.transaction(async (inner) => applyEvent(inner, provider, handlers, event));
        done.push(event.event_id);
      } catch (error) {
        const attempts = event.attempts + 1;
        result.failed += 1;
        result.errors.push({ eventId: event.event_id, error });
        await tx
          .update(paymentProviderEvents)
          .set({ attempts, lastError: String((error as Error)?.message ?? error).slice(0, 2000), nextAttemptAt: new Date(now.getTime() + providerEventRetrySeconds(attempts) * 1000) })
          .where(and(eq(paymentProviderEvents.provider, provider.id), eq(paymentProviderEvents.eventId, event.event_id)));
        opts.logger?.[attempts >= MAX_PROVIDER_EVENT_ATTEMPTS ? 'error' : 'warn']({ err: error, eventId: event.event_id, attempts }, attempts >= MAX_PROVIDER_EVENT_ATTEMPTS ? 'payment events: gave up on an event' : 'payment events: handler failed; will retry');
      }
    }
    if (done.length) {
      await tx.execute(sql`update payment_provider_events set processed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
        where provider = ${provider.id} and event_id = any(${sql`array[${sql.join(done.map((id) => sql`${id}`), sql`, `)}]::text[]`})`);
    }
    result.processed = done.length;
  });
  return result;
}

async function applyEvent(tx: DbTransaction, provider: PaymentProvider, handlers: PaymentEventHandlers, event: ClaimedEvent): Promise<void> {
  if (event.type.startsWith('subscription.')) {
    const snapshot = await provider.getSubscription(event.object_ref);
    if (!snapshot) throw new Error(`subscription ${event.object_ref} not found at ${provider.id}`);
    await handlers.subscription(tx, provider, snapshot);
  } else if (event.type.startsWith('charge.')) {
    await handlers.charge(tx, provider, event.object_ref);
  }
  // Other types are stored for the record and need nothing.
}

/** The inbox as a sweep for the worker (src/platform/jobs): due events of the configured provider. */
export function providerEventsSweep(db: Db, opts: Omit<ProcessOptions, 'limit' | 'eventId'>): Sweep {
  return {
    name: 'payment-provider-events',
    runBatch: async (batchSize) => {
      const r = await processProviderEvents(db, { ...opts, limit: batchSize });
      // Failed events count as handled for this pass: they are due again only after their backoff.
      return r.processed + r.failed;
    },
  };
}

export type { ProviderId };
