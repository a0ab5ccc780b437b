import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '../../../shared/constants.js';
import { Tabs } from '../../components/tabs/Tabs.js';
import { saveRecentSearch } from '../../lib/search-recent.js';
import { indexForCategory } from '../../lib/search-request.js';
import { isSearchCategory, SEARCH_CATEGORIES, SEARCH_CATEGORY_LABELS, searchCategoryHref, type SearchCategory } from '../../lib/search-categories.js';
import type { CollectionHit, ListHit, PostHit, TagHit, UserHit } from '../../lib/search-types.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { GlobalSearchOnlyToggle } from './GlobalSearchOnly.js';
import { ListResult, PersonResult, PostResult, PublicationResult, TopicResult } from './results.js';
import { SearchSidebar } from './SearchSidebar.js';
import { PublicationSearch } from './PublicationSearch.js';
import { useSearchResults, type ResultItem } from './use-search-results.js';
import frame from '../../styles/page-heading.module.css';
import styles from './search-page.module.css';

const NOUNS: Record<SearchCategory, string> = { posts: 'stories', users: 'people', publications: 'publications', tags: 'topics', lists: 'lists' };

export const useSearchQuery = () => new URLSearchParams(useNavigation().search).get('q')?.trim() ?? '';
const categoryOf = (params: Record<string, string>): SearchCategory => (isSearchCategory(params.category) ? params.category : 'posts');

/**
 * /search and /search/{category}?q= (page id search, two-column layout): tabs for stories,
 * people, publications, topics and lists; results load as the reader scrolls. The results
 * come from the search endpoint in the browser (the first page shows a loading state).
 */
export default function SearchPage({ params }: PageProps) {
  const category = categoryOf(params);
  const q = useSearchQuery();
  if (params.collectionSlug !== undefined || params.collectionId !== undefined) return <PublicationSearch params={params} query={q} />;
  return (
    <GlobalSearchOnlyToggle initial={params.collectionSlug === undefined}>
      <div className={frame.page} data-search-page="">
        {q ? (
          <h1 className={`${frame.heading} ${styles.heading}`}>
            <span className={styles.headingLead}>Results for </span>
            {q}
          </h1>
        ) : (
          <h1 className={frame.heading}>Search</h1>
        )}
        <SearchField query={q} category={category} />
        <Tabs label="Search results" tabs={SEARCH_CATEGORIES.map((c) => ({ key: c, href: searchCategoryHref(c, q), label: SEARCH_CATEGORY_LABELS[c], current: c === category }))} />
        {q ? (
          <CategoryResults key={`${category}:${q}`} category={category} query={q} />
        ) : (
          <p className={styles.note}>Search for stories, people, publications, topics and lists.</p>
        )}
      </div>
    </GlobalSearchOnlyToggle>
  );
}

export function Sidebar({ params }: PageProps) {
  const q = useSearchQuery();
  if (params.collectionSlug !== undefined || params.collectionId !== undefined) return null;
  return categoryOf(params) === 'posts' && q ? <SearchSidebar query={q} /> : null;
}

/** A search field on the page itself: on small screens the header has only a button. */
export function SearchField({ query, category, action = searchCategoryHref(category, '') }: { query: string; category: SearchCategory; action?: string }) {
  const nav = useNavigation();
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = value.trim();
    if (!next) return;
    saveRecentSearch(next);
    nav.navigate(`${action}?q=${encodeURIComponent(next)}`);
  };
  return (
    <form role="search" className={styles.field} action={action} method="get" onSubmit={onSubmit}>
      <input className={styles.fieldInput} type="search" name="q" aria-label="Search" placeholder="Search" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} />
    </form>
  );
}

export function CategoryResults({ category, query, filters }: { category: SearchCategory; query: string; filters?: string }) {
  const results = useSearchResults<{ objectID: string }>(indexForCategory(category), query, filters);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasMore, loadingMore, moreFailed, more } = results;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loadingMore || moreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), { rootMargin: `0px 0px ${LIMITS.scrollLoadViewports * 100}% 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, moreFailed, more]);

  if (results.status === 'loading' || results.status === 'idle') return <p className={styles.note} role="status">Searching…</p>;
  if (results.status === 'error') return <p className={styles.error} role="alert">The search could not be completed. Please try again later.</p>;
  if (results.items.length === 0) return <NoResults noun={NOUNS[category]} query={query} />;

  const rows = results.items.map((item) => <Result key={item.hit.objectID} category={category} item={item} onClick={() => results.onResultClick(item)} />);
  return (
    <>
      {category === 'posts' ? <div className={styles.posts}>{rows}</div> : <ul className={styles.rows}>{rows}</ul>}
      <div ref={sentinel} aria-hidden="true" />
      {loadingMore && <p className={styles.note} role="status">Loading more…</p>}
      {moreFailed && <p className={styles.error}>More results could not be loaded.</p>}
      {hasMore && !loadingMore && !moreFailed && (
        <button type="button" className={styles.more} onClick={more}>
          Show more
        </button>
      )}
    </>
  );
}

function Result({ category, item, onClick }: { category: SearchCategory; item: ResultItem<{ objectID: string }>; onClick(): void }): ReactNode {
  switch (category) {
    case 'posts':
      return <PostResult hit={item.hit as PostHit} onClick={onClick} />;
    case 'users':
      return <PersonResult hit={item.hit as UserHit} onClick={onClick} />;
    case 'tags':
      return <TopicResult hit={item.hit as TagHit} onClick={onClick} />;
    case 'publications':
      return <PublicationResult hit={item.hit as CollectionHit} onClick={onClick} />;
    case 'lists':
      return <ListResult hit={item.hit as ListHit} onClick={onClick} />;
    default:
      return null;
  }
}

function NoResults({ noun, query }: { noun: string; query: string }) {
  return (
    <div className={styles.empty} data-testid="search-empty">
      <p className={styles.emptyTitle}>
        No {noun} found for “{query}”.
      </p>
      <ul className={styles.tips}>
        <li>Make sure all words are spelled correctly.</li>
        <li>Try different keywords.</li>
        <li>Try more general keywords.</li>
      </ul>
    </div>
  );
}
