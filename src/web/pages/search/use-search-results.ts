import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchTransport } from '../../components/search/use-search-transport.js';
import { multiQuery, sendSearchClick } from '../../lib/search-client.js';
import { resultsPageRequest, type SearchIndexName } from '../../lib/search-request.js';

export interface ResultItem<H> {
  hit: H;
  queryID: string | null;
  /** 1-based rank over every page shown (the click event's position). */
  position: number;
}

export interface SearchResults<H> {
  status: 'idle' | 'loading' | 'success' | 'error';
  items: ResultItem<H>[];
  nbHits: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** A later page failed: the pages shown stay, no more are fetched. */
  moreFailed: boolean;
  more(): void;
  onResultClick(item: ResultItem<H> & { hit: { objectID: string } }): void;
}

interface State<H> {
  status: SearchResults<H>['status'];
  items: ResultItem<H>[];
  nbHits: number;
  nextPage: number | null;
  loadingMore: boolean;
  moreFailed: boolean;
}

const EMPTY: State<never> = { status: 'idle', items: [], nbHits: 0, nextPage: null, loadingMore: false, moreFailed: false };

/**
 * A results tab: the first page for the query, more pages as the reader scrolls (spec §9:
 * 8 stories per page). Spec §8: a failed first page is an error that clears the results,
 * shown without a retry. A new query or tab starts over; answers to an older one are dropped.
 */
export function useSearchResults<H extends { objectID: string }>(indexName: SearchIndexName | null, query: string, filters?: string): SearchResults<H> {
  const transport = useSearchTransport();
  const [state, setState] = useState<State<H>>(EMPTY as State<H>);
  const generation = useRef(0);
  const busy = useRef(false);
  const q = query.trim();

  const fetchPage = useCallback(
    async (page: number, mine: number) => {
      if (!indexName) return;
      const [result] = await multiQuery(transport, [resultsPageRequest(indexName, q, page, filters)]);
      if (mine !== generation.current || !result) return;
      const start = result.page * result.hitsPerPage;
      const items = (result.hits as H[]).map((hit, i) => ({ hit, queryID: result.queryID ?? null, position: start + i + 1 }));
      setState((prev) => {
        const seen = new Set(prev.items.map((it) => it.hit.objectID));
        return {
          status: 'success',
          items: page === 0 ? items : [...prev.items, ...items.filter((it) => !seen.has(it.hit.objectID))],
          nbHits: result.nbHits,
          nextPage: result.page + 1 < result.nbPages && items.length > 0 ? result.page + 1 : null,
          loadingMore: false,
          moreFailed: false,
        };
      });
    },
    [indexName, q, filters, transport],
  );

  useEffect(() => {
    const mine = ++generation.current;
    busy.current = false;
    if (!indexName || !q) {
      setState(EMPTY);
      return;
    }
    setState({ ...EMPTY, status: 'loading' });
    fetchPage(0, mine).catch(() => mine === generation.current && setState({ ...EMPTY, status: 'error' }));
  }, [indexName, q, fetchPage]);

  const more = useCallback(() => {
    if (busy.current || state.nextPage === null || state.moreFailed) return;
    busy.current = true;
    const mine = generation.current;
    setState((prev) => ({ ...prev, loadingMore: true }));
    fetchPage(state.nextPage, mine)
      .catch(() => mine === generation.current && setState((prev) => ({ ...prev, loadingMore: false, moreFailed: true })))
      .finally(() => {
        if (mine === generation.current) busy.current = false;
      });
  }, [state.nextPage, state.moreFailed, fetchPage]);

  const onResultClick = useCallback(
    (item: ResultItem<H>) => {
      if (indexName && item.queryID) void sendSearchClick(transport, { indexName, queryID: item.queryID, objectID: item.hit.objectID, position: item.position });
    },
    [indexName, transport],
  );

  return { status: state.status, items: state.items, nbHits: state.nbHits, hasMore: state.nextPage !== null, loadingMore: state.loadingMore, moreFailed: state.moreFailed, more, onResultClick };
}
