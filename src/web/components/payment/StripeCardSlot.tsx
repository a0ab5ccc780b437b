import type { CardSubmit, PaymentProviderInfoView } from './types.js';

export interface ProviderCardFieldsProps {
  provider: PaymentProviderInfoView;
  submitLabel: string;
  onSubmit: CardSubmit;
}

/**
 * Where Stripe's own card component goes when the site takes payments through Stripe: Stripe.js
 * collects the card in its frame and hands back a PaymentMethod id, given to `onSubmit` as
 * `{ token }`, so the number never reaches this site. Stripe's component lives in
 * components/payment/stripe/; this is the one place the card form renders it.
 */
export function StripeCardSlot(_props: ProviderCardFieldsProps) {
  return (
    <p role="alert" data-testid="stripe-card-slot">
      Card payments through Stripe are not set up on this site yet.
    </p>
  );
}
