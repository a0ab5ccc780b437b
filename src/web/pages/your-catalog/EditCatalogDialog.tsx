import { useState } from 'react';
import { CharacterCounter } from '../../components/character-counter/index.js';
import type { CatalogPageCatalog } from '../../components/catalog-page/catalog-types.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { UPDATE_CATALOG } from '../../graphql/catalog-page-operations.js';
import { Field, SettingsDialog } from '../settings/SettingsDialog.js';
import dialog from '../settings/SettingsDialog.module.css';
import styles from './YourCatalogPage.module.css';

/** Spec §3 Catalog limits (catalogs module LIMITS): a name of 1 to 60 characters, a description up to 280. */
export const CATALOG_TEXT_LIMITS = { name: 60, description: 280 } as const;

const charCount = (s: string) => [...s].length;

export type CatalogEdits = Pick<CatalogPageCatalog, 'name' | 'description' | 'visibility' | 'slugId'>;

/** Edit list: name, description and whether it is private; the server has the last word. */
export function EditCatalogDialog({ catalog, onClose, onSaved }: { catalog: CatalogPageCatalog; onClose(): void; onSaved(saved: CatalogEdits): void }) {
  const loadData = useBrowserData();
  const [name, setName] = useState(catalog.name);
  const [description, setDescription] = useState(catalog.description);
  const [isPrivate, setPrivate] = useState(catalog.visibility === 'PRIVATE');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameLength = charCount(name.trim());
  const descriptionLength = charCount(description);
  const canSubmit = nameLength > 0 && nameLength <= CATALOG_TEXT_LIMITS.name && descriptionLength <= CATALOG_TEXT_LIMITS.description;

  const save = async () => {
    setBusy(true);
    setError(null);
    const answer = await mutateField(loadData, UPDATE_CATALOG, { catalogId: catalog.id, name: name.trim(), description, visibility: isPrivate ? 'PRIVATE' : 'PUBLIC' }, 'updateCatalog');
    setBusy(false);
    if (answer?.__typename !== 'CatalogEditSuccess') return setError(answer?.message ?? 'Something went wrong. Please try again.');
    onSaved((answer as unknown as { catalog: CatalogEdits }).catalog);
  };

  return (
    <SettingsDialog title="Edit list" isVisible onClose={onClose} onSubmit={() => void save()} busy={busy} canSubmit={canSubmit} error={error}>
      <Field label="Name" aside={<CharacterCounter count={nameLength} limit={CATALOG_TEXT_LIMITS.name} />}>
        {(ids) => <input {...ids} className={dialog.input} name="name" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Description" aside={<CharacterCounter count={descriptionLength} limit={CATALOG_TEXT_LIMITS.description} />}>
        {(ids) => <textarea {...ids} className={dialog.textarea} name="description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        Make it private
      </label>
    </SettingsDialog>
  );
}
