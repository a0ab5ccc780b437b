import type { Config } from './config.js';
import type { Db } from '../platform/db/client.js';
import type { Logger } from '../platform/logger/index.js';
import { startMailer } from '../platform/mail/index.js';
import { systemClock } from '../platform/clock.js';
import { startSweeper } from '../platform/jobs/sweeper.js';
import { handledEventsPruneSweep } from '../platform/events/retention.js';
import { startEventDispatcher } from '../platform/events/dispatcher.js';
import { trashPurgeSweep } from '../modules/posts/trash-purge.js';
import { notificationDigestSweep } from '../modules/notifications/digest.js';
import { searchBackfillSweep } from '../modules/search/indexer.js';
import { searchTierSweep } from '../modules/search/tier.js';
import { searchAnalyticsPruneSweep } from '../modules/search/retention.js';
import { eventHandlers } from './event-handlers.js';
import { giftExpirySweep } from '../modules/membership/gifts.js';
import { membershipEnv } from '../modules/membership/env.js';
import { startPaymentBackground } from '../modules/payments/background.js';
import { paymentEventHandlers } from './payment-event-handlers.js';
import { giftDeliverySweep } from '../modules/gifts/delivery.js';
import { giftDeps } from '../modules/gifts/wiring.js';
import { scheduledStoriesSweep } from '../modules/publications/submission-schedule.js';
import { storyViewVisitorsPruneSweep } from '../modules/stats/retention.js';
import { startNewsletterBackground } from '../modules/newsletters/send-background.js';
import { startBounceListener } from '../platform/mail/bounce-listener.js';
import { unsubscribeByMailbox } from '../modules/newsletters/unsubscribe-commands.js';
import { siteSecretFor } from '../modules/metering/settings.js';
import { startNewsletterImports } from '../modules/newsletters/import-job.js';

/**
 * The background work of a ROLE=worker or ROLE=all process (README "Running at scale"),
 * started together; stop() stops each in turn, and each finishes what it has in flight
 * (an email, a purge or digest batch, an event).
 */
export function startBackground(deps: { db: Db; config: Config; logger: Logger }): { stop(): Promise<void> } {
  const { db, config, logger } = deps;
  const jobs = [
    // The outbox's sender.
    startMailer({ db, config, logger }),
    // The trash purge (spec §4: permanent deletion after 14 days).
    startSweeper({ sweep: trashPurgeSweep({ db, clock: systemClock, logger }), logger }),
    // The notifications email digest (readers due by their own schedule).
    startSweeper({
      sweep: notificationDigestSweep({ db, logger, siteName: config.SITE_NAME, origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}` }),
      logger,
      intervalMs: 5 * 60_000,
    }),
    // The reactions to domain events: notifications (docs/adr/0007).
    startEventDispatcher({ db, logger, handlers: eventHandlers() }),
    // The outbox's housekeeping: handled events older than a week go.
    startSweeper({ sweep: handledEventsPruneSweep({ db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 1000 }),
    // Search documents for whatever has none (the demo content, bulk-loaded rows, a site
    // upgraded to search, an event given up on): at once, so a new site's search finds its
    // demo stories, then every 6 hours.
    startSweeper({ sweep: searchBackfillSweep(db), logger, intervalMs: 6 * 3600_000, startDelayMs: 0, batchSize: 5000 }),
    // The story search's top tier, rebuilt as the site grows (modules/search/tier.ts): hourly.
    startSweeper({ sweep: searchTierSweep(db), logger, intervalMs: 60 * 60_000, startDelayMs: 60_000 }),
    // Gift memberships end at their period end (a paid one ends by its provider's event): every 10 minutes.
    startSweeper({ sweep: giftExpirySweep({ db, clock: systemClock }), logger }),
    // Search analytics older than 90 days go (modules/search/retention.ts): hourly.
    startSweeper({ sweep: searchAnalyticsPruneSweep({ db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 1000 }),
    // Payments: the provider-event inbox, and the test provider's renewals, retries and expiry.
    startPaymentBackground({ db, config, logger, clock: systemClock, handlers: paymentEventHandlers({ env: membershipEnv(config, systemClock) }) }),
    // Gifts dated for later, emailed on their day; gift purchases a crash interrupted, finished: every minute.
    startSweeper({ sweep: giftDeliverySweep(giftDeps({ db, config, clock: systemClock }), logger), logger, intervalMs: 60_000 }),
    // Publications: approved drafts scheduled by their editors, published at their time: every minute.
    startSweeper({ sweep: scheduledStoriesSweep({ db, clock: systemClock }), logger, intervalMs: 60_000 }),
    startSweeper({ sweep: storyViewVisitorsPruneSweep({ db, clock: systemClock }), logger, intervalMs: 60 * 60_000, batchSize: 1000 }), // stats: visitor keys older than yesterday, hourly
    startNewsletterBackground({ db, config, logger }), // newsletters: stories to subscribers (bulk mail stream), the ledger's pruning
    ...(config.MAIL_BOUNCE_LISTEN ? [startBounceListener({ db, logger, listen: config.MAIL_BOUNCE_LISTEN, hostname: config.mainHost.split(':')[0], verpSecret: () => siteSecretFor(db, 'verp'), unsubscribeMail: (localPart) => unsubscribeByMailbox(db, localPart) })] : []), // bounces and complaints mailed to VERP return paths
    startNewsletterImports({ db, logger, siteName: config.SITE_NAME, origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}` }), // imported mailing lists, in batches (newsletters/import-job.ts)
  ];
  return {
    async stop() {
      for (const job of jobs) await job.stop();
    },
  };
}
