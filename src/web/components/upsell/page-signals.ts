import { useEffect, useSyncExternalStore } from 'react';

/**
 * Spec §4: the join banner is not shown on member-only stories (their paywall asks instead).
 * The banner sits in the layout, above the page; the page's member star tells it a
 * member-only story is showing, for as long as it is mounted.
 */
let lockedPosts = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Called by what shows a member-only story (the member star by its title). */
export function useMarkLockedPost(isLocked = true): void {
  useEffect(() => {
    if (!isLocked) return;
    lockedPosts += 1;
    notify();
    return () => {
      lockedPosts -= 1;
      notify();
    };
  }, [isLocked]);
}

/** Whether a member-only story is on the page now. */
export function useLockedPostShown(): boolean {
  return useSyncExternalStore(subscribe, () => lockedPosts > 0, () => false);
}
