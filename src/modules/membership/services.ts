/**
 * The membership module's dependencies for a request: the database, the configured payment
 * provider and the environment (clock, site name and origin for emails). Made once per
 * database and kept; a test (or a server with its own clock) sets them with useMembershipDeps.
 */
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../server/config.js';
import { getPaymentProvider } from '../payments/index.js';
import { membershipEnv } from './env.js';
import type { MembershipDeps } from './purchase.js';

const byDb = new WeakMap<Db, MembershipDeps>();

export function membershipDeps(ctx: { db: Db; config: Config }): MembershipDeps {
  let deps = byDb.get(ctx.db);
  if (!deps) {
    const env = membershipEnv(ctx.config);
    deps = { db: ctx.db, provider: getPaymentProvider(ctx.config, { db: ctx.db, clock: env.clock }), env };
    byDb.set(ctx.db, deps);
  }
  return deps;
}

/** Sets the dependencies used for `deps.db` (tests: the manual clock and its provider). */
export function useMembershipDeps(deps: MembershipDeps): void {
  byDb.set(deps.db, deps);
}

/** Spec: which provider takes payments and whether it is the test one (the pages mark test mode). */
export function paymentProviderInfo(ctx: { db: Db; config: Config }) {
  const { provider } = membershipDeps(ctx);
  const config = ctx.config as Config & { STRIPE_PUBLISHABLE_KEY?: string };
  return { id: provider.id.toLowerCase(), testMode: provider.testMode, publishableKey: provider.id === 'STRIPE' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null };
}
