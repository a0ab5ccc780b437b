import Stripe from 'stripe';

export interface StripeSettings {
  /** sk_test_… or sk_live_…: test mode shows as such in the UI. */
  secretKey: string;
  /** pk_…: handed to Stripe.js in the browser. */
  publishableKey: string | null;
  /** whsec_…: the signing secret of the webhook endpoint (Dashboard or `stripe listen`). */
  webhookSecret: string | null;
  /** Another Stripe API peer (a local mock in tests): its base URL; null for api.stripe.com. */
  apiBase: string | null;
  /** The site's origin (http://host): a reader confirming a payment with their bank (3-D Secure) comes back to a page here. */
  siteOrigin: string;
}

/** The official SDK, pointed at api.stripe.com or at the peer named by STRIPE_API_BASE. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const peer = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    // Retried requests carry the same Idempotency-Key, so a retry never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Inkwell' },
    ...(peer
      ? {
          host: peer.hostname,
          port: peer.port || (peer.protocol === 'https:' ? 443 : 80),
          protocol: peer.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export const isTestKey = (secretKey: string): boolean => secretKey.startsWith('sk_test_') || secretKey.startsWith('rk_test_');
