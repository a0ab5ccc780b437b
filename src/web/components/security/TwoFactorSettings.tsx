import { useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { CONFIRM_TWO_FACTOR_SETUP, DISABLE_TWO_FACTOR, START_TWO_FACTOR_SETUP } from '../../graphql/password-operations.js';
import { Button } from '../button/index.js';
import styles from './security.module.css';

type Stage = { kind: 'idle' } | { kind: 'scan'; secret: string; qrSvg: string } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor authentication with an authenticator app: scan the QR code, confirm with a
 * code, keep the recovery codes (shown once). Turning it off asks for a current code.
 */
export function TwoFactorSettings({ enabled: initiallyEnabled }: { enabled: boolean }) {
  const loadData = useBrowserData();
  const [enabled, setEnabled] = useState(initiallyEnabled);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(mutation: Parameters<typeof mutateField>[1], variables: Record<string, unknown>, field: string) {
    setBusy(true);
    setError(null);
    const result = await mutateField(loadData, mutation, variables, field);
    setBusy(false);
    if (!result) setError('Please try again.');
    return result;
  }

  async function start() {
    const r = await run(START_TWO_FACTOR_SETUP, {}, 'startTwoFactorSetup');
    if (r?.__typename === 'TwoFactorSetup') setStage({ kind: 'scan', secret: String(r.secret), qrSvg: String(r.qrSvg) });
    else if (r) setError(r.message ?? 'Please try again.');
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const r = await run(CONFIRM_TWO_FACTOR_SETUP, { code: code.trim() }, 'confirmTwoFactorSetup');
    if (r?.__typename === 'RecoveryCodes') {
      setEnabled(true);
      setCode('');
      setStage({ kind: 'codes', codes: r.codes as string[] });
    } else if (r) setError(r.message ?? 'Please try again.');
  }

  async function disable(e: FormEvent) {
    e.preventDefault();
    const r = await run(DISABLE_TWO_FACTOR, { code: code.trim() }, 'disableTwoFactor');
    if (r?.__typename === 'MutationSuccess') {
      setEnabled(false);
      setCode('');
      setStage({ kind: 'idle' });
    } else if (r) setError(r.message ?? 'Please try again.');
  }

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );
  const codeField = (label: string) => (
    <label className={styles.field}>
      <span>{label}</span>
      <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={11} />
    </label>
  );

  if (stage.kind === 'codes') {
    return (
      <div className={styles.block}>
        <p className={styles.success} role="status">
          Two-factor authentication is on.
        </p>
        <p>Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are not shown again.</p>
        <ul className={styles.codes} aria-label="Recovery codes">
          {stage.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button variant="outline" onClick={() => setStage({ kind: 'idle' })}>
          I saved them
        </Button>
      </div>
    );
  }

  if (enabled) {
    return (
      <form className={styles.form} onSubmit={disable} noValidate>
        <p>Two-factor authentication is on: signing in asks for a code from your authenticator app.</p>
        {codeField('Code from your app, or a recovery code')}
        {errorLine}
        <Button type="submit" variant="outline" disabled={busy || code.trim().length < 6}>
          Turn off two-factor authentication
        </Button>
      </form>
    );
  }

  if (stage.kind === 'scan') {
    return (
      <form className={styles.form} onSubmit={confirm} noValidate>
        <p>Scan this code with an authenticator app, then enter the 6-digit code it shows.</p>
        {/* The SVG is drawn by the server from the otpauth URI; it holds no markup from readers. */}
        <div className={styles.qr} dangerouslySetInnerHTML={{ __html: stage.qrSvg }} />
        <p className={styles.hint}>
          Or enter this key by hand: <code className={styles.secret}>{stage.secret}</code>
        </p>
        {codeField('Code from your app')}
        {errorLine}
        <Button type="submit" disabled={busy || code.trim().length !== 6}>
          Turn on
        </Button>
      </form>
    );
  }

  return (
    <div className={styles.block}>
      <p>Add a second step to signing in: a code from an authenticator app on your phone.</p>
      {errorLine}
      <Button variant="outline" onClick={start} disabled={busy}>
        Set up two-factor authentication
      </Button>
    </div>
  );
}
