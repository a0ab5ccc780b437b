import { useSite } from '../../app-context.js';
import { useNavigation } from '../../router/navigation.js';
import type { ButtonSize } from '../button/Button.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { FOLLOW_TAG, UNFOLLOW_TAG } from './operations.js';
import { ToggleButton } from './ToggleButton.js';
import { useFollowToggle } from './use-follow-toggle.js';

export interface FollowTagButtonTag {
  normalizedTagSlug: string;
  displayTitle: string;
  viewerEdge: { isFollowing: boolean };
}

export interface FollowTagButtonProps {
  /** Spread FollowTagButton_tag (operations.ts) into the query that gives this. */
  tag: FollowTagButtonTag;
  size?: ButtonSize;
  className?: string;
}

/** Follow / Following for a topic (tag). Signed out: sign-up, then back to this page (skipOnboarding=1). */
export function FollowTagButton({ tag, size, className }: FollowTagButtonProps) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const state = useFollowToggle({
    storeKey: `tag:${tag.normalizedTagSlug}`,
    isFollowing: tag.viewerEdge.isFollowing,
    name: tag.displayTitle,
    follow: FOLLOW_TAG,
    unfollow: UNFOLLOW_TAG,
    variables: { tagSlug: tag.normalizedTagSlug },
  });

  const onClick = () => {
    if (!viewer) return susi.open({ operation: 'register', redirect: `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1` });
    void state.toggle();
  };

  return (
    <ToggleButton
      following={state.following}
      pending={state.pending}
      name={tag.displayTitle}
      testId="follow-tag-button"
      size={size}
      className={className}
      onClick={onClick}
      onPointerEnter={() => (viewer ? state.preload() : susi.preload())}
    />
  );
}
