import { useEffect, useRef, useState, type RefObject } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { ADD_TO_CATALOG_BASE_QUERY } from '../../graphql/save-operations.js';
import { LockIcon } from '../catalog/LockIcon.js';
import { Popover } from '../popover/index.js';
import { useToast } from '../toast/index.js';
import { NewListForm, type MadeList } from '../catalog/NewListForm.js';
import { forgetListsData, readingListId, setInCatalog, setInReadingList } from './save-actions.js';
import { savedPosts, useSavedItems } from './saved-posts-store.js';
import styles from './save.module.css';

interface MenuCatalog {
  id: string;
  name: string;
  predefined: string | null;
  visibility: 'PUBLIC' | 'PRIVATE';
  version: string;
}

type BaseData = { viewerCatalogs: MenuCatalog[]; viewerSavedPosts: { catalogId: string; catalogItemId: string }[] };

/**
 * The Save menu (AddToCatalogBaseQuery): a checkbox per list of the reader (the Reading list
 * first; Resume reading and Purchased keep themselves), each change saved at once with the
 * version the menu read (save-actions.ts merges a conflict and retries), and 'Create new list'
 * inline. A dialog anchored to the arrow beside Save; Escape closes it and gives focus back.
 */
export default function SaveMenu({ postId, viewerId, anchorRef, onClose }: { postId: string; viewerId: string; anchorRef: RefObject<HTMLElement | null>; onClose(focusBack: boolean): void }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const items = useSavedItems(postId) ?? [];
  const [catalogs, setCatalogs] = useState<MenuCatalog[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const firstBox = useRef<HTMLInputElement | null>(null);
  const loaded = catalogs !== null;

  // A dialog takes focus: to the first list once they are there (Tab goes on to the others).
  useEffect(() => {
    if (loaded) firstBox.current?.focus();
  }, [loaded]);

  useEffect(() => {
    let live = true;
    loadData()
      .then(({ client }) => client.query({ query: ADD_TO_CATALOG_BASE_QUERY, variables: { postId }, fetchPolicy: 'network-only' }))
      .then(({ data }) => {
        if (!live) return;
        const base = data as BaseData;
        savedPosts.set(postId, base.viewerSavedPosts.map(({ catalogId, catalogItemId }) => ({ catalogId, catalogItemId })));
        setCatalogs(base.viewerCatalogs.filter((c) => !c.predefined || c.predefined === 'READING_LIST'));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [loadData, postId]);

  const toggle = async (catalog: MenuCatalog, on: boolean) => {
    setBusy(catalog.id);
    const done = catalog.id === readingListId(viewerId) ? await setInReadingList(loadData, viewerId, postId, on) : await setInCatalog(loadData, catalog, postId, on);
    setBusy(null);
    if (!done.ok) return toast.show({ message: done.message, toastStyle: 'ERROR' });
    if (done.version) setCatalogs((cs) => cs?.map((c) => (c.id === catalog.id ? { ...c, version: done.version! } : c)) ?? cs);
  };

  const made = (list: MadeList) => {
    setCreating(false);
    void forgetListsData(loadData);
    setCatalogs((cs) => (cs ? [...cs.filter((c) => c.predefined), list, ...cs.filter((c) => !c.predefined)] : [list]));
    savedPosts.set(postId, [...(savedPosts.get(postId) ?? []), { catalogId: list.id, catalogItemId: list.catalogItemId }]);
    toast.show({ key: `save:${postId}`, message: `Saved to ${list.name}.` });
  };

  return (
    <Popover isVisible anchorRef={anchorRef} align="end" width={280} role="dialog" aria-label="Save to list" hideOn={{ scroll: false }} onHide={(reason) => onClose(reason === 'escape')}>
      <div className={styles.menu} data-testid="save-menu">
        {failed && <p role="alert">{'Your lists could not be loaded. Please try again.'}</p>}
        {!catalogs && !failed && <p className={styles.note}>Loading your lists…</p>}
        {catalogs && (
          <ul className={styles.lists}>
            {catalogs.map((c, i) => {
              const checked = items.some((i) => i.catalogId === c.id);
              return (
                <li key={c.id}>
                  <label className={styles.listRow}>
                    <input ref={i === 0 ? firstBox : undefined} type="checkbox" checked={checked} disabled={busy === c.id} onChange={(e) => void toggle(c, e.currentTarget.checked)} />
                    <span className={styles.listName}>{c.name}</span>
                    {c.visibility === 'PRIVATE' && <LockIcon label="Private" />}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {catalogs &&
          (creating ? (
            <div className={styles.createForm}>
              <NewListForm postId={postId} onMade={made} onCancel={() => setCreating(false)} />
            </div>
          ) : (
            <button type="button" className={styles.create} onClick={() => setCreating(true)}>
              Create new list
            </button>
          ))}
      </div>
    </Popover>
  );
}
