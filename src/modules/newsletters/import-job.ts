import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { createWakers } from '../../platform/jobs/wakers.js';
import { startSweeper, type Sweep } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import { newId } from '../../platform/ids.js';
import { notifyMailers, type DbTransaction } from '../../platform/mail/outbox.js';
import { emailOutbox } from '../../platform/mail/tables.js';
import { importVerdict } from './import-commands.js';
import { renderWelcomeEmail } from './email-render.js';
import { importSubscribers } from './commands.js';
import { emailLinkSecret, subscriberToken, unsubscribePath } from './links.js';

export interface ImportSweepDeps {
  db: Db;
  siteName: string;
  /** The site's origin, for the links in welcome emails. */
  origin: string;
}

/** Rows per transaction: each is a subscriber write, a consent line and a welcome email. */
export const IMPORT_BATCH_ROWS = 500;

const importWakers = createWakers();
/** Called after an import is confirmed: a sweeper in this process starts at once (others poll). */
export const notifyImportSweepers = (): void => importWakers.notify();

/**
 * The import job (a sweep: docs/adr/0005): one batch takes the oldest confirmed import (its row
 * locked with SKIP LOCKED, so one process works on an import at a time and others take the next)
 * and its next NEW rows; each row is checked again (unsubscribed, suppressed or subscribed since
 * the report: SKIPPED), subscribed with the writer's attestation as consent, and sent a welcome
 * email with its unsubscribe link; the rows are marked and the counts moved, all in the batch's
 * transaction. A crash rolls the batch back and it is done again:
 * no row is imported or welcomed twice. The batch taking the last rows marks the import DONE
 * (as does one finding none left, should the count ever disagree).
 */
export function newsletterImportSweep(deps: ImportSweepDeps): Sweep {
  const { db } = deps;
  return {
    name: 'newsletter-import',
    async runBatch(batchSize) {
      const secret = await emailLinkSecret(db);
      const handled = await db.transaction(async (tx) => {
        const { rows: imports } = await tx.execute<{ id: string; newsletter_id: string; attestation: string | null; name: string; writer: string }>(sql`
          select i.id, i.newsletter_id, i.attestation, n.name, coalesce(nullif(u.name, ''), u.username, n.name) as writer
          from newsletter_imports i join newsletters n on n.id = i.newsletter_id join users u on u.id = i.user_id
          where i.state = 'IMPORTING' order by i.confirmed_at, i.id limit 1 for update of i skip locked`);
        const job = imports[0];
        if (!job) return 0;
        const { rows } = await tx.execute<{ row_number: number; email: string; verdict: string | null }>(sql`
          select r.row_number, r.email, ${importVerdict(job.newsletter_id, sql`r.email`)} as verdict
          from newsletter_import_rows r where r.import_id = ${job.id} and r.status = 'NEW' order by r.row_number limit ${batchSize}`);
        if (!rows.length) {
          await tx.execute(sql`update newsletter_imports set state = 'DONE', finished_at = now(), to_import_count = 0 where id = ${job.id}`);
          await tx.execute(sql`delete from newsletter_import_rows where import_id = ${job.id}`);
          return 1;
        }
        const imported = await importRows(tx, deps, secret, job, rows.filter((r) => !r.verdict));
        const skipped = rows.length - imported.length;
        await tx.execute(sql`update newsletter_import_rows set status = case when row_number = any(${sql.param(imported)}::int[]) then 'IMPORTED' else 'SKIPPED' end
          where import_id = ${job.id} and row_number = any(${sql.param(rows.map((r) => r.row_number))}::int[])`);
        // The batch that takes the last rows finishes the import.
        await tx.execute(sql`update newsletter_imports set imported_count = imported_count + ${imported.length}, skipped_count = skipped_count + ${skipped},
          to_import_count = to_import_count - ${rows.length},
          state = case when to_import_count = ${rows.length} then 'DONE' else state end,
          finished_at = case when to_import_count = ${rows.length} then now() end
          where id = ${job.id}`);
        // A finished import keeps its counts; its staged rows have served.
        await tx.execute(sql`delete from newsletter_import_rows where import_id = ${job.id} and exists (select 1 from newsletter_imports where id = ${job.id} and state = 'DONE')`);
        return rows.length;
      });
      if (handled) notifyMailers();
      return handled;
    },
  };
}

/**
 * Subscribes and welcomes the batch's importable rows; returns their row numbers. The batch form
 * of setSubscription (commands.ts) for imports, in five statements whatever the batch size: a
 * row per address (a PENDING one, waiting for its confirmation, becomes ACTIVE; one that became
 * ACTIVE or UNSUBSCRIBED since the check is left as it is and the row SKIPPED), the count, one
 * consent line each with the writer's attestation, and the welcome emails in the outbox.
 */
async function importRows(
  tx: DbTransaction,
  deps: ImportSweepDeps,
  secret: Buffer,
  job: { id: string; newsletter_id: string; attestation: string | null; name: string; writer: string },
  rows: { row_number: number; email: string }[],
): Promise<number[]> {
  if (!rows.length) return [];
  const added = await importSubscribers(tx, { newsletterId: job.newsletter_id, emails: rows.map((r) => r.email), notice: job.attestation ?? '', source: `import:${job.id}` });
  if (!added.length) return [];
  await tx.insert(emailOutbox).values(
    added.map((a) => {
      const token = subscriberToken(secret, 'unsubscribe', a.id, a.token_version);
      const mail = renderWelcomeEmail({ siteName: deps.siteName, newsletterName: job.name, ownerName: job.writer, unsubscribeUrl: `${deps.origin}${unsubscribePath(token)}` });
      return { id: newId(), toAddress: a.email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: 'newsletter-welcome' };
    }),
  );
  const byEmail = new Map(rows.map((r) => [r.email, r.row_number]));
  return added.map((a) => byEmail.get(a.email)!);
}

/** For server/background.ts: the sweep every 10 s, and at once when this process confirms an import. */
export function startNewsletterImports(deps: ImportSweepDeps & { logger: Logger }): { stop(): Promise<void> } {
  const sweeper = startSweeper({ sweep: newsletterImportSweep(deps), logger: deps.logger, intervalMs: 10_000, startDelayMs: 1_000, batchSize: IMPORT_BATCH_ROWS });
  const off = importWakers.on(() => void sweeper.runNow());
  return {
    async stop() {
      off();
      await sweeper.stop();
    },
  };
}
