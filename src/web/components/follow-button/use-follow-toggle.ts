import { useEffect, useRef, useState } from 'react';
import type { DocumentNode } from 'graphql';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useToast } from '../toast/index.js';
import { runSocialMutation } from './run-mutation.js';
import { FOLLOW_TOASTS } from './messages.js';

export interface FollowToggleSpec {
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
 * reach the server once; the server is idempotent anyway). Once the fetched value catches
 * up (Apollo's cache, updated by the mutation's answer) it takes over again.
 */
export function useFollowToggle(spec: FollowToggleSpec) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [override, setOverride] = useState<boolean | null>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  useEffect(() => setOverride(null), [spec.isFollowing]);

  const following = override ?? spec.isFollowing;

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const next = !following;
    setOverride(next);
    const outcome = await runSocialMutation(loadData, next ? spec.follow : spec.unfollow, spec.variables);
    busy.current = false;
    setPending(false);
    if (outcome.ok) {
      toast.show({ message: next ? FOLLOW_TOASTS.success(spec.name) : FOLLOW_TOASTS.unfollowed(spec.name) });
      spec.onChanged?.(next);
      return;
    }
    setOverride(!next);
    toast.show({ message: outcome.message ?? (next ? FOLLOW_TOASTS.fail : FOLLOW_TOASTS.tryAgain), toastStyle: 'ERROR' });
  };

  return { following, pending, toggle, preload: () => void loadData().catch(() => {}) };
}
