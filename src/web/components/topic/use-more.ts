import type { DocumentNode } from 'graphql';
import { useEffect, useRef, useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { useToast } from '../toast/index.js';

export interface Page<T> {
  items: T[];
  pagingInfo: { next: { limit: number; to: string | null } | null };
}

/**
 * A list's first page from the page query, and 'Show more' fetching the next ones with the
 * same query at next.to (spec §3 paging). Items already shown are not repeated. The list
 * starts over when the first page changes (another tag, another period).
 */
export function useMorePages<T extends { id?: string; user?: { id: string } }>(first: Page<T> | null | undefined, query: DocumentNode, variables: Record<string, unknown>, pick: (data: unknown) => Page<T> | null | undefined) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [state, setState] = useState({ first, items: first?.items ?? [], next: first?.pagingInfo.next ?? null });
  const [loading, setLoading] = useState(false);
  const current = state.first === first ? state : { first, items: first?.items ?? [], next: first?.pagingInfo.next ?? null };
  const ref = useRef(current);
  useEffect(() => {
    ref.current = current;
  });
  const key = (i: T) => i.id ?? i.user?.id ?? '';

  const showMore = async () => {
    const next = ref.current.next;
    if (!next?.to || loading) return;
    setLoading(true);
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query, variables: { ...variables, paging: { limit: next.limit, to: next.to } }, fetchPolicy: 'network-only' });
      const page = pick(data);
      if (!page) throw new Error('no page');
      const base = ref.current;
      const known = new Set(base.items.map(key));
      setState({ first, items: [...base.items, ...page.items.filter((i) => !known.has(key(i)))], next: page.pagingInfo.next });
    } catch {
      toast.show({ message: 'Something went wrong. Please try again.', toastStyle: 'ERROR' });
    } finally {
      setLoading(false);
    }
  };
  return { items: current.items, hasMore: Boolean(current.next?.to), loading, showMore };
}
