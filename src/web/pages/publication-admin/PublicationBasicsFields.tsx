import { useSite } from '../../app-context.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

/** Limits shown to the editor (the server checks the same: modules/publications/model.ts). */
export const LIMITS = { name: 100, description: 280, tags: 5, slugMax: 40 } as const;

export interface Basics {
  name: string;
  slug: string;
  description: string;
  tags: string;
}

export const tagList = (tags: string) => [...new Set(tags.split(',').map((t) => t.trim()).filter(Boolean))];

/**
 * Name, address (slug), description and tags of a publication, for /new-publication and the
 * general settings tab. `slugError` is the server's message about the address, shown under it.
 */
export function PublicationBasicsFields({ value, onChange, onNameChange, slugError }: { value: Basics; onChange(next: Basics): void; onNameChange?(name: string): void; slugError: string | null }) {
  const { mainHost } = useSite();
  const tagCount = tagList(value.tags).length;
  return (
    <>
      <label className={styles.label} htmlFor="publication-name">
        Name
      </label>
      <input id="publication-name" className={styles.input} value={value.name} maxLength={LIMITS.name} required onChange={(e) => (onNameChange ? onNameChange(e.target.value) : onChange({ ...value, name: e.target.value }))} />
      <label className={styles.label} htmlFor="publication-slug">
        Address
      </label>
      <input
        id="publication-slug"
        className={styles.input}
        value={value.slug}
        maxLength={LIMITS.slugMax}
        required
        aria-describedby="publication-slug-hint"
        aria-invalid={slugError ? true : undefined}
        onChange={(e) => onChange({ ...value, slug: e.target.value.toLowerCase() })}
      />
      <p id="publication-slug-hint" className={styles.hint}>
        {mainHost}/{value.slug || '…'}
      </p>
      <FormError message={slugError} />
      <label className={styles.label} htmlFor="publication-description">
        Description
      </label>
      <textarea id="publication-description" className={styles.textarea} rows={3} maxLength={LIMITS.description} value={value.description} aria-describedby="publication-description-count" onChange={(e) => onChange({ ...value, description: e.target.value })} />
      <p id="publication-description-count" className={styles.hint}>
        {value.description.length}/{LIMITS.description}
      </p>
      <label className={styles.label} htmlFor="publication-tags">
        Tags
      </label>
      <input id="publication-tags" className={styles.input} value={value.tags} aria-describedby="publication-tags-hint" onChange={(e) => onChange({ ...value, tags: e.target.value })} />
      <p id="publication-tags-hint" className={tagCount > LIMITS.tags ? styles.error : styles.hint}>
        Up to {LIMITS.tags} tags, separated by commas ({tagCount}/{LIMITS.tags}).
      </p>
    </>
  );
}
