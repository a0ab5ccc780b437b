import { useSyncExternalStore } from 'react';

export const readingListId = (viewerId: string) => `predefined:${viewerId}:reading-list`;

/** One story in one of the viewer's lists. */
export interface SavedItem {
  catalogId: string;
  /** Null while the save is on its way (optimistic). */
  catalogItemId: string | null;
}

type Fetch = (postIds: string[]) => Promise<{ postId: string; catalogId: string; catalogItemId: string }[]>;

/** The server's limit for one ask (viewerSavedPosts). */
const BATCH = 100;

/**
 * The viewer's saved state of every story on the page, by post id. Story cards are kept as
 * one HTML for every reader (docs/adr/0008), so no card carries it: each Save control asks
 * here once mounted, the asks of one render are gathered into one query (viewerSavedPosts),
 * and every control of a story (its card, the story page's bar, the menu) reads and writes
 * the same entry. The server and hydration render "not known" (shown as not saved).
 */
export function createSavedPostsStore() {
  const known = new Map<string, SavedItem[]>();
  const asked = new Set<string>();
  const waiting = new Set<string>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let fetcher: Fetch | null = null;
  const emit = () => listeners.forEach((l) => l());

  async function flush() {
    timer = null;
    const ids = [...waiting];
    waiting.clear();
    const run = fetcher;
    if (!run) return;
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      try {
        const rows = await run(batch);
        // A change made here while the ask was out wins over the answer.
        for (const id of batch) if (!known.has(id)) known.set(id, rows.filter((r) => r.postId === id).map(({ catalogId, catalogItemId }) => ({ catalogId, catalogItemId })));
        emit();
      } catch {
        for (const id of batch) asked.delete(id); // asked again by the next control that mounts
      }
    }
  }

  const store = {
    /** Asks for a story's saved state with the others asked in the same turn. */
    want(postId: string, fetch: Fetch) {
      fetcher = fetch;
      if (asked.has(postId) || known.has(postId)) return;
      asked.add(postId);
      waiting.add(postId);
      timer ??= setTimeout(() => void flush(), 0);
    },
    get: (postId: string) => known.get(postId),
    set(postId: string, items: SavedItem[]) {
      known.set(postId, items);
      emit();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Forget everything (the viewer changed). */
    reset() {
      known.clear();
      asked.clear();
      waiting.clear();
      emit();
    },
  };
  return store;
}

export type SavedPostsStore = ReturnType<typeof createSavedPostsStore>;

export const savedPosts = createSavedPostsStore();

/** The story's items in the viewer's lists; undefined until known (and always on the server). */
export function useSavedItems(postId: string): SavedItem[] | undefined {
  return useSyncExternalStore(savedPosts.subscribe, () => savedPosts.get(postId), () => undefined);
}
