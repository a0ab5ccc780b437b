import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSite } from '../../app-context.js';
import { Avatar } from '../../components/avatar/index.js';
import { useToast } from '../../components/toast/index.js';
import { imageUrl } from '../../../shared/images.js';
import { reloadWithToast } from './carried-toast.js';
import { CloseAccount } from './CloseAccount.js';
import { EmailDialog } from './EmailDialog.js';
import { ProfileDialog } from './ProfileDialog.js';
import { SEND_VERIFICATION_EMAIL } from '../../graphql/operations.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import type { SettingsViewer } from './settings-types.js';
import { UsernameDialog } from './UsernameDialog.js';
import styles from './SettingsPage.module.css';

interface RowProps {
  /** Spec §2.5 section hash. */
  id: string;
  title: string;
  description?: ReactNode;
  value?: ReactNode;
  /** The edit button's accessible name, e.g. 'Edit username'. */
  editLabel?: string;
  onEdit?(): void;
}

function SettingRow({ id, title, description, value, editLabel, onEdit }: RowProps) {
  const titleId = useId();
  return (
    <section id={id} className={styles.row} aria-labelledby={titleId}>
      <div className={styles.rowText}>
        <h2 id={titleId} className={styles.rowTitle}>
          {title}
        </h2>
        {description && <p className={styles.rowDescription}>{description}</p>}
      </div>
      <div className={styles.rowValue}>
        {value}
        {onEdit && (
          <button type="button" className={styles.editButton} aria-label={editLabel} onClick={onEdit}>
            Edit
          </button>
        )}
      </div>
    </section>
  );
}

export interface AccountTabProps {
  viewer: SettingsViewer;
  /** What the server saved, for the page to show without a reload. */
  onSaved(patch: Partial<SettingsViewer>): void;
}

/** Spec §2.5 Account tab: email, username, profile information. */
export function AccountTab({ viewer, onSaved }: AccountTabProps) {
  const { mainHost } = useSite();
  const toast = useToast();
  const [editing, setEditing] = useState<'profile' | 'username' | 'email' | null>(null);
  const close = () => setEditing(null);
  const verification = useSettingsMutation();

  // The confirmation link lands here with its outcome in the query.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    if (q.get('emailConfirmed')) toast.show({ message: 'Your email address is confirmed.' });
    const failed = q.get('emailConfirmError');
    if (failed) toast.show({ message: failed, toastStyle: 'ERROR' });
  }, [toast]);

  async function resend() {
    const result = await verification.run(SEND_VERIFICATION_EMAIL);
    if (!result.ok) return void toast.show({ message: result.message, toastStyle: 'ERROR' });
    // Spec §7: the 'sent' toast stays until dismissed.
    toast.show({ message: `We sent a confirmation link to ${viewer.unverifiedEmail}.`, duration: 'FOREVER' });
  }

  return (
    <div className={styles.rows}>
      <SettingRow
        id="email"
        title="Email address"
        description={
          viewer.unverifiedEmail ? (
            <>
              Waiting for you to confirm {viewer.unverifiedEmail}.{' '}
              <button type="button" className={styles.inlineLink} onClick={() => void resend()}>
                Send the link again
              </button>
            </>
          ) : (
            'Where sign-in links and codes are sent.'
          )
        }
        value={<span className={styles.valueText}>{viewer.emailObfuscated ?? 'None'}</span>}
        editLabel="Edit email address"
        onEdit={() => setEditing('email')}
      />
      <SettingRow
        id="username"
        title="Username"
        description={viewer.username ? `Your profile: ${mainHost}/@${viewer.username}` : 'Choose one for your profile address.'}
        value={<span className={styles.valueText}>{viewer.username ? `@${viewer.username}` : 'None'}</span>}
        editLabel="Edit username"
        onEdit={() => setEditing('username')}
      />
      <SettingRow
        id="profileInformation"
        title="Profile information"
        description="Your photo, name, pronouns and short bio."
        value={
          <span className={styles.profileValue}>
            <span className={styles.valueText}>{viewer.name}</span>
            <Avatar username={viewer.username} name={viewer.name} imageUrl={viewer.imageId ? imageUrl(viewer.imageId, 64) : null} size="XS" alt="" />
          </span>
        }
        editLabel="Edit profile information"
        onEdit={() => setEditing('profile')}
      />
      {editing === 'profile' && (
        <ProfileDialog
          viewer={viewer}
          onClose={close}
          onSaved={(profile) => {
            // A new photo shows in the header and menus, which come from the server: reload.
            if (profile.imageId !== viewer.imageId) return reloadWithToast('Profile information saved.');
            onSaved(profile);
            close();
            toast.show({ message: 'Profile information saved.' });
          }}
        />
      )}
      {editing === 'email' && (
        <EmailDialog
          onClose={close}
          onSent={(email) => {
            onSaved({ unverifiedEmail: email });
            close();
            toast.show({ message: `We sent a confirmation link to ${email}.`, duration: 'FOREVER' });
          }}
        />
      )}
      {editing === 'username' && (
        // The header and menus link to the profile by username and come from the
        // server: reload so they follow the new one.
        <UsernameDialog username={viewer.username} onClose={close} onSaved={(username) => reloadWithToast(`Your username is now @${username}.`)} />
      )}
      <CloseAccount username={viewer.username} />
    </div>
  );
}
