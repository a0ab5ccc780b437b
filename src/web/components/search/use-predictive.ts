import { useEffect, useRef, useState } from 'react';
import { track } from '../../lib/events.js';
import { sendSearchClick } from '../../lib/search-client.js';
import { clearRecentSearches, readRecentSearches, saveRecentSearch } from '../../lib/search-recent.js';
import { searchContextFor, type SearchContext } from '../../lib/search-request.js';
import type { PredictivePanelProps, SuggestionClick } from './PredictivePanel.js';
import { suggestionCount, usePredictiveSearch } from './use-predictive-search.js';
import { useSearchContext } from './use-search-context.js';
import { useSearchTransport } from './use-search-transport.js';

/** While a writer's id is looked up, the box still shows something sensible. */
const PENDING_CONTEXT: SearchContext = searchContextFor({ pageId: 'post', pathname: '/', viewerId: null });

export interface PredictiveOptions {
  query: string;
  /** The reader is in the box (focused or typing) and has not dismissed it. */
  open: boolean;
  onClose(): void;
}

export interface Predictive {
  /** Spec §4/§5: open for the empty state, or while there are suggestions; closed when none. */
  visible: boolean;
  context: SearchContext;
  panel: PredictivePanelProps;
}

/**
 * The predictive search shared by the header popover and the small-screen search: the
 * route's context (spec §2.5), suggestions, recent searches and the analytics and click
 * events of §7.
 */
export function usePredictive({ query, open, onClose }: PredictiveOptions): Predictive {
  const resolved = useSearchContext();
  const context = resolved ?? PENDING_CONTEXT;
  const transport = useSearchTransport();
  const state = usePredictiveSearch(query, context, transport, open && resolved !== null);
  const [recent, setRecent] = useState<string[]>([]);
  const q = query.trim();

  useEffect(() => {
    if (open) setRecent(readRecentSearches());
  }, [open]);

  const visible = open && (q === '' || suggestionCount(state.data) > 0);
  const wasVisible = useRef(false);
  useEffect(() => {
    if (visible && !wasVisible.current) track('search.predictiveOpened', { context: context.name, query: q });
    wasVisible.current = visible;
  }, [visible, context.name, q]);

  const onSuggestionClick = (click: SuggestionClick) => {
    track('search.predictiveResultClicked', { query: state.data?.query ?? q, indexName: click.indexName, objectID: click.objectID, position: click.position, queryID: click.queryID });
    if (click.queryID) void sendSearchClick(transport, { indexName: click.indexName, queryID: click.queryID, objectID: click.objectID, position: click.position });
    onClose();
  };

  return {
    visible,
    context,
    panel: {
      query: q,
      suggestions: state.data,
      recentSearches: recent,
      onSuggestionClick,
      onRecentClick: (r) => {
        setRecent(saveRecentSearch(r));
        onClose();
      },
      onClearRecent: () => {
        clearRecentSearches();
        setRecent([]);
      },
      onLeave: onClose,
    },
  };
}
