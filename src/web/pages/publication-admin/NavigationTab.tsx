import { useState } from 'react';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Button } from '../../components/button/Button.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { SET_NAVIGATION_ITEMS } from '../../graphql/publication-admin-operations.js';
import { TRY_AGAIN, type Saved, type SettingsCollection } from './settings-types.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

type Item = { title: string; value: string; destination: string };
const MAX_ITEMS = 8;
const DESTINATIONS = [
  { value: 'TAG', label: 'A tag', hint: 'tag, e.g. essays' },
  { value: 'FEATURE_PAGE', label: 'A feature page', hint: 'feature page slug' },
  { value: 'URL', label: 'An address', hint: 'https://…' },
] as const;

/** /settings/navigation: up to 8 items of the masthead (title and destination), in order. */
export function NavigationTab({ collection, onSaved }: { collection: SettingsCollection; onSaved(next: SettingsCollection): void }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [items, setItems] = useState<Item[]>(collection.navigationItems.map(({ title, value, destination }) => ({ title, value, destination })));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (i: number, patch: Partial<Item>) => setItems(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it!);
    setItems(next);
  };

  const save = async () => {
    setBusy(true);
    const r = (await mutateField(loadData, SET_NAVIGATION_ITEMS, { collectionId: collection.id, items }, 'setCollectionNavigationItems')) as Saved | null;
    setBusy(false);
    if (r?.collection) {
      setError(null);
      onSaved(r.collection);
      toast.show({ message: 'Navigation saved.' });
    } else setError(r?.message ?? TRY_AGAIN);
  };

  return (
    <section aria-label="Navigation">
      <p className={styles.hint}>Items show in the publication’s header, in this order (at most {MAX_ITEMS}).</p>
      <ol className={styles.list} aria-label="Navigation items">
        {items.map((it, i) => (
          <li key={i} className={styles.navItem}>
            <input className={styles.input} aria-label={`Title of item ${i + 1}`} placeholder="Title" value={it.title} maxLength={40} onChange={(e) => update(i, { title: e.target.value })} />
            <select className={styles.select} aria-label={`Destination of item ${i + 1}`} value={it.destination} onChange={(e) => update(i, { destination: e.target.value })}>
              {DESTINATIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
            <input
              className={styles.input}
              aria-label={`Value of item ${i + 1}`}
              placeholder={DESTINATIONS.find((d) => d.value === it.destination)?.hint}
              value={it.value}
              onChange={(e) => update(i, { value: e.target.value })}
            />
            <div className={styles.navItemButtons}>
              <button type="button" className={styles.textButton} disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move item ${i + 1} up`}>
                Up
              </button>
              <button type="button" className={styles.textButton} disabled={i === items.length - 1} onClick={() => move(i, 1)} aria-label={`Move item ${i + 1} down`}>
                Down
              </button>
              <button type="button" className={styles.textButton} onClick={() => setItems(items.filter((_, j) => j !== i))} aria-label={`Remove item ${i + 1}`}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <FormError message={error} />
      <div className={styles.actions}>
        <Button variant="outline" disabled={items.length >= MAX_ITEMS} onClick={() => setItems([...items, { title: '', value: '', destination: 'TAG' }])}>
          Add item
        </Button>
        <LoadingButton variant="accent" loading={busy} loadingLabel="Saving" onClick={() => void save()}>
          Save navigation
        </LoadingButton>
      </div>
    </section>
  );
}
