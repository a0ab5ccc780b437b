import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { cx } from '../../lib/class-names.js';
import { useNavigation } from '../../router/navigation.js';
import { BookmarkIcon } from '../icons/index.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { useToast } from '../toast/index.js';
import { readingListId, savedPosts, useSavedItems } from './saved-posts-store.js';
import styles from './save.module.css';

// What Save does (its GraphQL documents) and the menu (lists, checkboxes, the new-list form) load
// when a signed-in reader needs them, not with every card of every reader (the story page's budget).
const SaveMenu = lazy(() => import('./SaveMenu.js'));
const saveActions = () => import('./save-actions.js');

/** A bookmark filled in: the story is in one of the viewer's lists. */
function SavedIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M7.5 3.75a2 2 0 0 0-2 2v14a.5.5 0 0 0 .8.4l5.7-4.4 5.7 4.4a.5.5 0 0 0 .8-.4v-14a2 2 0 0 0-2-2z" />
    </svg>
  );
}

/**
 * Save (spec §7 AddToPredefinedCatalog): one click keeps the story in the Reading list,
 * another takes it out, at once and with Undo in a toast; the arrow beside it opens the menu
 * of all the reader's lists (and a new one). Signed out, Save opens the sign-up modal and
 * brings the reader back (skipOnboarding=1, spec §6). Its state is the viewer's, so it is
 * not in the card's data: the page's controls ask for it together (saved-posts-store.ts).
 */
export function SaveButton({ postId, title, className }: { postId: string; title: string; className?: string }) {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const items = useSavedItems(postId);
  const [menuOpen, setMenuOpen] = useState(false);
  const arrowRef = useRef<HTMLButtonElement | null>(null);
  const viewerId = viewer?.id ?? null;

  useEffect(() => {
    if (viewerId) savedPosts.want(postId, async (ids) => (await saveActions()).savedPostsFetcher(loadData)(ids));
  }, [viewerId, postId, loadData]);

  const saved = (items?.length ?? 0) > 0;

  const toggle = async (on: boolean, withUndo: boolean) => {
    if (!viewerId) return;
    const { setInReadingList, SAVE_MESSAGES } = await saveActions();
    const done = await setInReadingList(loadData, viewerId, postId, on);
    if (!done.ok) return toast.show({ message: done.message, toastStyle: 'ERROR' });
    if (!withUndo) return;
    toast.show({
      key: `save:${postId}`,
      message: on ? SAVE_MESSAGES.saved : SAVE_MESSAGES.removed,
      extraParams: { action: { label: 'Undo', onClick: () => void toggle(!on, false) } },
    });
  };

  const onSave = () => {
    if (!viewerId) {
      susi.open({ operation: 'register', redirect: `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1` });
      return;
    }
    if (items === undefined) return; // not known yet: nothing to toggle from
    const inReadingList = items.some((i) => i.catalogId === readingListId(viewerId));
    // Kept only in other lists: the menu says which, and takes it out of any.
    if (saved && !inReadingList) return setMenuOpen(true);
    void toggle(!inReadingList, true);
  };

  return (
    <span className={styles.save} data-testid="save-control" data-saved={items === undefined ? undefined : String(saved)}>
      <button
        type="button"
        className={cx(styles.button, className)}
        aria-label={`Save ${title}`}
        aria-pressed={viewerId ? saved : undefined}
        title={saved ? 'Saved' : 'Save'}
        onClick={onSave}
        onPointerEnter={() => viewerId && void loadData().catch(() => {})}
      >
        {saved ? <SavedIcon /> : <BookmarkIcon />}
      </button>
      {viewerId && (
        <button
          ref={arrowRef}
          type="button"
          className={cx(styles.arrow, className)}
          aria-label={`Add ${title} to a list`}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth={1.3} />
          </svg>
        </button>
      )}
      {menuOpen && viewerId && (
        <Suspense fallback={null}>
          <SaveMenu
            postId={postId}
            viewerId={viewerId}
            anchorRef={arrowRef}
            onClose={(focusBack) => {
              setMenuOpen(false);
              if (focusBack) arrowRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
