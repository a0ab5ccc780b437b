import { useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { LOGIN_WITH_PASSWORD } from '../../graphql/password-operations.js';
import { Button } from '../button/index.js';
import { isValidEmail } from './susi-state.js';
import styles from './susi.module.css';
import { normalizeRedirect } from '../../../shared/redirect.js';

export interface PasswordSignInProps {
  email: string;
  onEmailChange(email: string): void;
  redirect?: string;
  /** The password was right and two-factor is on: continue with this challenge. */
  onTwoFactor(challenge: string): void;
  /** Back to a magic link (the way out of a password lockout). */
  onUseEmailLink(): void;
}

/** Sign-in with email and password; the lockout texts are the server's (spec §8). */
export function PasswordSignIn(props: PasswordSignInProps) {
  const loadData = useBrowserData();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!isValidEmail(props.email)) return setError('Please enter a valid email address.');
    setBusy(true);
    const r = await mutateField(loadData, LOGIN_WITH_PASSWORD, { email: props.email.trim(), password, redirect: props.redirect ?? null }, 'loginWithPassword');
    setBusy(false);
    if (r?.__typename === 'SignedIn') return window.location.assign(normalizeRedirect(r.redirect));
    if (r?.__typename === 'TwoFactorRequired') return props.onTwoFactor(String(r.challenge));
    setPassword('');
    setError(r?.message ?? 'Please try again.');
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span>Your email</span>
        <input name="email" type="email" autoComplete="username" value={props.email} onChange={(e) => props.onEmailChange(e.target.value)} />
      </label>
      <label className={styles.field}>
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(error)} />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={busy || password.length === 0}>
        Sign in
      </Button>
      <button type="button" className={styles.link} onClick={props.onUseEmailLink}>
        Email me a sign-in link instead
      </button>
    </form>
  );
}
