import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { getPaymentProvider } from './index.js';
import { manualClock } from '../../platform/clock.js';

const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('payment settings', () => {
  it('take payments with the built-in test provider by default', () => {
    const config = loadConfig({});
    expect(config.PAYMENT_PROVIDER).toBe('test');
    const provider = getPaymentProvider(config, { db: {} as never, clock: manualClock() });
    expect([provider.id, provider.testMode]).toEqual(['TEST', true]);
  });

  it('read the Stripe keys, and need all three with PAYMENT_PROVIDER=stripe', () => {
    expect(loadConfig({ ...STRIPE, STRIPE_API_BASE: 'http://localhost:12111' })).toMatchObject({ ...STRIPE, STRIPE_API_BASE: 'http://localhost:12111' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_PUBLISHABLE_KEY: required[\s\S]*STRIPE_WEBHOOK_SECRET: required/);
    expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe/);
  });

  it('refuse values that cannot be right, naming the variable', () => {
    for (const [name, value, message] of [
      ['PAYMENT_PROVIDER', 'paypal', /PAYMENT_PROVIDER/],
      ['STRIPE_SECRET_KEY', 'pk_test_abc', /STRIPE_SECRET_KEY: must be a Stripe secret key/],
      ['STRIPE_PUBLISHABLE_KEY', 'sk_test_abc', /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/],
      ['STRIPE_WEBHOOK_SECRET', 'abc', /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/],
      ['STRIPE_API_BASE', 'http://stripe.example.com', /STRIPE_API_BASE: must use https/],
      ['STRIPE_API_BASE', 'not a url', /STRIPE_API_BASE: must be a URL/],
    ] as const) {
      expect(() => loadConfig({ ...STRIPE, [name]: value }), `${name}=${value}`).toThrow(message);
    }
    expect(() => loadConfig({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(/same mode \(test or live\)/);
  });
});
