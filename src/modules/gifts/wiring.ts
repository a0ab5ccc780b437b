import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../server/config.js';
import { membershipDeps } from '../membership/services.js';
import { getPaymentProvider, recordCharge } from '../payments/index.js';
import type { GiftDeps } from './purchase.js';

const site = (config: Config) => ({ siteName: config.SITE_NAME, origin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}` });

/** The gift commands' dependencies on a given clock: the configured payment provider, the ledger, the site's name and origin. */
export function giftDeps(input: { db: Db; config: Config; clock: Clock }): GiftDeps {
  return { db: input.db, clock: input.clock, provider: getPaymentProvider(input.config, { db: input.db, clock: input.clock }), recordCharge, site: site(input.config) };
}

/**
 * A request's: the same provider and clock as the membership module's (membershipDeps), so a
 * server or test that sets its clock there (useMembershipDeps) sets it for gifts too.
 */
export function giftDepsFor(ctx: { db: Db; config: Config }): GiftDeps {
  const m = membershipDeps(ctx);
  return { db: ctx.db, clock: m.env.clock, provider: m.provider, recordCharge, site: site(ctx.config) };
}
