/**
 * The Stripe adapter's surface: the provider for PAYMENT_PROVIDER=stripe (one per process and
 * settings, so its catalogue of prices is looked up once) and the webhook route.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../server/config.js';
import type { Clock } from '../../../platform/clock.js';
import type { PaymentEventHandlers } from '../inbox.js';
import { registerStripeWebhooks } from './webhooks.js';
import { friendOf } from '../../../shared/membership.js';
import type { StripeSettings } from './client.js';
import { StripeProvider } from './stripe-provider.js';

export { StripeProvider } from './stripe-provider.js';
export { registerStripeWebhooks, STRIPE_WEBHOOK_PATH } from './webhooks.js';

export type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'SITE_NAME' | 'PUBLIC_PROTOCOL' | 'mainHost'>;

export function stripeSettings(config: StripeConfig): StripeSettings {
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    apiBase: config.STRIPE_API_BASE ?? null,
    siteOrigin: `${config.PUBLIC_PROTOCOL}://${config.mainHost}`,
  };
}

const providers = new Map<string, StripeProvider>();

/** The Stripe provider for these settings, made once per process. */
export function createStripeProvider(config: StripeConfig): StripeProvider {
  const settings = stripeSettings(config);
  const key = JSON.stringify(settings);
  let provider = providers.get(key);
  if (!provider) {
    provider = new StripeProvider(settings, { friendName: friendOf(config.SITE_NAME) });
    providers.set(key, provider);
  }
  return provider;
}

/** PAYMENT_PROVIDER=stripe: the webhook endpoint, with the site's provider and event handlers. */
export async function registerStripeRoutes(app: FastifyInstance, deps: { clock: Clock; handlers: PaymentEventHandlers }): Promise<void> {
  const provider = createStripeProvider(app.config);
  const webhookSecret = provider.settings.webhookSecret;
  if (!webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET');
  await registerStripeWebhooks(app, { provider, webhookSecret, handlers: deps.handlers, clock: deps.clock });
}
