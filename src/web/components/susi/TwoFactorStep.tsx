import { useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { VERIFY_TWO_FACTOR_SIGN_IN } from '../../graphql/password-operations.js';
import { Button } from '../button/index.js';
import styles from './susi.module.css';
import { normalizeRedirect } from '../../../shared/redirect.js';

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code. */
export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart(): void }) {
  const loadData = useBrowserData();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const r = await mutateField(loadData, VERIFY_TWO_FACTOR_SIGN_IN, { challenge, code: code.trim() }, 'verifyTwoFactorSignIn');
    setBusy(false);
    if (r?.__typename === 'SignedIn') return window.location.assign(normalizeRedirect(r.redirect));
    setCode('');
    setError(r?.message ?? 'Please try again.');
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span>Verification code</span>
        <input name="code" className={styles.code} inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={Boolean(error)} />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={busy || code.trim().length < 6}>
        Verify
      </Button>
      <button type="button" className={styles.link} onClick={onRestart}>
        Start over
      </button>
    </form>
  );
}
