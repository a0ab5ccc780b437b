import styles from './EmailSettingsPage.module.css';

export const SHARING_SAVED = 'Your email settings were saved.';

/** Spec §3 allowEmailAddressSharingEditorWriter as a checkbox: on the email settings page and in Settings. */
export function SharingChoice({ checked, disabled, onChange }: { checked: boolean; disabled: boolean; onChange(allow: boolean): void }) {
  return (
    <label className={styles.choice}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Share my email address with the writers and editors of newsletters I subscribe to
        <span className={styles.hint}>When off, they do not see your address in their subscriber lists or exports.</span>
      </span>
    </label>
  );
}
