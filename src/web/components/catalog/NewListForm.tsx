import { useId, useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { CREATE_CATALOG } from '../../graphql/save-operations.js';
import { Button } from '../button/Button.js';
import { CharacterCounter } from '../character-counter/index.js';
import { LoadingButton } from '../loading-button/index.js';
import styles from './catalog.module.css';

/** The limits of the catalogs module (model.ts LIMITS), checked here first so a reader sees them as they type. */
export const LIST_LIMITS = { name: 60, description: 280 } as const;

export interface MadeList {
  id: string;
  name: string;
  description: string;
  predefined: null;
  visibility: 'PUBLIC' | 'PRIVATE';
  version: string;
  /** The story's item when the list was made with one (the Save menu). */
  catalogItemId: string | null;
}

/**
 * A new list: name (1 to 60 characters), optional description, private or not. From the Save
 * menu the story goes in with it (createCatalog's postId), in the same transaction.
 */
export function NewListForm({ postId, onMade, onCancel }: { postId?: string; onMade(list: MadeList): void; onCancel(): void }) {
  const loadData = useBrowserData();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const trimmed = name.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= LIST_LIMITS.name && description.length <= LIST_LIMITS.description;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return setError(trimmed ? `A list name must have 1 to ${LIST_LIMITS.name} characters.` : 'Give your list a name.');
    setSending(true);
    setError(null);
    const visibility = isPrivate ? 'PRIVATE' : 'PUBLIC';
    const r = await mutateField(loadData, CREATE_CATALOG, { name: trimmed, description: description.trim() || null, visibility, postId: postId ?? null }, 'createCatalog');
    setSending(false);
    if (r?.__typename !== 'CatalogEditSuccess') return setError(r?.message ?? 'Something went wrong. Please try again.');
    const catalog = r.catalog as { id: string; name: string; description?: string; version: string };
    const item = (r.operations as ({ catalogItemId: string } | null)[])[0];
    onMade({ id: catalog.id, name: catalog.name, description: description.trim(), predefined: null, visibility, version: r.version as string, catalogItemId: item?.catalogItemId ?? null });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="Create new list" noValidate>
      <label className={styles.field} htmlFor={`${id}-name`}>
        <span>Name</span>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </label>
      <CharacterCounter count={name.length} limit={LIST_LIMITS.name} className={styles.counter} />
      <label className={styles.field} htmlFor={`${id}-description`}>
        <span>Description (optional)</span>
        <textarea id={`${id}-description`} rows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
      </label>
      {description.length > 0 && <CharacterCounter count={description.length} limit={LIST_LIMITS.description} className={styles.counter} />}
      <label className={styles.check}>
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} />
        <span>Make it private</span>
      </label>
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className={styles.formActions}>
        <Button variant="text" size="small" onClick={onCancel}>
          Cancel
        </Button>
        <LoadingButton type="submit" size="small" loading={sending} loadingLabel="Creating the list">
          Create
        </LoadingButton>
      </div>
    </form>
  );
}
