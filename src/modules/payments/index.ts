/**
 * The payments module's public surface: the provider for this site's configuration, the ledger
 * (syncCharge, billing history) and the provider-event inbox. The membership and gift modules
 * import from here and speak only to the PaymentProvider interface, never to a provider's SDK.
 */
import type { Config } from '../../server/config.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import type { PaymentProvider } from './provider.js';
import { TestPaymentProvider } from './test-provider/provider.js';

export type * from './provider.js';
export { TestPaymentProvider, TEST_PROVIDER_MESSAGES } from './test-provider/provider.js';
export { syncCharge, recordCharge, billingHistory, chargeOfUser, ledgerTotals, chargeView, type ChargeView } from './ledger.js';
export {
  recordProviderEvent,
  processProviderEvents,
  providerEventsSweep,
  notifyProviderEventProcessors,
  onProviderEvent,
  type PaymentEventHandlers,
  type ProcessResult,
} from './inbox.js';
export { CARD_MESSAGES } from './test-provider/cards.js';

export interface PaymentDeps {
  db: Db;
  clock: Clock;
}

export type PaymentConfig = Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>;

type ProviderFactory = (config: PaymentConfig, deps: PaymentDeps) => PaymentProvider;

/**
 * One factory per PAYMENT_PROVIDER value. The Stripe adapter (./stripe/) puts its own here;
 * until it does, asking for Stripe says so at start-up rather than failing at the first purchase.
 */
const FACTORIES: Record<PaymentConfig['PAYMENT_PROVIDER'], ProviderFactory> = {
  test: (_config, deps) => new TestPaymentProvider(deps),
  stripe: () => {
    throw new Error('PAYMENT_PROVIDER=stripe: the Stripe adapter is not part of this build.');
  },
};

/** The site's payment provider (PAYMENT_PROVIDER; the built-in test provider by default). */
export function getPaymentProvider(config: PaymentConfig, deps: PaymentDeps): PaymentProvider {
  return FACTORIES[config.PAYMENT_PROVIDER](config, deps);
}
