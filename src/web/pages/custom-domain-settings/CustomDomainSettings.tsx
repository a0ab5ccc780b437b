import { useState, type FormEvent } from 'react';
import type { DocumentNode } from 'graphql';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Button } from '../../components/button/Button.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { ACTIVATE_CUSTOM_DOMAIN, type CustomDomainLiveData, LINK_CUSTOM_DOMAIN, REMOVE_CUSTOM_DOMAIN, VERIFY_CUSTOM_DOMAIN } from '../../graphql/custom-domain-operations.js';
import styles from './CustomDomainSettings.module.css';

const TRY_AGAIN = 'Something went wrong. Please try again.';

/** What each state means to the owner (spec §4 domain statuses). */
const STATUS_TEXT: Record<string, string> = {
  CREATED: 'Waiting for DNS: set the records below, then press Verify.',
  VERIFIED: 'Verified. Activate it to serve your pages on this domain.',
  ACTIVE: 'Active: your pages are served on this domain.',
  FAILED: 'The records no longer point here: fix them and press Verify.',
};

/**
 * The custom domain form shared by /me/settings/custom-domain and /{slug}/settings/custom-domain:
 * enter a domain; then the DNS records to set, Verify (with what was wrong), Activate and Remove.
 * `collectionId` names the publication; without it the domain is the viewer's own.
 */
export function CustomDomainSettings({ collectionId, initial, canConnect }: { collectionId?: string; initial: CustomDomainLiveData | null; canConnect: boolean }) {
  const loadData = useBrowserData();
  const [live, setLive] = useState<CustomDomainLiveData | null>(initial);
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (name: string, doc: DocumentNode, field: string, extra: Record<string, unknown> = {}) => {
    setBusy(name);
    setError(null);
    const r = await mutateField(loadData, doc, { collectionId: collectionId ?? null, ...extra }, field);
    setBusy(null);
    if (!r) return setError(TRY_AGAIN);
    if (r.__typename !== 'CustomDomainSuccess') return setError(r.message ?? TRY_AGAIN);
    setLive((r as unknown as { customDomainState: { live: CustomDomainLiveData | null } }).customDomainState.live);
  };

  const connect = (e: FormEvent) => {
    e.preventDefault();
    void run('link', LINK_CUSTOM_DOMAIN, 'linkCustomDomain', { domain });
  };

  if (!live) {
    return (
      <form className={styles.form} onSubmit={connect}>
        <label className={styles.label} htmlFor="custom-domain">
          Domain
        </label>
        <p className={styles.hint}>A domain or subdomain you own, such as blog.example.com.</p>
        <div className={styles.row}>
          <input id="custom-domain" className={styles.input} value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="blog.example.com" autoComplete="off" disabled={!canConnect} />
          <LoadingButton type="submit" loading={busy === 'link'} disabled={!canConnect || !domain.trim()}>
            Connect
          </LoadingButton>
        </div>
        {!canConnect && <p className={styles.hint}>Only the publication's owner can connect a domain.</p>}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    );
  }

  return (
    <section className={styles.domain} aria-label="Custom domain">
      <h2 className={styles.name}>{live.domain}</h2>
      <p className={styles.status}>
        <span className={styles.badge} data-status={live.status}>
          {live.status}
        </span>{' '}
        {STATUS_TEXT[live.status] ?? ''}
      </p>
      {live.lastError && (
        <p className={styles.error} role="alert">
          {live.lastError}
        </p>
      )}
      <h3 className={styles.subhead}>DNS records</h3>
      <p className={styles.hint}>Add these at your DNS provider. Changes can take up to an hour to appear.</p>
      <div className={styles.tableWrap}>
        <table className={styles.records}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {live.records.map((r) => (
              <tr key={`${r.type}:${r.name}:${r.value}`}>
                <td>{r.type}</td>
                <td className={styles.mono}>{r.name}</td>
                <td className={styles.mono}>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        {live.status !== 'ACTIVE' && (
          <LoadingButton loading={busy === 'verify'} onClick={() => void run('verify', VERIFY_CUSTOM_DOMAIN, 'verifyCustomDomain')}>
            Verify
          </LoadingButton>
        )}
        {live.status === 'VERIFIED' && (
          <LoadingButton loading={busy === 'activate'} onClick={() => void run('activate', ACTIVATE_CUSTOM_DOMAIN, 'activateCustomDomain')}>
            Activate
          </LoadingButton>
        )}
        {canConnect && (
          <Button variant="danger" disabled={busy !== null} onClick={() => void run('remove', REMOVE_CUSTOM_DOMAIN, 'removeCustomDomain')}>
            Remove
          </Button>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
