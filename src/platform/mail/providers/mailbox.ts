import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../tables.js';
import { defineProvider } from './core.js';
import type { MailProvider } from './types.js';

/** Rows one send() takes (one insert each). */
const MAILBOX_BATCH = 500;

/**
 * No SMTP or SES configured: a message is "delivered" by being written to email_outbox as
 * already sent (delivered_to 'mailbox'), where /_/dev/mailbox shows it with its headers.
 * An outbox row with the message's id is its own delivery: the transactional mailer sends
 * outbox rows, so those are left as they are (the mailer marks them sent).
 */
export function createMailboxProvider(opts: { db: Db; ratePerSecond: number }): MailProvider {
  return defineProvider({
    name: 'mailbox',
    maxBatchSize: MAILBOX_BATCH,
    ratePerSecond: opts.ratePerSecond,
    concurrency: 4,
    async deliver(m) {
      const headers = { ...m.headers, ...(m.returnPath ? { 'Return-Path': `<${m.returnPath}>` } : {}) };
      await opts.db
        .insert(emailOutbox)
        .values({
          id: m.id,
          toAddress: m.to,
          subject: m.subject,
          textBody: m.text,
          htmlBody: m.html,
          kind: m.kind,
          headers: Object.keys(headers).length ? headers : null,
          sentAt: sql`now()`,
          deliveredTo: 'mailbox',
        })
        .onConflictDoNothing({ target: emailOutbox.id });
      return undefined;
    },
    classify: () => ({ permanent: false, unreachable: true }),
    async close() {},
  });
}
