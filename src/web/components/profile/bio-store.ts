import { useSyncExternalStore } from 'react';

/**
 * Bios this browser saved (/me/about), by user id. The page a reader lands on reads its
 * preloaded data as rendered, not a live cache, so the sidebar and the editor read a
 * saved bio here, over the fetched one.
 */
const saved = new Map<string, string>();
const listeners = new Set<() => void>();

export const bioStore = {
  set(userId: string, bio: string): void {
    saved.set(userId, bio);
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The user's bio as this browser last saved it, else as fetched. */
export function useBio(userId: string, fetched: string): string {
  return useSyncExternalStore(bioStore.subscribe, () => saved.get(userId), () => undefined) ?? fetched;
}
