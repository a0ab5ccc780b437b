import { useCallback, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { cx } from '../../lib/class-names';
import { useNavigation } from '../../router/navigation';
import { useSite } from '../../app-context';
import { browserHost, publicationSearchScope } from '../../lib/publication-search-scope';
import { SearchIcon } from '../icons';
import { SEARCH_HREF, searchHref } from './site-pages';
import styles from './search-box.module.css';

type PredictiveModule = typeof import('../search/PredictiveSearch.js');
let predictive: Promise<PredictiveModule> | null = null;
/** The predictive search is fetched on first use: the header's own JavaScript stays small. */
const loadPredictive = () => (predictive ??= import('../search/PredictiveSearch.js').catch((error: unknown) => {
  predictive = null;
  throw error;
}));

function usePredictiveModule() {
  const [mod, setMod] = useState<PredictiveModule | null>(null);
  const load = useCallback(() => {
    if (!mod) void loadPredictive().then(setMod, () => {});
  }, [mod]);
  return [mod, load] as const;
}

export interface SearchBoxProps {
  className?: string;
  placeholder?: string;
}

/**
 * The header search box (240px) with the predictive popover (316px, spec §2.5 and §4): it
 * opens on focus (recent searches, Explore topics) or typing. Enter with a non-empty query
 * saves it to the recent searches and goes to /search?q=. It is a real GET form, so it also
 * works before the client takes over.
 */
export function SearchBox({ className, placeholder = 'Search' }: SearchBoxProps) {
  const nav = useNavigation();
  const site = useSite();
  const inputId = useId();
  const popoverId = useId();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState(() => new URLSearchParams(nav.search).get('q') ?? '');
  const [open, setOpen] = useState(false);
  const [mod, load] = usePredictiveModule();
  const wrapRef = useRef<HTMLDivElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const wake = () => {
    setOpen(true);
    load();
  };
  const close = useCallback(() => setOpen(false), []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    // The recent-searches code comes with the predictive search (loaded on focus, so at hand).
    void loadPredictive().then((m) => m.saveRecentSearch(q), () => {});
    setOpen(false);
    inputRef.current?.blur();
    // Spec §2.5: on a publication's pages the box searches that publication.
    const scope = publicationSearchScope(site.pageId, nav.pathname, browserHost(), site.mainHost);
    nav.navigate(scope ? `${scope.searchPath}?q=${encodeURIComponent(q)}` : searchHref(q));
  };

  return (
    <div ref={wrapRef} className={styles.wrap} data-search-box="">
      <form ref={formRef} role="search" action={SEARCH_HREF} method="get" className={cx(styles.box, className)} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.icon}>
          <SearchIcon size={24} />
          <span className="visually-hidden">Search</span>
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          // A combobox whose popup is the suggestions dialog (WAI-ARIA combobox pattern). HTML
          // allows that role on a text input, not on type=search: the keyboard's search key
          // comes from inputMode and enterKeyHint instead.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          name="q"
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="dialog"
          aria-expanded={expanded}
          aria-controls={expanded ? popoverId : undefined}
          value={query}
          onFocus={wake}
          onPointerDown={() => open || wake()}
          onChange={(e) => {
            setQuery(e.target.value);
            wake();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        />
      </form>
      {mod && (
        <mod.PredictivePopover query={query} open={open} onClose={close} anchorRef={formRef} containerRef={wrapRef} id={popoverId} onVisibleChange={setExpanded} />
      )}
    </div>
  );
}

/**
 * Small screens: the header's search button. A link to the search page until the client
 * runs; then a tap opens the full-screen search.
 */
export function SearchButton({ className }: { className?: string }) {
  const nav = useNavigation();
  const [mod, load] = usePredictiveModule();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(true);
    load();
  };
  return (
    <>
      <a href={SEARCH_HREF} className={className} aria-label="Search" onClick={onClick} onPointerEnter={load} data-search-button="">
        <SearchIcon />
      </a>
      {open && mod && <mod.FullScreenSearch initialQuery={new URLSearchParams(nav.search).get('q') ?? ''} onClose={close} />}
    </>
  );
}
