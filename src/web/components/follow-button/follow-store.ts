import { useSyncExternalStore } from 'react';

/**
 * What this browser last did to a follow, by 'user:{id}' or 'tag:{slug}'. The page a
 * reader lands on reads its preloaded data as it was rendered (not a live cache), so
 * every Follow button of the page — the profile's, a mention card's, a list row's — and
 * the queued follow after sign-up read the outcome here, over the fetched value.
 */
const state = new Map<string, boolean>();
const listeners = new Set<() => void>();

export const followStore = {
  get: (key: string): boolean | undefined => state.get(key),
  set(key: string, following: boolean): void {
    state.set(key, following);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The follow as this browser knows it: its own last change, else what the server said. */
export function useFollowState(key: string, fetched: boolean): boolean {
  const known = useSyncExternalStore(followStore.subscribe, () => followStore.get(key), () => undefined);
  return known ?? fetched;
}

/**
 * A user's follower count with this browser's own follow or unfollow since the data was
 * read: `fetchedCount` and `fetchedFollowing` are what the same query said.
 */
export function useFollowerCount(userId: string, fetchedCount: number, fetchedFollowing: boolean): number {
  const following = useFollowState(`user:${userId}`, fetchedFollowing);
  return Math.max(0, fetchedCount + Number(following) - Number(fetchedFollowing));
}
