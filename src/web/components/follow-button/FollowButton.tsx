import { useSite } from '../../app-context.js';
import { track } from '../../lib/events.js';
import { useNavigation } from '../../router/navigation.js';
import type { ButtonSize } from '../button/Button.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { FOLLOW_USER, UNFOLLOW_USER } from '../../graphql/follow-operations.js';
import { queuedFollowHref } from './messages.js';
import { ToggleButton } from './ToggleButton.js';
import { useFollowToggle } from './use-follow-toggle.js';

export interface FollowButtonUser {
  id: string;
  name: string;
  username: string | null;
  viewerEdge: { isFollowing: boolean };
}

export interface FollowButtonProps {
  /** Spread FollowButton_user (operations.ts) into the query that gives this. */
  user: FollowButtonUser;
  size?: ButtonSize;
  className?: string;
}

/**
 * Follow / Following for a writer (spec §7 FollowUser, UnfollowUser). Signed out, it opens
 * sign-up (register) and brings the reader to /@{username}/follow?skipOnboarding=1, where
 * QueuedFollow performs the follow. The viewer's own profile shows no button.
 */
export function FollowButton({ user, size, className }: FollowButtonProps) {
  const { viewer } = useSite();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const state = useFollowToggle({
    storeKey: `user:${user.id}`,
    isFollowing: user.viewerEdge.isFollowing,
    name: user.name,
    follow: FOLLOW_USER,
    unfollow: UNFOLLOW_USER,
    variables: { targetUserId: user.id },
    onChanged: (following) => track(following ? 'user.followed' : 'user.unfollowed', { targetUserId: user.id }),
  });
  if (viewer?.id === user.id) return null;

  const onClick = () => {
    if (!viewer) {
      const back = pathname + search;
      susi.open({ operation: 'register', redirect: user.username ? queuedFollowHref(user.username) : `${back}${search ? '&' : '?'}skipOnboarding=1` });
      return;
    }
    void state.toggle();
  };

  return (
    <ToggleButton
      following={state.following}
      pending={state.pending}
      name={user.name}
      testId="follow-button"
      size={size}
      className={className}
      onClick={onClick}
      onPointerEnter={() => (viewer ? state.preload() : susi.preload())}
    />
  );
}
