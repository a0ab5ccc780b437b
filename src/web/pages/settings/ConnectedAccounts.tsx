import { useId, useState } from 'react';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { CONNECTED_ACCOUNTS_QUERY, DISCONNECT_ACCOUNT } from '../../graphql/operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import { authConnectErrorMessage, connectHref, CONNECTIONS_PATH, isAuthConnectError } from '../../../shared/auth-providers.js';
import { MastodonServerForm } from '../../components/susi/MastodonServerForm.js';
import { formatDate } from '../../../shared/format.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import styles from './SettingsPage.module.css';
import own from './ConnectedAccounts.module.css';

interface ConnectedAccount {
  provider: string;
  label: string;
  email: string | null;
  createdAt: number;
}
type Data = { viewer: { id: string; connectedAccounts: ConnectedAccount[] | null } | null };
type DisconnectData = { disconnectAccount: { __typename: string; message?: string } };

/**
 * Settings, Security and apps (#connections): the sign-in providers, each connected (with
 * the address it reported, and Disconnect) or not (Connect, which goes through the
 * provider). An error from connecting comes back in the query (spec §8 auth connect errors).
 */
export function ConnectedAccounts() {
  const { authProviders = [] } = useSite();
  const headingId = useId();
  const toast = useToast();
  const disconnect = useSettingsMutation();
  const [pending, setPending] = useState<string | null>(null);
  // The landing page renders from its preloaded results, which no mutation updates.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const loaded = usePageQuery<Data>(CONNECTED_ACCOUNTS_QUERY)?.viewer?.connectedAccounts ?? [];
  const accounts = loaded.filter((a) => !removed.has(a.provider));
  const q = new URLSearchParams(useNavigation().search);
  const code = q.get('connectError');
  const failedLabel = authProviders.find((p) => p.name === q.get('provider'))?.label ?? 'the provider';
  // A coded error (spec §8), or a message of its own (a Mastodon server that could not be reached).
  const error = isAuthConnectError(code) ? authConnectErrorMessage(code, failedLabel) : q.get('connectMessage');

  // Connected accounts of a provider no longer configured still show, so they can be removed.
  const rows = [
    ...authProviders.map((p) => ({ provider: p.name, label: p.label, account: accounts.find((a) => a.provider === p.name) ?? null })),
    ...accounts.filter((a) => !authProviders.some((p) => p.name === a.provider)).map((a) => ({ provider: a.provider, label: a.label, account: a })),
  ];
  if (rows.length === 0) return null;

  async function onDisconnect(provider: string, label: string) {
    setPending(provider);
    const result = await disconnect.run<DisconnectData>(DISCONNECT_ACCOUNT, { provider });
    setPending(null);
    if (!result.ok) return void toast.show({ message: result.message, toastStyle: 'ERROR' });
    const answer = result.data.disconnectAccount;
    if (answer.__typename !== 'User') return void toast.show({ message: answer.message ?? 'Please try again.', toastStyle: 'ERROR' });
    setRemoved((prev) => new Set(prev).add(provider));
    toast.show({ message: `Disconnected ${label}.` });
  }

  return (
    <section id="connections" className={styles.block} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.rowTitle}>
        Connected accounts
      </h2>
      <p className={styles.rowDescription}>Sign in with these accounts as well as with your email.</p>
      {error && (
        <p className={own.error} role="alert">
          {error}
        </p>
      )}
      <ul className={styles.sessions} aria-label="Connected accounts">
        {rows.map(({ provider, label, account }) => (
          <li key={provider} className={styles.session}>
            <div className={styles.sessionText}>
              <p className={styles.sessionDevice}>{label}</p>
              <p className={styles.sessionMeta}>
                {account ? (
                  <>
                    {account.email && <span>{account.email}</span>}
                    <span>Connected {formatDate(account.createdAt)}</span>
                  </>
                ) : (
                  <span>Not connected</span>
                )}
              </p>
            </div>
            {account ? (
              <LoadingButton variant="outline" size="small" loading={pending === provider} onClick={() => void onDisconnect(provider, label)} aria-label={`Disconnect ${label}`}>
                Disconnect
              </LoadingButton>
            ) : provider === 'mastodon' ? (
              <MastodonServerForm operation="connect" redirect={`${CONNECTIONS_PATH}#connections`} submitLabel="Connect Mastodon" />
            ) : (
              <a className={buttonClassName({ variant: 'outline', size: 'small' })} href={connectHref(provider, 'connect', `${CONNECTIONS_PATH}#connections`)} aria-label={`Connect ${label}`}>
                Connect
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
