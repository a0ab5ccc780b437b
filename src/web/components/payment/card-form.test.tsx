import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardForm } from './CardForm.js';

const render = (provider: { id: string; testMode: boolean; publishableKey: string | null }) =>
  renderToStaticMarkup(<CardForm provider={provider} submitLabel="Pay $50" onSubmit={async () => undefined} />);

describe('CardForm', () => {
  it('labels every field and names it for autofill', () => {
    const html = render({ id: 'TEST', testMode: true, publishableKey: null });
    for (const [label, autocomplete] of [
      ['Name on card', 'cc-name'],
      ['Card number', 'cc-number'],
      ['Expiry date', 'cc-exp'],
      ['Security code (CVC)', 'cc-csc'],
      ['Postal code', 'postal-code'],
    ]) {
      const id = new RegExp(`<label for="([^"]+)">${label.replace(/[()]/g, '\\$&')}</label>`).exec(html)?.[1];
      expect(id, label).toBeTruthy();
      expect(html).toMatch(new RegExp(`<input id="${id}"[^>]*autoComplete="${autocomplete}"`, 'i'));
    }
    expect(html).toContain('Pay $50');
  });

  it('marks test mode with the test cards, and says nothing of it otherwise', () => {
    expect(render({ id: 'TEST', testMode: true, publishableKey: null })).toMatch(/Test mode[\s\S]*4242 4242 4242 4242/);
    expect(render({ id: 'TEST', testMode: false, publishableKey: null })).not.toContain('Test mode');
  });

  it("leaves the card to Stripe's own component when the provider is Stripe", () => {
    const html = render({ id: 'STRIPE', testMode: false, publishableKey: 'pk_test_x' });
    expect(html).toContain('data-testid="stripe-card-slot"');
    expect(html).not.toContain('cc-number');
  });
});
