import type { Config } from '../../server/config.js';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger/index.js';
import { systemClock } from '../../platform/clock.js';
import { startSweeper } from '../../platform/jobs/sweeper.js';
import { createMailProvider, mailBounceDomain } from '../../platform/mail/providers/create.js';
import { startNewsletterSender } from './send-job.js';
import { sendLedgerPruneSweep } from './send-retention.js';

/**
 * A worker's newsletter work: the sender on the bulk mail stream (its own provider, so a
 * newsletter never queues behind or ahead of sign-in links), and the ledger's pruning, hourly.
 */
export function startNewsletterBackground(deps: { db: Db; config: Config; logger: Logger }): { stop(): Promise<void> } {
  const { db, config, logger } = deps;
  const provider = createMailProvider('bulk', config, { db });
  const sender = startNewsletterSender({
    db,
    provider,
    logger,
    siteName: config.SITE_NAME,
    origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}`,
    bounceDomain: mailBounceDomain(config),
    startDelayMs: 2000,
  });
  const prune = startSweeper({ sweep: sendLedgerPruneSweep({ db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 5000 });
  return {
    async stop() {
      await sender.stop();
      await prune.stop();
      await provider.close();
    },
  };
}
