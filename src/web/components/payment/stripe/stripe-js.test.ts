import { describe, expect, it } from 'vitest';
import { createStripeJsLoader, STRIPE_JS_URL, type LoaderHost, type StripeFactory } from './stripe-js.js';

/** A page with a head that records the script tags added to it; each tag can load or fail. */
function fakePage(timeoutMs?: number) {
  const scripts: Array<EventTarget & { src: string; async: boolean; removed: boolean; remove(): void }> = [];
  const page: LoaderHost = {
    window: {},
    timeoutMs,
    document: {
      createElement: () => Object.assign(new EventTarget(), { src: '', async: false, removed: false, remove() { this.removed = true; } }) as unknown as HTMLScriptElement,
      head: { appendChild: (node) => scripts.push(node as unknown as (typeof scripts)[number]) },
      querySelector: (selector) => (scripts.find((s) => !s.removed && selector === `script[src="${s.src}"]`) as unknown as Element) ?? null,
    },
  };
  const stripe: StripeFactory = () => ({ elements: () => ({ create: () => { throw new Error('not used'); } }), createPaymentMethod: async () => ({}) });
  return { page, scripts, stripe };
}

describe('Stripe.js loader', () => {
  it('adds one async script from js.stripe.com and resolves with Stripe once it has loaded', async () => {
    const { page, scripts, stripe } = fakePage();
    const load = createStripeJsLoader(() => page);
    const first = load();
    const second = load();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: STRIPE_JS_URL, async: true });
    page.window.Stripe = stripe;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(stripe);
    await expect(second).resolves.toBe(stripe);
    await expect(load()).resolves.toBe(stripe);
    expect(scripts).toHaveLength(1);
  });

  it('uses Stripe.js already on the page without another script', async () => {
    const { page, scripts, stripe } = fakePage();
    page.window.Stripe = stripe;
    await expect(createStripeJsLoader(() => page)()).resolves.toBe(stripe);
    expect(scripts).toHaveLength(0);
  });

  it('rejects when the script fails, and loads afresh when asked again', async () => {
    const { page, scripts, stripe } = fakePage();
    const load = createStripeJsLoader(() => page);
    const failed = load();
    scripts[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Stripe.js could not be loaded.');
    expect(scripts[0]!.removed).toBe(true);
    const retry = load();
    expect(scripts).toHaveLength(2);
    page.window.Stripe = stripe;
    scripts[1]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(stripe);
  });

  it('rejects a script that loads without starting Stripe, and one that never answers', async () => {
    const { page, scripts } = fakePage(20);
    const load = createStripeJsLoader(() => page);
    const empty = load();
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('did not start');
    await expect(load()).rejects.toThrow('took too long');
    expect(scripts.every((s) => s.removed)).toBe(true);
  });
});
