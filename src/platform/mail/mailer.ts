import { and, asc, eq, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { startPeriodic } from '../jobs/periodic.js';
import type { Logger } from '../logger/index.js';
import { onNotify } from './outbox.js';
import { emailOutbox, MAX_SEND_ATTEMPTS } from './tables.js';
import { errorText } from './providers/core.js';
import { createMailProvider } from './providers/create.js';
import type { MailProvider, SendResult } from './providers/types.js';
import type { MailConfig } from './transport.js';

export interface MailerOptions {
  db: Db;
  config: MailConfig;
  logger: Logger;
  /** Tests move time forward instead of waiting out a backoff. Default: the database's clock. */
  now?: () => Date;
  /** Default 1000. */
  pollIntervalMs?: number;
  /** Default: the transactional stream's provider from config (closed with the mailer). */
  provider?: MailProvider;
}

export interface Mailer {
  /** Sends what is due now, at once (after an enqueue that has committed). */
  notify(): void;
  /** Resolves when this mailer finds nothing more it can send now. */
  flush(): Promise<void>;
  /** Stops polling; waits for a send in flight. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_MINUTES = 60;
/** Minutes to wait after the n-th failed attempt: 2, 4, 8, 16, 32, then hourly. */
export const backoffMinutes = (attempts: number): number => Math.min(2 ** attempts, MAX_BACKOFF_MINUTES);

/**
 * The outbox's sender. Any number of mailers (one per worker process) may run on one
 * database: each takes a due row with FOR UPDATE SKIP LOCKED and holds that lock while
 * sending, so no two send the same email. One row per transaction: a crash re-sends at
 * most the email in flight (delivery is at least once; the Message-ID is the outbox id,
 * so a receiver can tell a re-send).
 */
export function startMailer(opts: MailerOptions): Mailer {
  const { db, config, logger } = opts;
  const provider = opts.provider ?? createMailProvider('transactional', config, { db });
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  const now = (): SQL => (opts.now ? sql`${opts.now().toISOString()}::timestamptz` : sql`now()`);
  const mailboxBase = `${config.PUBLIC_PROTOCOL}://${config.mainHost}/_/dev/mailbox`;

  let stopped = false;

  /** Claims one due row and sends it; false when there was none. */
  const sendNext = (): Promise<boolean> =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS), lte(emailOutbox.sendAfter, now())))
        .orderBy(asc(emailOutbox.sendAfter))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      const log = logger.child({ emailId: row.id, kind: row.kind });
      let result: SendResult;
      try {
        [result = { id: row.id, ok: false, error: 'no result' }] = await provider.send([
          { id: row.id, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers ?? undefined, kind: row.kind },
        ]);
      } catch (err) {
        result = { id: row.id, ok: false, error: errorText(err) };
      }
      if (!result.ok) {
        // A permanent refusal (the recipient does not exist) is given up at once; anything else waits and retries.
        const attempts = result.permanent ? MAX_SEND_ATTEMPTS : row.attempts + 1;
        const lastError = result.error ?? 'not sent';
        await tx
          .update(emailOutbox)
          .set({ attempts, lastError, sendAfter: sql`${now()} + make_interval(mins => ${backoffMinutes(attempts)}::int)` })
          .where(eq(emailOutbox.id, row.id));
        if (attempts >= MAX_SEND_ATTEMPTS) log.error({ attempts, err: lastError, permanent: result.permanent ?? false }, 'email not sent; giving up');
        else log.warn({ attempts, err: lastError, retryInMinutes: backoffMinutes(attempts) }, 'email not sent; will retry');
        return true;
      }
      await tx
        .update(emailOutbox)
        .set({ sentAt: now(), deliveredTo: provider.name, lastError: null })
        .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt)));
      if (provider.name === 'mailbox' && config.DEV_MAILBOX) log.info({ url: `${mailboxBase}/${row.id}` }, 'email delivered to the dev mailbox');
      else log.debug({ deliveredTo: provider.name, providerMessageId: result.providerMessageId }, 'email sent');
      return true;
    });

  const drain = async () => {
    while (!stopped && (await sendNext()));
  };

  const loop = startPeriodic({ run: drain, intervalMs: pollIntervalMs, logger, failureMessage: 'mailer: could not read the outbox' });
  const unregister = onNotify(loop.trigger);

  return {
    notify: loop.trigger,
    flush: loop.now,
    async stop() {
      if (stopped) return;
      stopped = true;
      unregister();
      await loop.stop();
      if (!opts.provider) await provider.close();
    },
  };
}
