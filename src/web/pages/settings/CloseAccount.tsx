import { useState } from 'react';
import { Button } from '../../components/button/index.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { DEACTIVATE_ACCOUNT, DELETE_ACCOUNT } from '../../graphql/operations.js';
import { Field, SettingsDialog } from './SettingsDialog.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import styles from './SettingsPage.module.css';
import dialogStyles from './SettingsDialog.module.css';

type DeleteData = { deleteAccount: { __typename: 'MutationSuccess' } | { __typename: 'BadRequest'; message: string } };

/** Deactivate (undone by signing in again) or delete (for good, with the stories). */
export function CloseAccount({ username }: { username: string | null }) {
  const [dialog, setDialog] = useState<'deactivate' | 'delete' | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deactivate = useSettingsMutation();
  const remove = useSettingsMutation();

  async function confirmDeactivate() {
    const result = await deactivate.run(DEACTIVATE_ACCOUNT);
    if (!result.ok) throw new Error(result.message); // keeps the dialog open
    window.location.assign('/m/goodbye?deactivated=1');
  }

  async function confirmDelete() {
    setError(null);
    const result = await remove.run<DeleteData>(DELETE_ACCOUNT, { confirmation });
    if (!result.ok) return setError(result.message);
    if (result.data.deleteAccount.__typename === 'BadRequest') return setError(result.data.deleteAccount.message);
    window.location.assign('/m/goodbye?deleted=1');
  }

  return (
    <>
      <section id="deactivate" className={styles.block} aria-labelledby="deactivate-title">
        <h2 id="deactivate-title" className={styles.rowTitle}>
          Deactivate account
        </h2>
        <p className={styles.rowDescription}>Your profile and stories are hidden and you are signed out everywhere. Sign in again to bring them back.</p>
        <Button variant="outline" onClick={() => setDialog('deactivate')}>
          Deactivate account
        </Button>
      </section>
      <section id="delete" className={styles.block} aria-labelledby="delete-title">
        <h2 id="delete-title" className={styles.rowTitle}>
          Delete account
        </h2>
        <p className={styles.rowDescription}>Your account, your stories and everything tied to them are deleted for good.</p>
        <Button variant="danger" onClick={() => setDialog('delete')}>
          Delete account
        </Button>
      </section>
      <ConfirmationDialog
        isVisible={dialog === 'deactivate'}
        hide={() => setDialog(null)}
        title="Deactivate your account?"
        confirmText="Deactivate"
        confirmVariant="danger"
        onConfirm={confirmDeactivate}
        hideOnConfirm={false}
      >
        Your profile and stories will be hidden until you sign in again.
      </ConfirmationDialog>
      {dialog === 'delete' && (
        <SettingsDialog title="Delete your account?" submitText="Delete account" submitVariant="danger" isVisible onClose={() => setDialog(null)} onSubmit={() => void confirmDelete()} busy={remove.busy} canSubmit={confirmation.trim() !== ''} error={error}>
          <Field label={username ? `Type your username (${username}) to confirm` : 'Type “delete” to confirm'} hint="This cannot be undone.">
            {(ids) => <input {...ids} className={dialogStyles.input} name="confirmation" autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />}
          </Field>
        </SettingsDialog>
      )}
    </>
  );
}
