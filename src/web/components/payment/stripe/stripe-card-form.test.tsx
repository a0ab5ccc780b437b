// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StripeCardElement, StripeFactory } from './stripe-js.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Stripe.js is the outside world here: a stand-in with its calls recorded.
const stripeJs = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('./stripe-js.js', () => ({ loadStripeJs: stripeJs.load, STRIPE_JS_URL: 'https://js.stripe.com/v3/' }));
const { StripeCardForm, STRIPE_FORM_MESSAGES } = await import('./StripeCardForm.js');

function fakeStripe(result: { paymentMethod?: { id: string }; error?: { message: string } }) {
  const calls = { keys: [] as string[], mounted: null as HTMLElement | null, created: [] as unknown[] };
  let onChange: ((e: { complete: boolean; error?: { message: string } }) => void) | undefined;
  const card: StripeCardElement = { mount: (el) => void (calls.mounted = el), on: ((event: string, h: never) => { if (event === 'change') onChange = h; }) as StripeCardElement['on'], focus() {}, destroy() {} };
  const factory: StripeFactory = (key) => {
    calls.keys.push(key);
    return { elements: () => ({ create: () => card }), createPaymentMethod: async (input) => (calls.created.push(input), result) };
  };
  return { factory, calls, card, change: (e: { complete: boolean; error?: { message: string } }) => onChange?.(e) };
}

const provider = { id: 'STRIPE', testMode: true, publishableKey: 'pk_test_123' };
let container: HTMLElement;
let root: Root;
beforeEach(() => {
  stripeJs.load.mockReset();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const q = <T extends Element>(selector: string) => container.querySelector<T>(selector)!;
async function submitWithName(name: string) {
  const input = q<HTMLInputElement>('input[autocomplete="cc-name"]');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, name);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    q<HTMLFormElement>('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('StripeCardForm', () => {
  it('renders on the server without Stripe.js: the name field, a place for the card, the button disabled', () => {
    const html = renderToStaticMarkup(<StripeCardForm provider={provider} submitLabel="Pay $5" onSubmit={async () => undefined} />);
    expect(html).toMatch(/<label for="[^"]+">Name on card<\/label><input[^>]*autoComplete="cc-name"/);
    expect(html).toContain(STRIPE_FORM_MESSAGES.loading);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Pay \$5<\/button>/);
    expect(stripeJs.load).not.toHaveBeenCalled();
  });

  it('mounts the Card Element with the publishable key and hands the PaymentMethod id to onSubmit as a token', async () => {
    const stripe = fakeStripe({ paymentMethod: { id: 'pm_123' } });
    stripeJs.load.mockResolvedValue(stripe.factory);
    const onSubmit = vi.fn(async () => undefined);
    await act(async () => root.render(<StripeCardForm provider={provider} submitLabel="Pay $5" onSubmit={onSubmit} />));
    expect(stripe.calls.keys).toEqual(['pk_test_123']);
    expect(stripe.calls.mounted).toBe(q('[role="group"]'));
    expect(q<HTMLButtonElement>('button[type="submit"]').disabled).toBe(false);
    await submitWithName('Ada Lovelace');
    expect(stripe.calls.created).toEqual([{ type: 'card', card: stripe.card, billing_details: { name: 'Ada Lovelace' } }]);
    expect(onSubmit).toHaveBeenCalledWith({ token: 'pm_123' }, { nameOnCard: 'Ada Lovelace' });
  });

  it('shows what Stripe.js says of the card, and the page’s error answer', async () => {
    const refused = fakeStripe({ error: { message: 'Your card number is incomplete.' } });
    stripeJs.load.mockResolvedValue(refused.factory);
    const onSubmit = vi.fn(async () => ({ error: 'Your card was declined.' }));
    await act(async () => root.render(<StripeCardForm provider={provider} submitLabel="Pay" onSubmit={onSubmit} />));
    await act(async () => refused.change({ complete: false, error: { message: 'Your card’s expiration date is in the past.' } }));
    expect(container.textContent).toContain('Your card’s expiration date is in the past.');
    await submitWithName('Ada');
    expect(q('[role="alert"]').textContent).toBe('Your card number is incomplete.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says when Stripe.js cannot be loaded, and tries again when asked', async () => {
    const stripe = fakeStripe({ paymentMethod: { id: 'pm_1' } });
    stripeJs.load.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(stripe.factory);
    await act(async () => root.render(<StripeCardForm provider={provider} submitLabel="Pay" onSubmit={async () => undefined} />));
    expect(q('[role="alert"]').textContent).toContain(STRIPE_FORM_MESSAGES.loadFailed);
    await act(async () => q<HTMLButtonElement>('[role="alert"] button').click());
    expect(stripeJs.load).toHaveBeenCalledTimes(2);
    expect(stripe.calls.keys).toEqual(['pk_test_123']);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('without a publishable key it says payments are unavailable and loads nothing', async () => {
    await act(async () => root.render(<StripeCardForm provider={{ ...provider, publishableKey: null }} submitLabel="Pay" onSubmit={async () => undefined} />));
    expect(container.textContent).toBe(STRIPE_FORM_MESSAGES.notConfigured);
    expect(stripeJs.load).not.toHaveBeenCalled();
  });
});
