import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import type { PostPreview } from '../../components/post-card/PostCard.js';
import { useToast } from '../../components/toast/index.js';
import { HISTORY_PAGE_SIZE, READING_HISTORY_MORE_QUERY, REMOVE_FROM_READING_HISTORY } from '../../graphql/reading-operations.js';

export interface HistoryItem {
  lastReadAt: number;
  readCount: number;
  post: PostPreview;
}
export interface HistoryPageData {
  items: HistoryItem[];
  next: string | null;
}

const TRY_AGAIN = 'Please try again.';

/**
 * The history as this page shows it: the preloaded first page, the pages 'Show more' added (by cursor,
 * so none is skipped or repeated), less the stories removed here.
 */
export function useHistoryItems(first: HistoryPageData | null | undefined) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [extra, setExtra] = useState<HistoryPageData | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [cleared, setCleared] = useState(false);
  const [loading, setLoading] = useState(false);

  const all = cleared ? [] : [...(first?.items ?? []), ...(extra?.items ?? [])];
  const items = all.filter((i) => !removed.has(i.post.id));
  const next = cleared ? null : extra ? extra.next : (first?.next ?? null);

  const loadMore = async () => {
    if (!next || loading) return;
    setLoading(true);
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query: READING_HISTORY_MORE_QUERY, variables: { limit: HISTORY_PAGE_SIZE, next }, fetchPolicy: 'network-only' });
      const page = (data as { viewerReadingHistory?: { items: HistoryPageData } | null } | undefined)?.viewerReadingHistory?.items;
      if (!page) throw new Error('no page');
      setExtra((e) => ({ items: [...(e?.items ?? []), ...page.items], next: page.next }));
    } catch {
      toast.show({ message: TRY_AGAIN, toastStyle: 'ERROR' });
    } finally {
      setLoading(false);
    }
  };

  const remove = async (postId: string) => {
    // Gone at once; back if the server did not take it.
    setRemoved((s) => new Set(s).add(postId));
    const r = await mutateField(loadData, REMOVE_FROM_READING_HISTORY, { postId }, 'removeFromReadingHistory');
    if (r === null) {
      setRemoved((s) => new Set([...s].filter((id) => id !== postId)));
      return void toast.show({ message: TRY_AGAIN, toastStyle: 'ERROR' });
    }
    toast.show({ message: 'Removed from your reading history.', key: 'reading-history' });
  };

  /** After ClearHistoryButton emptied the history on the server. */
  const clearAll = () => setCleared(true);

  return { items, hasMore: next !== null, loading, loadMore, remove, clearAll };
}
