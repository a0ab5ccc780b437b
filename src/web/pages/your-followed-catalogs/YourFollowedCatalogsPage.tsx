import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { Button } from '../../components/button/Button.js';
import { CatalogPreviewCard, catalogPublicPath, type CatalogPreview } from '../../components/catalog/CatalogPreviewCard.js';
import { forgetListsData } from '../../components/save/save-actions.js';
import { LibraryFrame } from '../../components/library-tabs/LibraryFrame.js';
import { useToast } from '../../components/toast/index.js';
import { FOLLOW_CATALOG, UNFOLLOW_CATALOG, YOUR_FOLLOWED_LISTS_QUERY } from '../../graphql/lists-library-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import styles from '../your-catalogs/lists-pages.module.css';

type FollowedLists = { viewer: { id: string } | null; viewerFollowedCatalogs: CatalogPreview[] };

export const FOLLOW_LIST_TOASTS = {
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  followed: (name: string) => `You’re following ${name} again.`,
  failed: 'Something went wrong. Please try again.',
} as const;

/**
 * Page id your-followed-catalogs (ShowYourFollowedLists, /me/lists/saved): the lists the reader
 * follows, newest follow first. Unfollow leaves the card in place (with Follow, and Undo in
 * the 'follow catalog' toast) until the next visit, so a slip is one click to mend.
 */
export default function YourFollowedCatalogsPage() {
  const data = usePageQuery<FollowedLists>(YOUR_FOLLOWED_LISTS_QUERY);
  const loadData = useBrowserData();
  const changed = useRef(false);
  // Not while the page shows them (the unfollowed cards stay, for Undo): on the way out.
  useEffect(() => () => void (changed.current && forgetListsData(loadData)), [loadData]);
  if (!data?.viewer) return null;
  const lists = data.viewerFollowedCatalogs;
  return (
    <LibraryFrame tab="saved">
      <div className={styles.lists}>
        {lists.map((c) => (
          <FollowedList key={c.id} catalog={c} changedLists={changed} />
        ))}
        {lists.length === 0 && <p className={styles.empty}>Lists you follow will show up here.</p>}
      </div>
    </LibraryFrame>
  );
}

function FollowedList({ catalog, changedLists }: { catalog: CatalogPreview; changedLists: MutableRefObject<boolean> }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [following, setFollowing] = useState(true);
  const [busy, setBusy] = useState(false);
  const href = catalogPublicPath(catalog);

  const set = async (follow: boolean, withUndo: boolean) => {
    setBusy(true);
    setFollowing(follow);
    const r = await mutateField(loadData, follow ? FOLLOW_CATALOG : UNFOLLOW_CATALOG, { catalogId: catalog.id }, follow ? 'followCatalog' : 'unfollowCatalog');
    setBusy(false);
    if (r?.__typename !== 'CatalogEditSuccess') {
      setFollowing(!follow);
      return toast.show({ message: r?.message ?? FOLLOW_LIST_TOASTS.failed, toastStyle: 'ERROR' });
    }
    changedLists.current = true;
    toast.show({
      key: `follow-catalog:${catalog.id}`,
      message: follow ? FOLLOW_LIST_TOASTS.followed(catalog.name) : FOLLOW_LIST_TOASTS.unfollowed(catalog.name),
      extraParams: withUndo ? { action: { label: 'Undo', onClick: () => void set(!follow, false) } } : {},
    });
  };

  if (!href) return null;
  return (
    <CatalogPreviewCard
      catalog={catalog}
      href={href}
      action={
        <Button variant="outline" size="small" className={styles.follow} aria-label={`${following ? 'Unfollow' : 'Follow'} ${catalog.name}`} disabled={busy} onClick={() => void set(!following, true)}>
          {following ? 'Unfollow' : 'Follow'}
        </Button>
      }
    />
  );
}
