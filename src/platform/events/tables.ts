import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Attempts after which the dispatcher gives up on an event; the row stays for inspection. */
export const MAX_EVENT_ATTEMPTS = 10;

/**
 * The domain events outbox (docs/adr/0007): a fact that other contexts react to (a story
 * published, a user followed, a first clap) is a row written in the transaction of the
 * command that made it, so it exists exactly when the change committed. The dispatcher
 * hands each event to its handlers after commit (notifications, later search and stats).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'post.published', 'user.followed'… (src/platform/events/types.ts). */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this time: now when emitted, later after a failed attempt (backoff). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    // The dispatcher's poll: pending events it has not given up on. Handled rows leave the
    // index, so it stays as small as the backlog however long the history grows.
    index('domain_events_pending_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.handledAt} is null and ${t.attempts} < ${sql.raw(String(MAX_EVENT_ATTEMPTS))}`),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
