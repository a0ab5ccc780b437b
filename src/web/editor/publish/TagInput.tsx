import { useId, useState, type KeyboardEvent } from 'react';
import { STORY_LIMITS } from '../../../shared/story-limits.js';
import { addTag } from './tags.js';
import styles from './publish.module.css';

export interface TagInputProps {
  tags: string[];
  onChange(tags: string[]): void;
  /** The text not yet turned into a chip (added on publish too). */
  draft: string;
  onDraftChange(draft: string): void;
}

/** Tag chips: Enter or a comma adds one, Backspace in the empty field removes the last. */
export function TagInput({ tags, onChange, draft, onDraftChange }: TagInputProps) {
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const commit = (text: string) => {
    const result = addTag(tags, text);
    setError(result.error);
    if (result.error === null) {
      onChange(result.tags);
      onDraftChange('');
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit(draft);
    } else if (e.key === 'Backspace' && draft === '' && tags.length > 0) {
      e.preventDefault();
      onChange(tags.slice(0, -1));
      setError(null);
    }
  };

  return (
    <div>
      <label className={styles.label} htmlFor={inputId}>
        Tags
      </label>
      <p className={styles.help}>Add or change tags (up to {STORY_LIMITS.tagsMax}) so readers know what your story is about.</p>
      <div className={styles.tagBox}>
        <ul className={styles.chips} aria-label="Added tags">
          {tags.map((tag) => (
            <li key={tag} className={styles.chip}>
              {tag}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove tag ${tag}`}
                onClick={() => {
                  onChange(tags.filter((t) => t !== tag));
                  setError(null);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          className={styles.tagInput}
          value={draft}
          placeholder={tags.length === 0 ? 'Add a tag…' : ''}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            // A comma typed or pasted ends a tag.
            const parts = e.target.value.split(',');
            if (parts.length > 1) {
              commit(parts[0]);
              return;
            }
            onDraftChange(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
