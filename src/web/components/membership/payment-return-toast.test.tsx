// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../toast/index.js';
import { PAYMENT_UPDATED_MESSAGE, PaymentReturnToast } from './PaymentReturnToast.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function land(url: string) {
  window.history.replaceState(null, '', url);
  await act(async () => root.render(<ToastProvider><PaymentReturnToast url={url} /></ToastProvider>));
}

describe('payment return toast (spec §4)', () => {
  it('says the payment method was updated on any page reached with updatedPayment=1, then drops the parameter but not the hash', async () => {
    await land('/me/settings/membership?updatedPayment=1&x=2#payment');
    expect(container.textContent).toContain(PAYMENT_UPDATED_MESSAGE);
    expect(PAYMENT_UPDATED_MESSAGE).toBe('Your payment method has been updated successfully.');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/me/settings/membership?x=2#payment');
  });

  it('says nothing without it, or with another value', async () => {
    await land('/@ann?updatedPayment=0');
    expect(container.textContent).not.toContain(PAYMENT_UPDATED_MESSAGE);
    expect(window.location.search).toBe('?updatedPayment=0');
  });
});
