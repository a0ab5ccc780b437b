import type { DocumentNode } from 'graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { usePageQuery } from '../../graphql/use-page-query.js';

export interface ListPage<T> {
  items: T[];
  /** Cursor of the next page; null on the last one. */
  next: string | null;
}

export interface PagedList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Appends the next page ('Show more'). */
  more(): Promise<void>;
  /** Reads the first page again and drops the pages shown after it (after a change of order). */
  reload(): Promise<void>;
}

/**
 * A list the page preloaded (its first page, server-rendered) that grows by cursor:
 * later pages are fetched in the browser and appended. `pick` reads the page out of the
 * query's data; `variables(to)` gives the query's variables for a cursor.
 */
export function usePagedList<T>(query: DocumentNode, variables: (to: string | null) => Record<string, unknown>, pick: (data: unknown) => ListPage<T> | null): PagedList<T> {
  const loadData = useBrowserData();
  const fetchedFirst = pick(usePageQuery<unknown>(query, variables(null)));
  // The page a reader landed on reads its preload as rendered, not a live cache: a first
  // page read again (reload) replaces it here.
  const [reloaded, setReloaded] = useState<{ key: string; page: ListPage<T> } | null>(null);
  const [extra, setExtra] = useState<{ items: T[]; next: string | null; after: string | null }>({ items: [], next: null, after: null });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const firstKey = JSON.stringify(variables(null));
  const first = reloaded?.key === firstKey ? reloaded.page : fetchedFirst;
  // Another user's list (client navigation between profiles) starts over.
  useEffect(() => setExtra({ items: [], next: null, after: null }), [firstKey]);

  // The extra pages belong to the first page they followed; a reloaded first page drops them.
  const extraValid = extra.after !== null && extra.after === first?.next;
  const next = extraValid ? extra.next : (first?.next ?? null);

  const fetchPage = useCallback(
    async (to: string | null): Promise<ListPage<T> | null> => {
      const { client } = await loadData();
      const { data } = await client.query({ query, variables: variables(to), fetchPolicy: 'network-only' });
      return pick(data);
    },
    // variables and pick are rebuilt each render; the query and firstKey say what they do.
    [loadData, query, firstKey],
  );

  const more = useCallback(async () => {
    if (busy.current || !next) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(next);
      if (!page) throw new Error('no page');
      setExtra((prev) => {
        const base = prev.after !== null && prev.after === first?.next ? prev.items : [];
        const seen = new Set([...(first?.items ?? []), ...base].map(keyOf));
        return { items: [...base, ...page.items.filter((i) => !seen.has(keyOf(i)))], next: page.next, after: first?.next ?? null };
      });
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [next, fetchPage, first]);

  const reload = useCallback(async () => {
    try {
      const page = await fetchPage(null);
      if (!page) throw new Error('no page');
      setExtra({ items: [], next: null, after: null });
      setReloaded({ key: firstKey, page });
    } catch {
      setFailed(true);
    }
  }, [fetchPage, firstKey]);

  return { items: [...(first?.items ?? []), ...(extraValid ? extra.items : [])], hasMore: next !== null, loading, failed, more, reload };
}

const keyOf = (item: unknown): unknown => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item);
