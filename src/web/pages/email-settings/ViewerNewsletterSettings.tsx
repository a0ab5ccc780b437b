import { useState } from 'react';
import { useToast } from '../../components/toast/index.js';
import { READER_EMAIL_SETTINGS_QUERY, SET_ALLOW_EMAIL_SHARING } from '../../graphql/email-settings-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { ReaderEmailSettings } from './EmailSettingsPage.js';
import { SHARING_SAVED, SharingChoice } from './SharingChoice.js';
import { useSignedMutation } from './use-signed-mutation.js';
import styles from './EmailSettingsPage.module.css';

/**
 * Settings → Notifications, section email-settings: the signed-in reader's newsletters are
 * managed on their email settings page (the one newsletter emails link to); the address
 * sharing choice is here too.
 */
export function ViewerNewsletterSettings({ sectionClassName, headingClassName }: { sectionClassName: string; headingClassName: string }) {
  const loaded = usePageQuery<{ readerEmailSettings: ReaderEmailSettings | null }>(READER_EMAIL_SETTINGS_QUERY)?.readerEmailSettings ?? null;
  const [allow, setAllow] = useState<boolean | null>(null);
  const { run, busy } = useSignedMutation();
  const toast = useToast();
  if (!loaded) return null;
  const save = async (next: boolean) => {
    const result = await run<{ setAllowEmailAddressSharingEditorWriter: ReaderEmailSettings }>(SET_ALLOW_EMAIL_SHARING, { allow: next });
    if (!result.ok) return toast.show({ message: result.message, toastStyle: 'ERROR' });
    setAllow(result.data.setAllowEmailAddressSharingEditorWriter.allowEmailAddressSharingEditorWriter);
    toast.show({ message: SHARING_SAVED });
  };
  const count = loaded.subscriptions.length;
  return (
    <section className={sectionClassName} aria-labelledby="newsletters-heading">
      <h2 id="newsletters-heading" className={headingClassName}>
        Newsletters
      </h2>
      <p className={styles.empty}>
        {count === 0 ? 'You are not subscribed to any newsletters.' : `You get ${count === 1 ? '1 newsletter' : `${count} newsletters`} by email.`}{' '}
        <a className={styles.link} href={loaded.emailSettingsPath}>
          Manage newsletter subscriptions
        </a>
      </p>
      <SharingChoice checked={allow ?? loaded.allowEmailAddressSharingEditorWriter} disabled={busy} onChange={(next) => void save(next)} />
    </section>
  );
}
