import type { DocumentNode } from 'graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import type { PostPreview } from '../post-card/PostCard.js';

export interface FeedItem {
  post: PostPreview;
  source: { feedId: string; postFeedReason: string; rankPosition: number; authorId: string | null; tagSlug: string | null };
}

export interface FeedPage {
  items: FeedItem[];
  next: string | null;
  viewerIsStaff: boolean;
}

export type FeedStatus = 'idle' | 'loading' | 'failed';

/**
 * Stories hidden ('Show less like this') and writers muted on this page: shared by the
 * page's feeds, so a writer muted on Following is gone from For you too without a reload.
 */
export function useFeedFilters() {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [mutedAuthors, setMutedAuthors] = useState<Set<string>>(new Set());
  return {
    hidden,
    mutedAuthors,
    hide: useCallback((id: string) => setHidden((s) => new Set(s).add(id)), []),
    unhide: useCallback((id: string) => setHidden((s) => new Set([...s].filter((x) => x !== id))), []),
    muteAuthor: useCallback((id: string) => setMutedAuthors((s) => new Set(s).add(id)), []),
  };
}
export type FeedFilters = ReturnType<typeof useFeedFilters>;

/**
 * A feed read page by page with its cursor (spec §3 paging: limit and next.to). The first
 * page may come preloaded with the page (server-rendered); later pages are fetched in the
 * browser and appended, leaving out any story already shown (a story whose score changed
 * between pages could otherwise come twice). Stories the reader hid, and stories of writers
 * they muted, leave the list at once.
 */
export function useFeed(query: DocumentNode, pick: (data: unknown) => FeedPage | null, limit: number, preloaded: FeedPage | null, shared?: FeedFilters) {
  const loadData = useBrowserData();
  const [items, setItems] = useState<FeedItem[]>(preloaded?.items ?? []);
  const [next, setNext] = useState<string | null>(preloaded?.next ?? null);
  const [started, setStarted] = useState(preloaded !== null);
  const [status, setStatus] = useState<FeedStatus>(preloaded ? 'idle' : 'loading');
  const [viewerIsStaff, setViewerIsStaff] = useState(preloaded?.viewerIsStaff ?? false);
  const own = useFeedFilters();
  const filters = shared ?? own;
  const busy = useRef(false);

  const load = useCallback(
    async (to: string | null) => {
      if (busy.current) return;
      busy.current = true;
      setStatus('loading');
      try {
        const { client } = await loadData();
        const { data } = await client.query({ query, variables: { paging: { limit, to } }, fetchPolicy: 'network-only' });
        const page = pick(data);
        if (!page) throw new Error('no page');
        setItems((prev) => {
          const seen = new Set(prev.map((i) => i.post.id));
          return [...prev, ...page.items.filter((i) => !seen.has(i.post.id))];
        });
        setNext(page.next);
        setViewerIsStaff(page.viewerIsStaff);
        setStarted(true);
        setStatus('idle');
      } catch {
        setStatus('failed');
      } finally {
        busy.current = false;
      }
    },
    // pick is rebuilt each render; the query says what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadData, query, limit],
  );

  useEffect(() => {
    if (!started) void load(null);
  }, [started, load]);

  const more = useCallback(() => {
    if (next && status !== 'loading') void load(next);
  }, [next, status, load]);

  const retry = useCallback(() => void load(started ? next : null), [load, started, next]);

  const visible = items.filter((i) => !filters.hidden.has(i.post.id) && !filters.mutedAuthors.has(i.post.creator.id));
  return {
    items: visible,
    started,
    hasMore: next !== null,
    status,
    viewerIsStaff,
    more,
    retry,
    hide: filters.hide,
    unhide: filters.unhide,
    muteAuthor: filters.muteAuthor,
  };
}
