import type { Db } from '../db/client.js';
import type { DbTransaction } from '../mail/outbox.js';
import { createWakers } from '../jobs/wakers.js';
import { domainEvents } from './tables.js';
import type { DomainEvent } from './types.js';

const dispatchers = createWakers();

/**
 * Writes a domain event with the caller's connection: pass the transaction of the change
 * the event reports, so the event exists if and only if that change commits. Call
 * notifyEventDispatchers() after the commit to have this process handle it at once; a
 * dispatcher's poll finds it within a second otherwise.
 */
export async function emitDomainEvent(db: Db | DbTransaction, event: DomainEvent): Promise<void> {
  await db.insert(domainEvents).values({ type: event.type, payload: event.payload as Record<string, unknown> });
}

/** Wakes the event dispatchers running in this process. */
export const notifyEventDispatchers = (): void => dispatchers.notify();

/** For startEventDispatcher: registers its wake-up; returns the unregistration. */
export const onDomainEvent = (wake: () => void): (() => void) => dispatchers.on(wake);
