import { useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { SEND_REAUTH_EMAIL, SET_PASSWORD } from '../../graphql/password-operations.js';
import { Button } from '../button/index.js';
import styles from './security.module.css';

/**
 * Set or change the password. With a password already set, the current one is asked
 * for, unless the reader signed in by link or code in the last 10 minutes (the server
 * decides; its message says what to do). Without a password, or without remembering it, a
 * button sends a sign-in email to the account's address that comes back to this page.
 */
export function PasswordForm({ hasPassword, onSaved }: { hasPassword: boolean; onSaved?(): void }) {
  const loadData = useBrowserData();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // 'offer': the server asked for a recent sign-in; 'sending'; or where the email went.
  const [reauth, setReauth] = useState<'offer' | 'sending' | { sentTo: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await mutateField(loadData, SET_PASSWORD, { currentPassword: current || null, newPassword: next }, 'setPassword');
    setBusy(false);
    if (result?.__typename === 'MutationSuccess') {
      setCurrent('');
      setNext('');
      setReauth(null);
      setMessage({ text: 'Your password is saved.', error: false });
      onSaved?.();
      return;
    }
    if (result?.__typename === 'ReauthRequired' && reauth === null) setReauth('offer');
    setMessage({ text: result?.message ?? 'Please try again.', error: true });
  }

  async function sendSignInEmail() {
    setReauth('sending');
    const redirect = window.location.pathname + window.location.search + window.location.hash;
    const result = await mutateField(loadData, SEND_REAUTH_EMAIL, { redirect }, 'sendReauthEmail');
    if (result?.__typename === 'ReauthEmailSent') {
      setReauth({ sentTo: String(result.emailObfuscated) });
      setMessage(null);
      return;
    }
    setReauth('offer');
    setMessage({ text: result?.message ?? 'Please try again.', error: true });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {hasPassword && (
        <label className={styles.field}>
          <span>Current password</span>
          <input type="password" name="currentPassword" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </label>
      )}
      <label className={styles.field}>
        <span>New password</span>
        <input type="password" name="newPassword" autoComplete="new-password" minLength={8} maxLength={128} value={next} onChange={(e) => setNext(e.target.value)} />
      </label>
      <p className={styles.hint}>At least 8 characters. A few unrelated words make a strong one.</p>
      {message && (
        <p className={message.error ? styles.error : styles.success} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {(reauth === 'offer' || reauth === 'sending') && (
        <Button type="button" variant="outline" disabled={reauth === 'sending'} onClick={() => void sendSignInEmail()}>
          Email me a sign-in link
        </Button>
      )}
      {reauth !== null && typeof reauth === 'object' && (
        <p className={styles.success} role="status">
          We sent a sign-in link to {reauth.sentTo}. Open it to come back here, then set your password.
        </p>
      )}
      <Button type="submit" disabled={busy || next.length === 0}>
        {hasPassword ? 'Change password' : 'Set password'}
      </Button>
    </form>
  );
}
