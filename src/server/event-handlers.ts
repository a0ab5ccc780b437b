import type { EventHandler, EventHandlers } from '../platform/events/dispatcher.js';
import type { DomainEventType } from '../platform/events/types.js';
import { notificationHandlers } from '../modules/notifications/handlers.js';
import { searchHandlers } from '../modules/search/handlers.js';
import { publicationNotificationHandlers } from '../modules/notifications/publication-fanout.js';
import { newsletterSendHandlers } from '../modules/newsletters/send-handlers.js';

/**
 * Every module's reactions to domain events, by event type (composition root: modules
 * export their handlers; only this file knows them all).
 */
const contributions: EventHandlers[] = [searchHandlers(), notificationHandlers(), publicationNotificationHandlers()];
contributions.push(newsletterSendHandlers()); // newsletters: the sends of a first publication, bounces and complaints in the ledger

export function eventHandlers(): EventHandlers {
  const out: Record<string, EventHandler[]> = {};
  for (const c of contributions) {
    for (const [type, list] of Object.entries(c) as [DomainEventType, EventHandler[]][]) {
      out[type] = [...(out[type] ?? []), ...list];
    }
  }
  return out as EventHandlers;
}
