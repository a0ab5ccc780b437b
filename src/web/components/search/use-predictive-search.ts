import { useEffect, useReducer, useRef } from 'react';
import { track } from '../../lib/events.js';
import { multiQuery, SearchFailed, type SearchTransport } from '../../lib/search-client.js';
import { predictiveRequests, type SearchContext, type SearchIndexName } from '../../lib/search-request.js';
import { initialSearchState, searchStateReducer, type SearchState } from '../../lib/search-state.js';
import type { SearchResult } from '../../lib/search-types.js';

export interface SuggestionSection {
  indexName: SearchIndexName;
  queryID: string | null;
  hits: unknown[];
}

export interface Suggestions {
  query: string;
  sections: SuggestionSection[];
}

/** Typing pauses this long before a request: one request per word typed, not per key. */
export const PREDICTIVE_DEBOUNCE_MS = 150;

export const suggestionCount = (s: Suggestions | null) => s?.sections.reduce((n, sec) => n + sec.hits.length, 0) ?? 0;

/**
 * The popover's suggestions for a query: one multi-query request (every index of the
 * context) after a short pause in typing. Spec §4: loading keeps the suggestions shown,
 * an error clears them, and only the latest request's answer counts.
 */
export function usePredictiveSearch(query: string, context: SearchContext, transport: SearchTransport, enabled: boolean): SearchState<Suggestions> {
  const [state, dispatch] = useReducer(searchStateReducer<Suggestions>, undefined, initialSearchState<Suggestions>);
  const seq = useRef(0);
  const q = query.trim();

  useEffect(() => {
    if (!enabled) return;
    if (!q) {
      dispatch({ type: 'reset' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const mine = ++seq.current;
      dispatch({ type: 'start', seq: mine });
      track('search.predictiveQueried', { query: q, context: context.name });
      multiQuery(transport, predictiveRequests(q, context), controller.signal).then(
        (results: SearchResult[]) =>
          dispatch({
            type: 'success',
            seq: mine,
            data: { query: q, sections: context.indexes.map((indexName, i) => ({ indexName, queryID: results[i]?.queryID ?? null, hits: results[i]?.hits ?? [] })) },
          }),
        (error: unknown) => {
          if (error instanceof SearchFailed) dispatch({ type: 'error', seq: mine });
        },
      );
    }, PREDICTIVE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, context, transport, enabled]);

  return state;
}
