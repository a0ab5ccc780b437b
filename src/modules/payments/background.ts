import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { startSweeper } from '../../platform/jobs/sweeper.js';
import type { Logger } from '../../platform/logger/index.js';
import { getPaymentProvider, type PaymentConfig } from './index.js';
import { onProviderEvent, providerEventsSweep, type PaymentEventHandlers } from './inbox.js';
import { testProviderRenewalSweep } from './test-provider/renewals.js';

/** The inbox's poll: events from another process (a web process's purchase, a webhook) wait at most this. */
const INBOX_INTERVAL_MS = 5_000;
/** The test provider's billing cycle: renewals are due by the minute at most. */
const RENEWAL_INTERVAL_MS = 60_000;
const RENEWAL_BATCH = 500;

/**
 * The payments work of a worker process: the provider-event inbox (polled, and at once after a
 * test-provider write in this process) and, with the test provider, its renewal, retry and
 * expiry sweep on `clock`.
 */
export function startPaymentBackground(deps: { db: Db; config: PaymentConfig; logger: Logger; clock: Clock; handlers: PaymentEventHandlers }): { stop(): Promise<void> } {
  const { db, logger, clock } = deps;
  const provider = getPaymentProvider(deps.config, { db, clock });
  const inbox = startSweeper({ sweep: providerEventsSweep(db, { provider, handlers: deps.handlers, clock, logger }), logger, intervalMs: INBOX_INTERVAL_MS, startDelayMs: 0, batchSize: 100 });
  const unregister = onProviderEvent(() => void inbox.runNow().catch(() => {}));
  const renewals = provider.id === 'TEST' ? startSweeper({ sweep: testProviderRenewalSweep({ db, clock, logger }), logger, intervalMs: RENEWAL_INTERVAL_MS, batchSize: RENEWAL_BATCH }) : null;
  return {
    async stop() {
      unregister();
      await renewals?.stop();
      await inbox.stop();
    },
  };
}
