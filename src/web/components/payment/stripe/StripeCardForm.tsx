import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../button/index.js';
import { loadStripeJs, type StripeCardElement, type StripeJs } from './stripe-js.js';
import controls from '../form-controls.module.css';
import styles from './StripeCardForm.module.css';

/** The card as GraphQL's PaymentMethodInput takes it; Stripe gives `token` (a PaymentMethod id). */
export interface StripePaymentMethodInput {
  token?: string;
}
/** The same submit as the site's card form: an `{ error }` answer is shown, nothing means the page moved on. */
export type StripeCardSubmit = (paymentMethod: StripePaymentMethodInput, details: { nameOnCard: string }) => Promise<{ error: string } | void>;

export interface StripeCardFormProps {
  /** GraphQL paymentProviderInfo: this form is for id STRIPE, with its publishable key. */
  provider: { id: string; testMode: boolean; publishableKey: string | null };
  submitLabel: string;
  onSubmit: StripeCardSubmit;
}

export const STRIPE_FORM_MESSAGES = {
  loading: 'Loading the secure card form…',
  loadFailed: 'The card form could not be loaded. Check your connection and try again.',
  notConfigured: 'Card payments are not available right now.',
  retry: 'Try again',
  nameRequired: 'Enter the name on the card.',
  tryAgain: 'Please try again.',
} as const;

type Loaded = { stripe: StripeJs; card: StripeCardElement };

/**
 * The card through Stripe: Stripe.js's Card Element (number, expiry, CVC and postal code in
 * Stripe's own frame, with the browser's autofill) beside a name field of ours. On submit
 * Stripe.js makes a PaymentMethod and its id goes to `onSubmit` as `{ token }`: the card number
 * never reaches this site. Stripe.js loads only when this form is shown.
 */
export function StripeCardForm({ provider, submitLabel, onSubmit }: StripeCardFormProps) {
  const id = useId();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = provider.publishableKey;

  useEffect(() => {
    if (!key || !mountPoint.current) return;
    let live = true;
    let card: StripeCardElement | null = null;
    setLoadError(false);
    loadStripeJs().then(
      (Stripe) => {
        if (!live || !mountPoint.current) return;
        const stripe = Stripe(key);
        card = stripe.elements().create('card', { hidePostalCode: false, style: { base: { fontSize: '16px' } } });
        card.on('change', (e) => setCardError(e.error?.message ?? null));
        card.mount(mountPoint.current);
        setLoaded({ stripe, card });
      },
      () => live && setLoadError(true),
    );
    return () => {
      live = false;
      card?.destroy();
    };
  }, [key, attempt]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !loaded) return;
    setServerError(null);
    if (!name.trim()) {
      setServerError(STRIPE_FORM_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    try {
      const made = await loaded.stripe.createPaymentMethod({ type: 'card', card: loaded.card, billing_details: { name: name.trim() } });
      if (!made.paymentMethod) {
        setServerError(made.error?.message ?? STRIPE_FORM_MESSAGES.tryAgain);
        return;
      }
      const outcome = await onSubmit({ token: made.paymentMethod.id }, { nameOnCard: name.trim() });
      if (outcome && 'error' in outcome) setServerError(outcome.error);
    } catch {
      setServerError(STRIPE_FORM_MESSAGES.tryAgain);
    } finally {
      setBusy(false);
    }
  }

  if (!key) return <p role="alert">{STRIPE_FORM_MESSAGES.notConfigured}</p>;
  return (
    <form className={`${controls.form} ${styles.form}`} onSubmit={submit} noValidate data-testid="stripe-card-form">
      <div className={`${controls.field} ${styles.field}`}>
        <label htmlFor={`${id}-name`}>Name on card</label>
        <input id={`${id}-name`} type="text" autoComplete="cc-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
      </div>
      <div className={`${controls.field} ${styles.field}`}>
        <label id={`${id}-card-label`}>Card</label>
        <div ref={mountPoint} className={`${controls.control} ${styles.card}`} role="group" aria-labelledby={`${id}-card-label`} aria-busy={!loaded} />
        {!loaded && !loadError && <p className={styles.muted}>{STRIPE_FORM_MESSAGES.loading}</p>}
        {cardError && <p className={styles.error}>{cardError}</p>}
      </div>
      {loadError && (
        <p role="alert" className={styles.error}>
          {STRIPE_FORM_MESSAGES.loadFailed}{' '}
          <Button variant="text" onClick={() => setAttempt((n) => n + 1)}>
            {STRIPE_FORM_MESSAGES.retry}
          </Button>
        </p>
      )}
      {serverError && (
        <p role="alert" className={styles.error}>
          {serverError}
        </p>
      )}
      <Button type="submit" variant="accent" disabled={busy || !loaded}>
        {submitLabel}
      </Button>
    </form>
  );
}
