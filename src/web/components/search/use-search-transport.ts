import { useMemo } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import type { BrowserData } from '../../apollo/browser-data.js';
import { useSite } from '../../app-context.js';
import { SEARCH_KEY_QUERY } from '../../graphql/search-operations.js';
import { createKeyHolder, type KeyHolder, type SearchKey, type SearchTransport } from '../../lib/search-client.js';

/** One key per viewer for the life of the page, shared by the header box and the search page. */
const holders = new Map<string, KeyHolder>();

function keyHolderFor(viewerId: string | null, loadData: () => Promise<BrowserData>): KeyHolder {
  const id = viewerId ?? '';
  let holder = holders.get(id);
  if (!holder) {
    holder = createKeyHolder(async () => {
      const { client } = await loadData();
      const { data } = await client.query({ query: SEARCH_KEY_QUERY, fetchPolicy: 'network-only' });
      const key = (data as { searchKey?: SearchKey | null } | undefined)?.searchKey;
      if (!key) throw new Error('No search key.');
      return key;
    });
    holders.set(id, holder);
  }
  return holder;
}

/** How this page reaches the search endpoint: the viewer's key (GraphQL searchKey, fetched on first use) and id. */
export function useSearchTransport(): SearchTransport {
  const { viewer } = useSite();
  const loadData = useBrowserData();
  const viewerId = viewer?.id ?? null;
  return useMemo(() => ({ keys: keyHolderFor(viewerId, loadData), viewerId }), [viewerId, loadData]);
}
