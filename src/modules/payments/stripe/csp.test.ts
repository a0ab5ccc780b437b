import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../server/http/content-security-policy.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
const base = { nonce: 'n0nce', embeddable: false, development: false, recaptcha: false };

describe('pages CSP with Stripe', () => {
  it('allows Stripe.js, its frames and its API only when the provider is Stripe', () => {
    const stripe = contentSecurityPolicy({ ...base, stripe: true });
    expect(directive(stripe, 'script-src')).toBe("script-src 'self' 'nonce-n0nce' https://js.stripe.com");
    expect(directive(stripe, 'frame-src')).toContain('https://js.stripe.com https://hooks.stripe.com');
    expect(directive(stripe, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com https://js.stripe.com");
    const plain = contentSecurityPolicy(base);
    expect(plain).not.toContain('stripe.com');
    expect(directive(plain, 'connect-src')).toBe("connect-src 'self'");
  });
});
