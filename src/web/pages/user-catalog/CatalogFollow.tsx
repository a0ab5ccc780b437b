import { useRef, useState } from 'react';
import { formatFollowers } from '../../../shared/format.js';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { FOLLOW_TOASTS } from '../../components/follow-button/messages.js';
import { ToggleButton } from '../../components/follow-button/ToggleButton.js';
import { useSusiModal } from '../../components/susi/SusiModalProvider.js';
import { useToast } from '../../components/toast/index.js';
import { FOLLOW_CATALOG, UNFOLLOW_CATALOG } from '../../graphql/catalog-page-operations.js';
import { useNavigation } from '../../router/navigation.js';
import styles from './UserCatalogPage.module.css';

/**
 * Follow / Following a list with its follower count (spec §2.5 'follow catalog' toast): it turns
 * at the click and turns back if the server refuses. Signed out, it opens sign-up and brings
 * the reader back here. The owner follows nothing of their own: only the count shows.
 */
export function CatalogFollow({ catalog }: { catalog: { id: string; name: string; followersCount: number; viewerIsFollowing: boolean; viewerIsOwner: boolean } }) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const loadData = useBrowserData();
  const toast = useToast();
  const [state, setState] = useState({ following: catalog.viewerIsFollowing, count: catalog.followersCount });
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const toggle = async () => {
    if (!viewer) return susi.open({ operation: 'register', redirect: pathname + search });
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const before = state;
    const following = !before.following;
    setState({ following, count: Math.max(0, before.count + (following ? 1 : -1)) });
    const answer = await mutateField(loadData, following ? FOLLOW_CATALOG : UNFOLLOW_CATALOG, { catalogId: catalog.id }, following ? 'followCatalog' : 'unfollowCatalog');
    busy.current = false;
    setPending(false);
    const key = `follow:catalog:${catalog.id}`;
    if (answer?.__typename === 'CatalogEditSuccess') {
      const saved = (answer as unknown as { catalog: { followersCount: number; viewerIsFollowing: boolean } }).catalog;
      setState({ following: saved.viewerIsFollowing, count: saved.followersCount });
      toast.show({ message: following ? FOLLOW_TOASTS.success(catalog.name) : FOLLOW_TOASTS.unfollowed(catalog.name), key, extraParams: { kind: 'follow catalog' } });
      return;
    }
    setState(before);
    toast.show({ message: answer?.message ?? FOLLOW_TOASTS.tryAgain, toastStyle: 'ERROR', key });
  };

  return (
    <div className={styles.follow}>
      {!catalog.viewerIsOwner && (
        <ToggleButton
          following={state.following}
          pending={pending}
          name={catalog.name}
          testId="catalog-follow-button"
          size="small"
          onClick={() => void toggle()}
          onPointerEnter={() => (viewer ? void loadData().catch(() => {}) : susi.preload())}
        />
      )}
      <span className={styles.followers} data-testid="catalog-followers">
        {formatFollowers(state.count)}
      </span>
    </div>
  );
}
