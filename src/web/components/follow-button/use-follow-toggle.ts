import { useRef, useState } from 'react';
import type { DocumentNode } from 'graphql';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useToast } from '../toast/index.js';
import { runSocialMutation } from './run-mutation.js';
import { FOLLOW_TOASTS, followToastKey } from './messages.js';
import { followStore, useFollowState } from './follow-store.js';

export interface FollowToggleSpec {
  /** followStore key: 'user:{id}' or 'tag:{slug}'. */
  storeKey: string;
  /** What the server said when the data was read. */
  isFollowing: boolean;
  name: string;
  follow: DocumentNode;
  unfollow: DocumentNode;
  variables: Record<string, unknown>;
  /** Called after a change went through (analytics). */
  onChanged?(following: boolean): void;
}

/**
 * The state of a Follow button: it turns at the click (optimistic) and turns back if the
 * call fails, with the spec §4 toasts. A click while a call runs is ignored (double clicks
 * reach the server once; the server is idempotent anyway). The state is shared by every
 * button for the same writer or topic (follow-store.ts).
 */
export function useFollowToggle(spec: FollowToggleSpec) {
  const loadData = useBrowserData();
  const toast = useToast();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const following = useFollowState(spec.storeKey, spec.isFollowing);

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const next = !following;
    followStore.set(spec.storeKey, next);
    const outcome = await runSocialMutation(loadData, next ? spec.follow : spec.unfollow, spec.variables);
    busy.current = false;
    setPending(false);
    // One toast per writer or topic: an unfollow within the follow's 5 s replaces its toast.
    const key = followToastKey(spec.storeKey);
    if (outcome.ok) {
      toast.show({ message: next ? FOLLOW_TOASTS.success(spec.name) : FOLLOW_TOASTS.unfollowed(spec.name), key });
      spec.onChanged?.(next);
      return;
    }
    followStore.set(spec.storeKey, !next);
    toast.show({ message: outcome.message ?? (next ? FOLLOW_TOASTS.fail : FOLLOW_TOASTS.tryAgain), toastStyle: 'ERROR', key });
  };

  return { following, pending, toggle, preload: () => void loadData().catch(() => {}) };
}
