import { useEffect, useRef, useState, type FormEvent } from 'react';
import { saveRecentSearch } from '../../lib/search-recent.js';
import { useNavigation } from '../../router/navigation.js';
import { searchHref, SEARCH_HREF } from '../header/site-pages.js';
import { CloseIcon, SearchIcon } from '../icons/index.js';
import { useArrowKeys } from './arrow-keys.js';
import { PredictivePanel } from './PredictivePanel.js';
import { usePredictive } from './use-predictive.js';
import styles from './full-screen-search.module.css';

/**
 * Small screens (< 728px): the header's search button opens this full-screen search, with
 * the popover's behaviour (suggestions, recent searches, arrow keys, Enter to the results).
 * Escape or Close returns to the page.
 */
export function FullScreenSearch({ initialQuery = '', onClose }: { initialQuery?: string; onClose(): void }) {
  const nav = useNavigation();
  const [query, setQuery] = useState(initialQuery);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { context, panel } = usePredictive({ query, open: true, onClose });
  useArrowKeys(rootRef, true);

  useEffect(() => {
    inputRef.current?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    // The page under the search does not scroll while it is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    saveRecentSearch(q);
    onClose();
    nav.navigate(searchHref(q));
  };

  return (
    <div ref={rootRef} className={styles.root} role="dialog" aria-modal="true" aria-label="Search" data-full-screen-search="">
      <form role="search" action={SEARCH_HREF} method="get" className={styles.bar} onSubmit={onSubmit}>
        <SearchIcon size={24} />
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          name="q"
          placeholder={context.placeholder}
          aria-label="Search"
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className={styles.close} aria-label="Close search" onClick={onClose}>
          <CloseIcon />
        </button>
      </form>
      <div className={styles.body}>
        <PredictivePanel {...panel} />
        {query.trim() !== '' && panel.suggestions !== null && panel.suggestions.sections.every((s) => s.hits.length === 0) && (
          <p className={styles.none}>No suggestions. Press Enter to search.</p>
        )}
      </div>
    </div>
  );
}
