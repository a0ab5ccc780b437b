import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { CharacterCounter } from '../../components/character-counter/index.js';
import { UPDATE_USERNAME } from '../../graphql/operations.js';
import { charCount, PROFILE_LIMITS } from '../../../shared/profile-rules.js';
import { Field, SettingsDialog } from './SettingsDialog.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import styles from './SettingsDialog.module.css';

type UpdateUsernameData = {
  updateUsername: { __typename: 'User'; id: string; username: string } | { __typename: 'UsernameError'; code: string; message: string };
};

export interface UsernameDialogProps {
  username: string | null;
  onClose(): void;
  onSaved(username: string): void;
}

/** Readers type '@name' as often as 'name': the @ is shown before the box and is not part of it. */
const withoutAt = (value: string) => value.replace(/^\s*@/, '');

/** The username behind the profile address; the server checks the spec's rules and that it is free. */
export function UsernameDialog({ username, onClose, onSaved }: UsernameDialogProps) {
  const { mainHost } = useSite();
  const [value, setValue] = useState(username ?? '');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useSettingsMutation();
  const next = value.trim();

  async function save() {
    setError(null);
    if (next === username) return onClose();
    const result = await run<UpdateUsernameData>(UPDATE_USERNAME, { username: next });
    if (!result.ok) return setError(result.message);
    const answer = result.data.updateUsername;
    if (answer.__typename === 'UsernameError') return setError(answer.message);
    onSaved(answer.username);
  }

  return (
    <SettingsDialog title="Username" isVisible onClose={onClose} onSubmit={() => void save()} busy={busy} canSubmit={next !== ''} error={error}>
      <Field
        label="Username"
        hint={
          <>
            Letters, numbers and underscores. Your profile: {mainHost}/@{next || 'username'}
          </>
        }
        aside={<CharacterCounter count={charCount(next)} limit={PROFILE_LIMITS.usernameMaxLength} />}
      >
        {(ids) => (
          <span className={styles.prefixed}>
            <span aria-hidden="true">@</span>
            <input
              {...ids}
              className={styles.input}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={value}
              onChange={(e) => {
                setValue(withoutAt(e.target.value));
                setError(null);
              }}
            />
          </span>
        )}
      </Field>
    </SettingsDialog>
  );
}
