import { useEffect, useRef } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useSite } from '../../app-context.js';
import { track } from '../../lib/events.js';
import { useNavigation } from '../../router/navigation.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { useToast } from '../toast/index.js';
import type { FollowButtonUser } from './FollowButton.js';
import { followStore } from './follow-store.js';
import { FOLLOW_TOASTS, followToastKey } from './messages.js';
import { FOLLOW_USER } from '../../graphql/follow-operations.js';
import { runSocialMutation } from './run-mutation.js';

export interface QueuedFollowProps {
  /** The profile's user (FollowButton_user fields). */
  user: FollowButtonUser;
  /** The page's `intent` param: 'follow' on /@{username}/follow (route ShowUserFollow). */
  intent?: string;
}

/**
 * The follow a signed-out reader asked for before signing up: FollowButton sent them
 * through sign-up to /@{username}/follow?skipOnboarding=1, and the profile page mounts
 * this. Once, in the browser: signed in, it follows (or says they already do, or that it
 * is themselves) with the spec §4 toast; signed out (a shared link), it opens sign-up
 * with the same way back. Then the address becomes the profile's own, so a reload does
 * not ask again. Renders nothing.
 */
export function QueuedFollow({ user, intent }: QueuedFollowProps) {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const susi = useSusiModal();
  const { pathname, search } = useNavigation();
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (intent !== 'follow' || done.current === user.id) return;
    done.current = user.id;
    if (!viewer) {
      susi.open({ operation: 'register', redirect: pathname + search });
      return;
    }
    if (user.username) window.history.replaceState(window.history.state, '', `/@${encodeURIComponent(user.username)}`);
    if (viewer.id === user.id) return void toast.show({ message: FOLLOW_TOASTS.self });
    const key = `user:${user.id}`;
    if (followStore.get(key) ?? user.viewerEdge.isFollowing) return void toast.show({ message: FOLLOW_TOASTS.already(user.name) });
    followStore.set(key, true);
    void runSocialMutation(loadData, FOLLOW_USER, { targetUserId: user.id }).then((outcome) => {
      if (outcome.ok) {
        track('user.followed', { targetUserId: user.id, source: 'queued' });
        toast.show({ message: FOLLOW_TOASTS.success(user.name), key: followToastKey(key) });
      } else {
        followStore.set(key, false);
        toast.show({ message: outcome.message ?? FOLLOW_TOASTS.fail, toastStyle: 'ERROR', key: followToastKey(key) });
      }
    });
  }, [intent, user, viewer, loadData, toast, susi, pathname, search]);

  return null;
}
