/** The payment provider serving this site (GraphQL paymentProviderInfo). */
export interface PaymentProviderInfoView {
  /** 'TEST' (the built-in test provider) or 'STRIPE'. */
  id: string;
  testMode: boolean;
  publishableKey: string | null;
}

/**
 * The card as GraphQL's PaymentMethodInput takes it: the card's fields for the test provider,
 * or a token from the provider's own card component (Stripe.js: a PaymentMethod id).
 */
export interface PaymentMethodInput {
  cardNumber?: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
  postalCode?: string;
  token?: string;
}

/** What the page did with the card: nothing to say (it moved on), or why it failed. */
export type CardSubmitOutcome = { error: string } | void;

/** The card form's submit: the payment method, and the name on the card (the provider's billing details). */
export type CardSubmit = (paymentMethod: PaymentMethodInput, details: { nameOnCard: string }) => Promise<CardSubmitOutcome>;
