import { useEffect, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { forgetListsData } from '../../components/save/save-actions.js';
import { Button } from '../../components/button/Button.js';
import { CatalogPreviewCard, catalogOwnerPath, type CatalogPreview } from '../../components/catalog/CatalogPreviewCard.js';
import { NewListForm } from '../../components/catalog/NewListForm.js';
import { LibraryFrame } from '../../components/library-tabs/LibraryFrame.js';
import { Modal } from '../../components/modal/index.js';
import { useToast } from '../../components/toast/index.js';
import { useSite } from '../../app-context.js';
import { YOUR_LISTS_QUERY } from '../../graphql/lists-library-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { slugify } from '../../../shared/slug.js';
import styles from './lists-pages.module.css';

type YourLists = { viewer: { id: string } | null; viewerCatalogs: CatalogPreview[] };

/**
 * Page id your-catalogs (ShowYourLists, /me/lists): the library's Your lists tab. The Reading
 * list first, then the reader's own lists newest first (Resume reading and Purchased keep
 * themselves); 'New list' makes one, shown first among the reader's own.
 */
export default function YourCatalogsPage() {
  const data = usePageQuery<YourLists>(YOUR_LISTS_QUERY);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<CatalogPreview[]>([]);
  const { viewer } = useSite();
  const toast = useToast();
  const loadData = useBrowserData();
  const madeAny = made.length > 0;
  // The page keeps the new lists it shows; the next visit asks for the lists again.
  useEffect(() => () => void (madeAny && forgetListsData(loadData)), [madeAny, loadData]);
  if (!data?.viewer || !viewer) return null;
  const fetched = data.viewerCatalogs.filter((c) => !c.predefined || c.predefined === 'READING_LIST');
  const lists = [...fetched.filter((c) => c.predefined), ...made.filter((m) => !fetched.some((c) => c.id === m.id)), ...fetched.filter((c) => !c.predefined)];
  const own = lists.filter((c) => !c.predefined);
  return (
    <LibraryFrame
      tab="lists"
      action={
        <Button variant="accent" size="small" className={styles.newList} onClick={() => setCreating(true)}>
          New list
        </Button>
      }
    >
      <div className={styles.lists}>
        {lists.map((c) => (
          <CatalogPreviewCard key={c.id} catalog={c} href={catalogOwnerPath(c)} />
        ))}
        {own.length === 0 && <p className={styles.empty}>Create a list to easily organize and share stories.</p>}
      </div>
      <Modal isVisible={creating} onClose={() => setCreating(false)} aria-labelledby="new-list-title" className={styles.modal}>
        <h2 id="new-list-title" className={styles.modalTitle}>
          Create new list
        </h2>
        {creating && (
          <NewListForm
            onCancel={() => setCreating(false)}
            onMade={(list) => {
              setCreating(false);
              const slug = slugify(list.name);
              const creator = { id: viewer.id, name: viewer.name, username: viewer.username, imageId: viewer.imageId };
              const preview: CatalogPreview = { id: list.id, name: list.name, description: list.description, slugId: slug ? `${slug}-${list.id}` : list.id, visibility: list.visibility, predefined: null, itemsCount: 0, followersCount: 0, viewerIsFollowing: false, coverImageIds: [], creator };
              setMade((m) => [preview, ...m]);
              toast.show({ message: `${list.name} was created.` });
            }}
          />
        )}
      </Modal>
    </LibraryFrame>
  );
}

/** Every list is the reader's to take away (catalogs http.ts: the export endpoints). */
export function Sidebar() {
  return (
    <section className={styles.aside} aria-labelledby="lists-export">
      <h2 id="lists-export" className={styles.asideTitle}>
        Your lists are yours
      </h2>
      <p>Download every list with its stories, notes and dates.</p>
      <p>
        <a href="/me/lists/export.json" download>
          JSON
        </a>
        {' · '}
        <a href="/me/lists/export.csv" download>
          CSV
        </a>
      </p>
    </section>
  );
}
