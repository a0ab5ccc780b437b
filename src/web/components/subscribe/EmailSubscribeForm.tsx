import { useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LAZY_SUBSCRIBE_NEWSLETTER, SUBSCRIBE_BY_EMAIL } from '../../graphql/subscribe-operations.js';
import { Button } from '../button/Button.js';
import { captchaValue } from '../susi/captcha-client.js';
import { isValidEmail } from '../susi/susi-state.js';
import styles from './subscribe.module.css';

type Result = { __typename: string; value?: string; message?: string };

export interface EmailSubscribeFormProps {
  /** The writer's newsletter, when it exists; else it is fetched (made) on submit. */
  newsletterId: string | null;
  writerId: string;
  newsletterName: string;
  /** Spec §5 notice: the address is shared with the writer. */
  consentNotice: string;
}

/**
 * Spec §7 NewsletterV3PublicationSubscribeByEmail for a signed-out visitor: the address, the
 * §5 notice, the sign-up check (captcha) solved on submit, then "Check your inbox": the
 * confirmation link in the email finishes the subscription (double opt-in).
 */
export function EmailSubscribeForm({ newsletterId, writerId, newsletterName, consentNotice }: EmailSubscribeFormProps) {
  const loadData = useBrowserData();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!isValidEmail(email)) return setError('Please enter a valid email address.');
    setBusy(true);
    setError(null);
    try {
      const { client } = await loadData();
      let id = newsletterId;
      if (!id) {
        const made = await client.mutate({ mutation: LAZY_SUBSCRIBE_NEWSLETTER, variables: { userId: writerId } });
        id = (made.data as { fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe?: { id: string } } | undefined)?.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe?.id ?? null;
        if (!id) throw new Error('no newsletter');
      }
      const captcha = await captchaValue(loadData).catch(() => null);
      const { data } = await client.mutate({ mutation: SUBSCRIBE_BY_EMAIL, variables: { newsletterV3Id: id, email: email.trim(), captchaValue: captcha } });
      const result = (data as { newsletterV3PublicationSubscribeByEmail?: Result } | undefined)?.newsletterV3PublicationSubscribeByEmail;
      if (result?.__typename === 'SusiMethod') setSentTo(email.trim());
      else setError(result?.message ?? 'Please try again.');
    } catch {
      setError('Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className={styles.sent} role="status" data-testid="subscribe-check-inbox">
        <h2 className={styles.sentHeading}>Check your inbox</h2>
        <p>
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your subscription to {newsletterName}.
        </p>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="email-subscribe-form">
      <div className={styles.row}>
        <label className="visually-hidden" htmlFor="subscribe-email">
          Your email
        </label>
        <input
          id="subscribe-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'subscribe-email-error' : undefined}
          required
        />
        <Button type="submit" variant="accent" disabled={busy} aria-busy={busy || undefined}>
          Subscribe
        </Button>
      </div>
      {error && (
        <p id="subscribe-email-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.notice}>{consentNotice}</p>
    </form>
  );
}
