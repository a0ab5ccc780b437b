import { useId, useState } from 'react';
import { Button } from '../../components/button/index.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { PasswordForm } from '../../components/security/PasswordForm.js';
import { TwoFactorSettings } from '../../components/security/TwoFactorSettings.js';
import { useToast } from '../../components/toast/index.js';
import { ConnectedAccounts } from './ConnectedAccounts.js';
import { IntegrationTokens } from './IntegrationTokens.js';
import { END_OTHER_SESSIONS, END_SESSION, VIEWER_SESSIONS_QUERY } from '../../graphql/operations.js';
import { formatDate } from '../../../shared/format.js';
import type { SessionRow } from './settings-types.js';
import { useSettingsMutation, type MutationOutcome } from './use-settings-mutation.js';
import styles from './SettingsPage.module.css';

type SessionsData = { viewerSessions: SessionRow[] | null };

/** Keeps Apollo's copy of the list in step, for pages reached later by navigation. */
function forget(result: MutationOutcome<unknown>, keep: (s: SessionRow) => boolean) {
  if (!result.ok) return;
  result.client.cache.updateQuery<SessionsData>({ query: VIEWER_SESSIONS_QUERY }, (data) =>
    data?.viewerSessions ? { viewerSessions: data.viewerSessions.filter(keep) } : data,
  );
}

function SessionItem({ session, onSignOut, busy }: { session: SessionRow; onSignOut(): void; busy: boolean }) {
  return (
    <li className={styles.session} data-current={session.isCurrent || undefined}>
      <div className={styles.sessionText}>
        <p className={styles.sessionDevice}>
          {session.device}
          {session.isCurrent && <span className={styles.badge}>This device</span>}
        </p>
        <p className={styles.sessionMeta}>
          {session.ip && <span>IP {session.ip}</span>}
          <span>Signed in {formatDate(session.createdAt)}</span>
          <span>Last active {formatDate(session.lastSeenAt)}</span>
        </p>
      </div>
      {!session.isCurrent && (
        <LoadingButton variant="outline" size="small" loading={busy} onClick={onSignOut} aria-label={`Sign out of ${session.device}`}>
          Sign out
        </LoadingButton>
      )}
    </li>
  );
}

/** Spec §2.5 Security and apps: sessions (signing other browsers out), password, two-factor, connected accounts and integration tokens. */
export function SecurityTab({ sessions, hasPassword: hadPassword, twoFactorEnabled }: { sessions: SessionRow[]; hasPassword: boolean; twoFactorEnabled: boolean }) {
  const [hasPassword, setHasPassword] = useState(hadPassword);
  const toast = useToast();
  const headingId = useId();
  const endOne = useSettingsMutation();
  const endOthers = useSettingsMutation();
  const [ended, setEnded] = useState<ReadonlySet<string>>(new Set());
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The landing page renders from its preloaded results, which no mutation updates.
  const shown = sessions.filter((s) => !ended.has(s.id));
  const others = shown.filter((s) => !s.isCurrent);

  async function signOut(session: SessionRow) {
    setPendingId(session.id);
    const result = await endOne.run<{ endSession: boolean }>(END_SESSION, { sessionId: session.id });
    setPendingId(null);
    if (!result.ok) return void toast.show({ message: result.message, toastStyle: 'ERROR' });
    // False: it had ended already (expired, or signed out elsewhere); either way it is gone.
    setEnded((prev) => new Set(prev).add(session.id));
    forget(result, (s) => s.id !== session.id);
    toast.show({ message: `Signed out of ${session.device}.` });
  }

  async function signOutOthers() {
    const result = await endOthers.run<{ endOtherSessions: number }>(END_OTHER_SESSIONS);
    if (!result.ok) {
      toast.show({ message: result.message, toastStyle: 'ERROR' });
      throw new Error(result.message); // keeps the dialog open
    }
    setEnded((prev) => new Set([...prev, ...others.map((s) => s.id)]));
    forget(result, (s) => s.isCurrent);
    const n = result.data.endOtherSessions;
    toast.show({ message: n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.` });
  }

  return (
    <div className={styles.rows}>
      <section id="security" className={styles.block} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.rowTitle}>
          Sign in sessions
        </h2>
        <p className={styles.rowDescription}>Browsers where you are signed in. Sign out of any you do not recognise.</p>
        <ul className={styles.sessions} aria-label="Sign in sessions">
          {shown.map((s) => (
            <SessionItem key={s.id} session={s} busy={pendingId === s.id} onSignOut={() => void signOut(s)} />
          ))}
        </ul>
        {others.length > 0 && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Sign out of all other sessions
          </Button>
        )}
        <ConfirmationDialog
          isVisible={confirming}
          hide={() => setConfirming(false)}
          title="Sign out of all other sessions?"
          confirmText="Sign out"
          confirmVariant="danger"
          onConfirm={signOutOthers}
        >
          {others.length === 1 ? 'The other browser' : `The ${others.length} other browsers`} where you are signed in will need to sign in again. This one stays signed in.
        </ConfirmationDialog>
      </section>
      <section id="password" className={styles.block} aria-labelledby={`${headingId}-password`}>
        <h2 id={`${headingId}-password`} className={styles.rowTitle}>
          Password
        </h2>
        <p className={styles.rowDescription}>
          {hasPassword ? 'Sign in with your email and password, or with a link or code sent to your email.' : 'Add a password to sign in without waiting for an email.'}
        </p>
        <PasswordForm hasPassword={hasPassword} onSaved={() => setHasPassword(true)} />
      </section>
      <section id="twoFactor" className={styles.block} aria-labelledby={`${headingId}-2fa`}>
        <h2 id={`${headingId}-2fa`} className={styles.rowTitle}>
          Two-factor authentication
        </h2>
        <TwoFactorSettings enabled={twoFactorEnabled} />
      </section>
      <ConnectedAccounts />
      <IntegrationTokens />
    </div>
  );
}
