import { useState } from 'react';
import { CHANGE_EMAIL } from '../../graphql/operations.js';
import { Field, SettingsDialog } from './SettingsDialog.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import styles from './SettingsDialog.module.css';

type ChangeEmailData = { changeEmail: { __typename: 'User'; id: string; unverifiedEmail: string | null } | { __typename: 'BadRequest'; message: string } };

/** A new address: it gets a confirmation link, and the account switches once it is opened. */
export function EmailDialog({ onClose, onSent }: { onClose(): void; onSent(email: string): void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useSettingsMutation();

  async function save() {
    setError(null);
    const result = await run<ChangeEmailData>(CHANGE_EMAIL, { email: value.trim() });
    if (!result.ok) return setError(result.message);
    const answer = result.data.changeEmail;
    if (answer.__typename === 'BadRequest') return setError(answer.message);
    onSent(answer.unverifiedEmail ?? value.trim());
  }

  return (
    <SettingsDialog title="Email address" submitText="Send confirmation link" isVisible onClose={onClose} onSubmit={() => void save()} busy={busy} canSubmit={value.trim() !== ''} error={error}>
      <Field label="New email address" hint="We will send a link to confirm it. Until then, your current address keeps working.">
        {(ids) => <input {...ids} className={styles.input} name="email" type="email" autoComplete="email" value={value} onChange={(e) => setValue(e.target.value)} />}
      </Field>
    </SettingsDialog>
  );
}
