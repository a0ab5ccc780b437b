import { useState } from 'react';
import { Button } from '../../components/button/index.js';
import { useToast } from '../../components/toast/index.js';
import { READER_EMAIL_SETTINGS_QUERY, SET_ALLOW_EMAIL_SHARING, UNSUBSCRIBE_FROM_EMAIL_SETTINGS } from '../../graphql/email-settings-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import { SHARING_SAVED, SharingChoice } from './SharingChoice.js';
import { signedQuery, useSignedMutation } from './use-signed-mutation.js';
import styles from './EmailSettingsPage.module.css';

export interface ReaderEmailSettings {
  userId: string;
  name: string;
  allowEmailAddressSharingEditorWriter: boolean;
  emailSettingsPath: string;
  subscriptions: { id: string; type: string; name: string; user: { id: string; name: string } | null; collection: { id: string; name: string } | null }[];
}

/** Spec §4 toast for a newsletter unsubscribe (modules/newsletters/model.ts NEWSLETTER_MESSAGES.unsubscribed). */
const unsubscribedToast = (name: string) => `You've unsubscribed from ${name}.`;

/** Who sends it, unless the newsletter's name already says so (a writer's is named after them). */
function ownerLine(n: ReaderEmailSettings['subscriptions'][number]): string {
  const owner = n.type === 'COLLECTION' ? n.collection?.name : n.user?.name;
  const kind = n.type === 'COLLECTION' ? 'Publication' : 'Writer';
  return owner && owner !== n.name ? `${kind} · ${owner}` : kind;
}

/**
 * /me/email-settings/{userId}/{hash} (page email-settings, wordmark layout): opened from a
 * newsletter email without signing in; the signed pair authorizes every change. The reader's
 * newsletters, each with Unsubscribe, the two unsubscribe-all pages, and whether writers and
 * editors may see their address (spec §3 allowEmailAddressSharingEditorWriter).
 */
export default function EmailSettingsPage({ params }: PageProps) {
  const pair = { userId: params.userId, hash: params.hash };
  const loaded = usePageQuery<{ readerEmailSettings: ReaderEmailSettings | null }>(READER_EMAIL_SETTINGS_QUERY, pair)?.readerEmailSettings ?? null;
  const [settings, setSettings] = useState<ReaderEmailSettings | null>(null);
  const { run, busy } = useSignedMutation();
  const toast = useToast();
  const current = settings ?? loaded;
  if (!current) return null;
  const query = signedQuery(current.userId, params.hash ?? '');

  const unsubscribe = async (id: string, name: string) => {
    const result = await run<{ unsubscribeNewsletterV3FromEmailSettings: ReaderEmailSettings }>(UNSUBSCRIBE_FROM_EMAIL_SETTINGS, { ...pair, newsletterV3Id: id });
    if (!result.ok) return toast.show({ message: result.message, toastStyle: 'ERROR' });
    setSettings(result.data.unsubscribeNewsletterV3FromEmailSettings);
    toast.show({ message: unsubscribedToast(name) });
  };
  const setSharing = async (allow: boolean) => {
    const result = await run<{ setAllowEmailAddressSharingEditorWriter: ReaderEmailSettings }>(SET_ALLOW_EMAIL_SHARING, { ...pair, allow });
    if (!result.ok) return toast.show({ message: result.message, toastStyle: 'ERROR' });
    setSettings(result.data.setAllowEmailAddressSharingEditorWriter);
    toast.show({ message: SHARING_SAVED });
  };

  return (
    <section className={styles.page} aria-labelledby="email-settings-title">
      <h1 id="email-settings-title" className={styles.title}>
        Email settings
      </h1>
      <p className={styles.lede}>The newsletters {current.name} gets by email.</p>
      <h2 className={styles.heading}>Newsletters</h2>
      {current.subscriptions.length === 0 ? (
        <p className={styles.empty}>You are not subscribed to any newsletters.</p>
      ) : (
        <ul className={styles.list}>
          {current.subscriptions.map((n) => (
            <li key={n.id} className={styles.item}>
              <div className={styles.itemText}>
                <span className={styles.itemName}>{n.name}</span>
                <span className={styles.itemOwner}>{ownerLine(n)}</span>
              </div>
              <Button variant="outline" size="small" disabled={busy} onClick={() => void unsubscribe(n.id, n.name)} aria-label={`Unsubscribe from ${n.name}`}>
                Unsubscribe
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.all}>
        <a className={styles.link} href={`/me/unsubscribe-all-author-newsletters${query}`}>
          Unsubscribe from all author newsletters
        </a>
        <a className={styles.link} href={`/me/unsubscribe-all-newsletters${query}`}>
          Unsubscribe from all newsletters
        </a>
      </div>
      <h2 className={styles.heading}>Your email address</h2>
      <SharingChoice checked={current.allowEmailAddressSharingEditorWriter} disabled={busy} onChange={(allow) => void setSharing(allow)} />
    </section>
  );
}
