import styles from './toolbar.module.css';

export interface ToolbarFieldProps {
  label: string;
  placeholder: string;
  value: string;
  maxLength?: number;
  error?: string;
  onChange(value: string): void;
  /** Enter. */
  onSubmit(): void;
  /** Escape: leave without changing anything. */
  onCancel(): void;
}

/** A one-line field inside a toolbar (a link's address, an image's alt text): Enter applies, Escape leaves. */
export function ToolbarField({ label, placeholder, value, maxLength, error, onChange, onSubmit, onCancel }: ToolbarFieldProps) {
  return (
    <div className={styles.linkForm}>
      <input
        className={styles.linkInput}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        autoFocus
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== 'Escape') return;
          e.preventDefault();
          if (e.key === 'Enter') onSubmit();
          else onCancel();
        }}
      />
      {error && (
        <span className={styles.linkError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
