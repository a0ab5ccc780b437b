import { useEffect } from 'react';
import { useSite } from '../../app-context.js';
import { useNavigation } from '../../router/navigation.js';
import type { ButtonSize } from '../button/Button.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { FOLLOW_TAG, UNFOLLOW_TAG } from '../../graphql/follow-tag-operations.js';
import { FOLLOW_TOASTS, QUEUED_TAG_PARAM, queuedTagFollow, withQueuedTagFollow } from './messages.js';
import { useToast } from '../toast/index.js';
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

/**
 * Follow / Following for a topic (tag). Signed out, it opens sign-up and brings the reader
 * back to this page with `?followTag={slug}&skipOnboarding=1`; there the button for that
 * topic performs the follow once (or says it was already done) and drops the parameter.
 */
export function FollowTagButton({ tag, size, className }: FollowTagButtonProps) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const toast = useToast();
  const state = useFollowToggle({
    storeKey: `tag:${tag.normalizedTagSlug}`,
    isFollowing: tag.viewerEdge.isFollowing,
    name: tag.displayTitle,
    follow: FOLLOW_TAG,
    unfollow: UNFOLLOW_TAG,
    variables: { tagSlug: tag.normalizedTagSlug },
  });

  const slug = tag.normalizedTagSlug;
  useEffect(() => {
    if (!viewer || !queuedTagFollow(slug)) return;
    if (state.following) toast.show({ message: FOLLOW_TOASTS.already(tag.displayTitle) });
    else void state.toggle();
    // Once: the parameter goes, so a reload or a second button for the topic does not ask again.
    const url = new URL(window.location.href);
    url.searchParams.delete(QUEUED_TAG_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, slug]);

  const onClick = () => {
    if (!viewer) return susi.open({ operation: 'register', redirect: withQueuedTagFollow(pathname + search, slug) });
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
