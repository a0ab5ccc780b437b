import type { DocumentNode } from 'graphql';
import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import type { PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { useToast } from '../../components/toast/index.js';

export interface PeoplePage {
  users: PersonRowUser[];
  pagingInfo: { next: { to: string } | null };
}

/**
 * A list of people that starts with the preloaded first page and grows by 'Show more'
 * (the next page by its cursor, so none is skipped or repeated).
 */
export function usePeoplePages(first: PeoplePage | null | undefined, more: DocumentNode, field: string) {
  const loadData = useBrowserData();
  const toast = useToast();
  const [extra, setExtra] = useState<{ users: PersonRowUser[]; next: string | null } | null>(null);
  const [loading, setLoading] = useState(false);

  const users = [...(first?.users ?? []), ...(extra?.users ?? [])];
  const next = extra ? extra.next : (first?.pagingInfo.next?.to ?? null);

  const loadMore = async () => {
    if (!next || loading) return;
    setLoading(true);
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query: more, variables: { to: next }, fetchPolicy: 'network-only' });
      const page = (data as Record<string, PeoplePage | null> | undefined)?.[field];
      if (!page) throw new Error('no page');
      setExtra((e) => ({ users: [...(e?.users ?? []), ...page.users], next: page.pagingInfo.next?.to ?? null }));
    } catch {
      toast.show({ message: 'Please try again.', toastStyle: 'ERROR' });
    } finally {
      setLoading(false);
    }
  };

  return { users, hasMore: next !== null, loading, loadMore };
}
