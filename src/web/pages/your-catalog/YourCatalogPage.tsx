import { useCallback, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { Button } from '../../components/button/index.js';
import { CatalogHeader } from '../../components/catalog-page/CatalogHeader.js';
import { CatalogSidebar } from '../../components/catalog-page/CatalogSidebar.js';
import { CatalogItemCard } from '../../components/catalog-page/CatalogItemCard.js';
import { catalogPageVariables, publicCatalogPath, TOMBSTONE_TEXT, type CatalogPageCatalog, type CatalogPageData, type CatalogPageItem } from '../../components/catalog-page/catalog-types.js';
import { ConfirmationDialog } from '../../components/confirmation-dialog/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { ShareMenu } from '../../components/share/ShareMenu.js';
import { useToast } from '../../components/toast/index.js';
import { CATALOG_PAGE_QUERY, DELETE_CATALOG } from '../../graphql/catalog-page-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { isPending, moveOp, PENDING_PREFIX, reorder } from './catalog-edits.js';
import { EditCatalogDialog, type CatalogEdits } from './EditCatalogDialog.js';
import { NoteEditor } from './NoteEditor.js';
import { SortableItems } from './SortableItems.js';
import { useCatalogEditor } from './use-catalog-editor.js';
import list from '../../components/catalog-page/catalog-page.module.css';
import styles from './YourCatalogPage.module.css';

/** How long the 'removed' toast stays, so there is time to press Undo. */
const UNDO_TOAST_MS = 10_000;

const itemLabel = (item: CatalogPageItem) => item.post?.title || item.tombstoneTitle || TOMBSTONE_TEXT;

/**
 * /me/list/{catalogSlugId} (page id your-catalog, two-column layout): the owner's view of one
 * of their lists, the predefined ones included (/me/list/reading-list). Others are sent to
 * the public page, or get the 404 page for a private list (the registry's outcome).
 */
export default function YourCatalogPage({ params }: PageProps) {
  const data = usePageQuery<CatalogPageData>(CATALOG_PAGE_QUERY, catalogPageVariables(params));
  const catalog = data?.catalogById;
  if (!catalog || !catalog.viewerIsOwner) return null;
  return <OwnerCatalog key={catalog.id} catalog={catalog} />;
}

function OwnerCatalog({ catalog: loaded }: { catalog: NonNullable<CatalogPageData['catalogById']> }) {
  const toast = useToast();
  const nav = useNavigation();
  const loadData = useBrowserData();
  const [catalog, setCatalog] = useState<CatalogPageCatalog>(loaded);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const onMessage = useCallback((message: string, error: boolean) => toast.show({ message, toastStyle: error ? 'ERROR' : 'MESSAGE', key: 'catalog-edit' }), [toast]);
  const editor = useCatalogEditor(catalog.id, { version: loaded.version, itemsCount: loaded.itemsCount, items: loaded.items.items, next: loaded.items.next }, onMessage);
  const { view, edit } = editor;
  const predefined = catalog.predefined !== null;
  const publicPath = catalog.visibility === 'PUBLIC' ? publicCatalogPath(catalog) : null;

  const move = (id: string, from: number, to: number) => {
    void edit([moveOp(reorder(view.items, from, to), id)]);
  };

  const setNote = async (item: CatalogPageItem, note: string | null) => (await edit([{ setNote: { catalogItemId: item.catalogItemId, note } }])).ok;

  const undoRemove = async (item: CatalogPageItem, before: string | null) => {
    if (!item.post) return;
    const placeholderId = `${PENDING_PREFIX}${item.post.id}`;
    const placeholder = { ...item, catalogItemId: placeholderId };
    // Back where it was: after the item that was before it, if that is still here.
    const putBack = (items: CatalogPageItem[]) => {
      const at = before === null ? 0 : items.findIndex((i) => i.catalogItemId === before) + 1;
      return [...items.slice(0, at), placeholder, ...items.slice(at)];
    };
    const added = await edit([{ append: { postId: item.post.id, note: item.note } }], putBack, 1);
    const made = added.ok ? added.items[0] : null;
    if (!made) return;
    editor.replaceItem(placeholderId, made);
    // The server appended it; move it to where it shows.
    void edit((items) => [moveOp(items, made.catalogItemId)], (items) => items);
  };

  const remove = async (item: CatalogPageItem) => {
    const index = view.items.findIndex((i) => i.catalogItemId === item.catalogItemId);
    const before = index > 0 ? view.items[index - 1]!.catalogItemId : null;
    const removed = await edit([{ delete: { catalogItemId: item.catalogItemId } }], undefined, -1);
    if (!removed.ok) return;
    toast.show({
      message: `Removed from ${catalog.name}.`,
      key: 'catalog-edit',
      duration: UNDO_TOAST_MS,
      // A story no longer available cannot be saved again, so its removal has no Undo.
      extraParams: item.post ? { action: { label: 'Undo', onClick: () => void undoRemove(item, before) } } : undefined,
    });
  };

  const deleteList = async () => {
    const answer = await mutateField(loadData, DELETE_CATALOG, { catalogId: catalog.id }, 'deleteCatalog');
    if (answer?.__typename !== 'CatalogEditSuccess') {
      toast.show({ message: answer?.message ?? 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
      throw new Error('not deleted');
    }
    toast.show({ message: `${catalog.name} was deleted.`, duration: 'NEXTPAGE' });
    nav.navigate('/me/lists');
  };

  const saved = (edits: CatalogEdits) => {
    setCatalog((c) => ({ ...c, ...edits }));
    setEditing(false);
    toast.show({ message: 'Your list was saved.', key: 'catalog-edit' });
    // The address follows the name (its slug).
    if (edits.slugId !== catalog.slugId) window.history.replaceState(window.history.state, '', `/me/list/${encodeURIComponent(edits.slugId)}`);
  };

  const actions = (
    <>
      {!predefined && (
        <>
          <Button variant="outline" size="small" onClick={() => setEditing(true)}>
            Edit list
          </Button>
          <Button variant="text" size="small" className={styles.danger} onClick={() => setDeleting(true)}>
            Delete list
          </Button>
        </>
      )}
      {publicPath && (
        <>
          <Link href={publicPath} className={styles.textLink}>
            View public page
          </Link>
          <ShareMenu path={publicPath} title={catalog.name} className={list.share} />
        </>
      )}
    </>
  );

  return (
    <div className={list.page}>
      <CatalogHeader catalog={catalog} itemsCount={view.itemsCount} actions={actions} />
      {view.items.length === 0 ? (
        <p className={list.empty}>{predefined ? 'Stories you save show up here.' : 'This list has no stories yet. Save a story to it from the story’s Save menu.'}</p>
      ) : (
        <SortableItems
          items={view.items}
          labelOf={itemLabel}
          isLocked={(item) => isPending(item.catalogItemId)}
          onMove={move}
          renderItem={(item, handle) => (
            <CatalogItemCard
              item={item}
              tools={<div className={styles.tools}>{handle}</div>}
              note={
                <div className={styles.itemFoot}>
                  {item.post ? <NoteEditor note={item.note} title={itemLabel(item)} disabled={isPending(item.catalogItemId)} onSave={(note) => setNote(item, note)} /> : <span />}
                  <button type="button" className={styles.removeButton} disabled={isPending(item.catalogItemId)} aria-label={`Remove ${itemLabel(item)} from this list`} onClick={() => void remove(item)}>
                    Remove
                  </button>
                </div>
              }
            />
          )}
        />
      )}
      {view.next && (
        <LoadingButton variant="outline" size="small" className={list.more} loading={editor.loadingMore} onClick={() => void editor.showMore()}>
          Show more
        </LoadingButton>
      )}
      {editing && <EditCatalogDialog catalog={catalog} onClose={() => setEditing(false)} onSaved={saved} />}
      <ConfirmationDialog
        isVisible={deleting}
        hide={() => setDeleting(false)}
        title="Delete list"
        confirmText="Delete"
        confirmVariant="danger"
        onConfirm={deleteList}
      >
        <p>Deleting {catalog.name} can’t be undone. The stories in it stay where they are.</p>
      </ConfirmationDialog>
    </div>
  );
}

/** The right column: the list's creator. */
export function Sidebar({ params }: PageProps) {
  const catalog = usePageQuery<CatalogPageData>(CATALOG_PAGE_QUERY, catalogPageVariables(params))?.catalogById;
  return catalog ? <CatalogSidebar creator={catalog.creator} /> : null;
}
