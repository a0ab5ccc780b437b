import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { track } from '../../lib/events.js';
import { useNavigation } from '../../router/navigation.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { FOLLOW_COLLECTION, MUTE_COLLECTION, UNFOLLOW_COLLECTION, UNMUTE_COLLECTION } from '../../graphql/publication-follow-operations.js';
import { FOLLOW_TOASTS } from '../follow-button/messages.js';
import { useFollowState } from '../follow-button/follow-store.js';
import { runSocialMutation } from '../follow-button/run-mutation.js';
import { ToggleButton } from '../follow-button/ToggleButton.js';
import { useFollowToggle } from '../follow-button/use-follow-toggle.js';
import { ActionMenu } from '../profile/ActionMenu.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { useToast } from '../toast/index.js';
import { Link } from '../../router/Link.js';
import profileStyles from '../profile/profile.module.css';
import type { PublicationFrameData } from './publication-key.js';
import styles from './publication-masthead.module.css';

const storeKey = (id: string) => `collection:${id}`;

/**
 * Follow / Following for a publication (spec §7 FollowCollection), with the spec §4 toasts.
 * Signed out, it opens sign-up and brings the reader back here. The owner has no button: they
 * already receive their publication's stories.
 */
export function PublicationFollowButton({ publication }: { publication: PublicationFrameData }) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const state = useFollowToggle({
    storeKey: storeKey(publication.id),
    isFollowing: publication.viewerEdge.isFollowing,
    name: publication.name,
    follow: FOLLOW_COLLECTION,
    unfollow: UNFOLLOW_COLLECTION,
    variables: { targetCollectionId: publication.id },
    onChanged: (following) => track(following ? 'collection.followed' : 'collection.unfollowed', { collectionId: publication.id }),
  });
  if (publication.viewerEdge.role === 'OWNER') return null;
  const onClick = () => {
    if (!viewer) {
      susi.open({ operation: 'register', redirect: `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1` });
      return;
    }
    void state.toggle();
  };
  return (
    <ToggleButton
      following={state.following}
      pending={state.pending}
      name={publication.name}
      testId="publication-follow-button"
      onClick={onClick}
      onPointerEnter={() => (viewer ? state.preload() : susi.preload())}
    />
  );
}

/** 'N followers', with this browser's own follow or unfollow since the page was read; links to /followers. */
export function PublicationFollowerCount({ publication, base }: { publication: PublicationFrameData; base: string }) {
  const fetched = publication.viewerEdge.isFollowing;
  const following = useFollowState(storeKey(publication.id), fetched);
  const count = Math.max(0, publication.subscriberCount + Number(following) - Number(fetched));
  return (
    <Link href={`${base}/followers`} className={styles.followers} data-testid="publication-follower-count">
      {count === 1 ? '1 follower' : `${count.toLocaleString('en-US')} followers`}
    </Link>
  );
}

/** The '…' menu of a signed-in reader: mute or unmute the publication, with the spec §4 toasts. */
export function PublicationMoreMenu({ publication }: { publication: PublicationFrameData }) {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const [muting, setMuting] = useState(publication.viewerEdge.isMuting);
  const [pending, setPending] = useState(false);
  if (!viewer || publication.viewerEdge.role === 'OWNER') return null;
  const run = async (mute: boolean) => {
    setPending(true);
    const outcome = await runSocialMutation(loadData, mute ? MUTE_COLLECTION : UNMUTE_COLLECTION, { targetCollectionId: publication.id });
    setPending(false);
    const key = `mute:collection:${publication.id}`;
    if (!outcome.ok) return toast.show({ message: outcome.message ?? FOLLOW_TOASTS.tryAgain, toastStyle: 'ERROR', key });
    setMuting(mute);
    track(mute ? 'collection.muted' : 'collection.unmuted', { collectionId: publication.id });
    toast.show({ message: mute ? FOLLOW_TOASTS.muted(publication.name) : FOLLOW_TOASTS.unmuted(publication.name), key });
  };
  return (
    <ActionMenu label={`More actions for ${publication.name}`} buttonClassName={profileStyles.moreButton!}>
      {(close) => (
        <li>
          <button
            type="button"
            role="menuitem"
            className={profileStyles.menuItem}
            disabled={pending}
            onClick={() => {
              close();
              void run(!muting);
            }}
          >
            {muting ? 'Unmute this publication' : 'Mute this publication'}
          </button>
        </li>
      )}
    </ActionMenu>
  );
}
