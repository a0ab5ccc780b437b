import { systemClock, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../server/config.js';
import { getPaymentProvider, recordCharge } from '../payments/index.js';
import type { GiftDeps } from './purchase.js';

/** The gift commands' dependencies: the configured payment provider, the ledger, the site's name and origin. */
export function giftDeps(input: { db: Db; config: Config; clock?: Clock }): GiftDeps {
  const clock = input.clock ?? systemClock;
  return {
    db: input.db,
    clock,
    provider: getPaymentProvider(input.config, { db: input.db, clock }),
    recordCharge,
    site: { siteName: input.config.SITE_NAME, origin: `${input.config.PUBLIC_PROTOCOL}://${input.config.mainHost}` },
  };
}

export const giftDepsFor = (ctx: { db: Db; config: Config }): GiftDeps => giftDeps(ctx);
