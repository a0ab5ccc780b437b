import { useId, type ReactNode } from 'react';
import { Button } from '../../components/button/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { Modal } from '../../components/modal/index.js';
import styles from './SettingsDialog.module.css';

export interface SettingsDialogProps {
  title: string;
  isVisible: boolean;
  onClose(): void;
  onSubmit(): void;
  busy: boolean;
  canSubmit: boolean;
  /** The server's answer when it refused, shown above the buttons. */
  error: string | null;
  children: ReactNode;
  /** The submit button's text; 'Save' by default. */
  submitText?: string;
  submitVariant?: 'accent' | 'danger';
}

/** A form in a modal with Cancel and Save: the shape every edit on the Settings page takes. */
export function SettingsDialog({ title, isVisible, onClose, onSubmit, busy, canSubmit, error, children, submitText = 'Save', submitVariant = 'accent' }: SettingsDialogProps) {
  const titleId = useId();
  return (
    <Modal isVisible={isVisible} onClose={onClose} aria-labelledby={titleId} className={styles.dialog}>
      <form
        className={styles.dialogForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit && !busy) onSubmit();
        }}
      >
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        {children}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <LoadingButton type="submit" variant={submitVariant} loading={busy} disabled={!canSubmit}>
            {submitText}
          </LoadingButton>
        </div>
      </form>
    </Modal>
  );
}

export interface FieldProps {
  label: string;
  /** Below the input: what is allowed. */
  hint?: ReactNode;
  /** Right of the hint, e.g. the character counter. */
  aside?: ReactNode;
  /** The input, given its id and the hint's id to point at. */
  children(ids: { id: string; 'aria-describedby': string }): ReactNode;
}

/** A labelled input with a hint line; the hint describes the input without being part of its name. */
export function Field({ label, hint, aside, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {children({ id, 'aria-describedby': hintId })}
      <div className={styles.fieldFoot}>
        <span id={hintId}>{hint}</span>
        {aside}
      </div>
    </div>
  );
}
