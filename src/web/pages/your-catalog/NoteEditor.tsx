import { useId, useState } from 'react';
import { Button } from '../../components/button/index.js';
import { CatalogNote } from '../../components/catalog-page/CatalogItemCard.js';
import { CharacterCounter } from '../../components/character-counter/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import styles from './YourCatalogPage.module.css';

/** Spec: a note on a list item is up to 280 characters (catalogs module LIMITS.note). */
export const NOTE_LIMIT = 280;

const charCount = (s: string) => [...s].length;

/**
 * The owner's note on a story of their list: shown as the list shows it, with 'Add a note' or
 * 'Edit note'; editing counts characters against the limit, and an empty note removes it.
 */
export function NoteEditor({ note, title, disabled, onSave }: { note: string | null; title: string; disabled: boolean; onSave(note: string | null): Promise<boolean> }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note ?? '');
  const [saving, setSaving] = useState(false);
  const id = useId();
  const count = charCount(text.trim());

  if (!editing) {
    return (
      <div className={styles.noteRow}>
        {note && <CatalogNote text={note} />}
        <button
          type="button"
          className={styles.noteButton}
          disabled={disabled}
          aria-label={`${note ? 'Edit note' : 'Add a note'} on ${title}`}
          onClick={() => {
            setText(note ?? '');
            setEditing(true);
          }}
        >
          {note ? 'Edit note' : 'Add a note'}
        </button>
      </div>
    );
  }

  const save = async () => {
    if (count > NOTE_LIMIT) return;
    setSaving(true);
    const saved = await onSave(text.trim() === '' ? null : text.trim());
    setSaving(false);
    if (saved) setEditing(false);
  };

  return (
    <form
      className={styles.noteForm}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {`Note on ${title}`}
      </label>
      <textarea
        id={id}
        className={styles.noteInput}
        rows={3}
        value={text}
        placeholder="Add a note"
        aria-invalid={count > NOTE_LIMIT || undefined}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
        }}
      />
      <div className={styles.noteFoot}>
        <CharacterCounter count={count} limit={NOTE_LIMIT} />
        <div className={styles.noteActions}>
          <Button variant="text" size="small" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <LoadingButton type="submit" variant="accent" size="small" loading={saving} disabled={count > NOTE_LIMIT}>
            Save
          </LoadingButton>
        </div>
      </div>
    </form>
  );
}
