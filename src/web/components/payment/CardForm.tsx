import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button/index.js';
import { caretAfterDigits, cardErrors, cvcLength, digitsOf, EMPTY_CARD, formatCardNumber, formatExpiry, paymentMethodOf, type CardField, type CardValues } from './card-fields.js';
import { StripeCardSlot } from './StripeCardSlot.js';
import type { CardSubmit, PaymentProviderInfoView } from './types.js';
import styles from './CardForm.module.css';
import controls from './form-controls.module.css';

export interface CardFormProps {
  provider: PaymentProviderInfoView;
  /** The submit button's words ('Pay $50', 'Update card'). */
  submitLabel: string;
  /** Sends the card; an `{ error }` answer is shown above the button and the form stays filled. */
  onSubmit: CardSubmit;
  /** A summary above the fields (the plan and its price). */
  children?: ReactNode;
}

const FIELD_ORDER: readonly CardField[] = ['name', 'number', 'expiry', 'cvc', 'postalCode'];

/**
 * A card form: name on card, card number, expiry, security code and postal code, with the
 * browser's autofill names, masks as the reader types, and checks with a message beside each
 * field before anything is sent. With the built-in test provider it says so and gives the test
 * cards; with Stripe, Stripe's own card component takes the fields' place.
 */
export function CardForm({ provider, submitLabel, onSubmit, children }: CardFormProps) {
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});

  const errors = cardErrors(values, new Date());
  const shown = (field: CardField) => (submitted || touched[field] ? errors[field] : undefined);

  if (provider.id === 'STRIPE') {
    return (
      <div className={`${controls.form} ${styles.form}`}>
        {children}
        {provider.testMode && <TestModeNotice stripe />}
        <StripeCardSlot provider={provider} submitLabel={submitLabel} onSubmit={onSubmit} />
      </div>
    );
  }

  /** A masked field keeps the caret after the digits the reader had before it. */
  const setMasked = (field: CardField, format: (raw: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const digitsBefore = digitsOf(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const next = format(input.value);
    setValues((v) => ({ ...v, [field]: next }));
    requestAnimationFrame(() => {
      if (document.activeElement !== input) return;
      const at = caretAfterDigits(next, digitsBefore);
      input.setSelectionRange(at, at);
    });
  };
  const setPlain = (field: CardField) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const blur = (field: CardField) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerError(null);
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setBusy(true);
    const outcome = await onSubmit(paymentMethodOf(values), { nameOnCard: values.name.trim() }).catch(() => ({ error: 'Please try again.' }));
    setBusy(false);
    if (outcome && 'error' in outcome) setServerError(outcome.error);
  }

  const field = (name: CardField, label: string, input: ReactNode, className?: string) => {
    const error = shown(name);
    return (
      <div className={`${controls.field} ${styles.field}${className ? ` ${className}` : ''}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input}
        {error && (
          <p id={`${id}-${name}-error`} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };
  const common = (name: CardField) => ({
    id: `${id}-${name}`,
    name,
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    value: values[name],
    onBlur: blur(name),
    disabled: busy,
    'aria-invalid': shown(name) ? true : undefined,
    'aria-describedby': shown(name) ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className={`${controls.form} ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate aria-label="Card details" data-testid="card-form">
      {children}
      {provider.testMode && <TestModeNotice />}
      {field('name', 'Name on card', <input {...common('name')} type="text" autoComplete="cc-name" maxLength={100} onChange={setPlain('name')} />)}
      {field(
        'number',
        'Card number',
        <input {...common('number')} type="text" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={19} onChange={setMasked('number', formatCardNumber)} />,
      )}
      <div className={styles.row}>
        {field('expiry', 'Expiry date', <input {...common('expiry')} type="text" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" maxLength={7} onChange={setMasked('expiry', formatExpiry)} />)}
        {field(
          'cvc',
          'Security code (CVC)',
          <input
            {...common('cvc')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={cvcLength(digitsOf(values.number)) === 4 ? '4 digits' : '3 digits'}
            maxLength={4}
            onChange={setMasked('cvc', (raw) => digitsOf(raw).slice(0, cvcLength(digitsOf(values.number))))}
          />,
        )}
      </div>
      {field('postalCode', 'Postal code', <input {...common('postalCode')} type="text" autoComplete="postal-code" maxLength={10} onChange={setPlain('postalCode')} />, styles.short)}
      {serverError && (
        <p className={styles.formError} role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" variant="accent" size="large" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Processing…' : submitLabel}
      </Button>
      <p className={styles.secure}>Your card is sent over an encrypted connection to the payment provider; this site keeps only its brand, last four digits and expiry.</p>
    </form>
  );
}

/** The built-in test provider charges nothing: say so, with the cards it knows. */
function TestModeNotice({ stripe = false }: { stripe?: boolean }) {
  return (
    <div className={styles.testMode} data-testid="test-mode">
      <span className={styles.testBadge}>Test mode</span>
      <p>
        No real money moves. Use the card <strong>4242 4242 4242 4242</strong> with any future expiry date and any security code.
        {!stripe && ' 4000 0000 0000 0002 is declined; 4000 0000 0000 3220 asks for 3-D Secure.'}
      </p>
    </div>
  );
}
