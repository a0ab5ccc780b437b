import type { MouseEvent } from 'react';
import { searchHref } from '../header/site-pages.js';
import { Link } from '../../router/Link.js';
import type { SearchIndexName } from '../../lib/search-request.js';
import type { CollectionHit, PostHit, TagHit, UserHit } from '../../lib/search-types.js';
import { Highlight } from './Highlight.js';
import { SearchAvatar } from './SearchAvatar.js';
import type { Suggestions } from './use-predictive-search.js';
import styles from './search.module.css';
import { profileHref } from '../../lib/profile-href.js';

export const EXPLORE_TOPICS_HREF = '/explore-topics';

export interface SuggestionClick {
  indexName: SearchIndexName;
  queryID: string | null;
  objectID: string;
  /** 1-based rank within its type. */
  position: number;
}

export interface PredictivePanelProps {
  /** What the reader typed, trimmed; empty shows the empty state. */
  query: string;
  suggestions: Suggestions | null;
  recentSearches: string[];
  onSuggestionClick(click: SuggestionClick): void;
  onRecentClick(query: string): void;
  onClearRecent(): void;
  onLeave(): void;
}

const SECTION_TITLES: Record<SearchIndexName, string> = { posts: 'Stories', users: 'People', collections: 'Publications', tags: 'Topics', lists: 'Lists' };

/** A people hit's profile (hits name the id userId). */
export const userHref = (u: { username: string | null; userId: string }) => profileHref({ id: u.userId, username: u.username });
export const tagHref = (t: { tagSlug: string }) => `/tag/${t.tagSlug}`;
export const collectionHref = (c: CollectionHit) => `/${c.slug ?? c.objectID}`;

/**
 * What the predictive popover (and the small-screen search) shows: for an empty query the
 * recent searches and an 'Explore topics' link (spec §5), otherwise up to 3 suggestions per
 * type. Every link carries data-search-item, the stops of the arrow keys.
 */
export function PredictivePanel(props: PredictivePanelProps) {
  return <div className={styles.panel}>{props.query ? <SuggestionList {...props} /> : <EmptyState {...props} />}</div>;
}

function EmptyState({ recentSearches, onRecentClick, onClearRecent, onLeave }: PredictivePanelProps) {
  return (
    <>
      {recentSearches.length > 0 && (
        <section aria-labelledby="recent-searches-title" data-recent-searches="">
          <div className={styles.sectionHead}>
            <h2 id="recent-searches-title" className={styles.sectionTitle}>
              Recent searches
            </h2>
            <button type="button" className={styles.clear} onClick={onClearRecent}>
              Clear
            </button>
          </div>
          <ul className={styles.list}>
            {recentSearches.map((q) => (
              <li key={q}>
                <Link
                  href={searchHref(q)}
                  className={styles.item}
                  data-search-item=""
                  onClick={(e: MouseEvent) => {
                    if (!e.defaultPrevented) onRecentClick(q);
                  }}
                >
                  <span className={styles.recentText}>{q}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Link href={EXPLORE_TOPICS_HREF} className={`${styles.item} ${styles.explore}`} data-search-item="" onClick={onLeave}>
        Explore topics
      </Link>
    </>
  );
}

function SuggestionList({ suggestions, onSuggestionClick }: PredictivePanelProps) {
  return (
    <>
      {suggestions?.sections
        .filter((s) => s.hits.length > 0)
        .map((section) => (
          <section key={section.indexName} aria-label={SECTION_TITLES[section.indexName]} data-search-section={section.indexName}>
            <h2 className={styles.sectionTitle}>{SECTION_TITLES[section.indexName]}</h2>
            <ul className={styles.list}>
              {section.hits.map((hit, i) => {
                const objectID = (hit as { objectID: string }).objectID;
                const click = () => onSuggestionClick({ indexName: section.indexName, queryID: section.queryID, objectID, position: i + 1 });
                return (
                  <li key={objectID}>
                    <SuggestionLink indexName={section.indexName} hit={hit} onClick={click} />
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
    </>
  );
}

function SuggestionLink({ indexName, hit, onClick }: { indexName: SearchIndexName; hit: unknown; onClick(): void }) {
  switch (indexName) {
    case 'posts': {
      const p = hit as PostHit;
      return (
        <Link href={p.mediumUrl} className={styles.item} data-search-item="" onClick={onClick}>
          <SearchAvatar name={p.creator.name} imageId={p.creator.imageId} />
          <span className={styles.itemText}>
            <span className={styles.itemTitle}>
              <Highlight hit={p} attribute="title" fallback={p.title} />
            </span>
            <span className={styles.itemMeta}>{p.creator.name}</span>
          </span>
        </Link>
      );
    }
    case 'users': {
      const u = hit as UserHit;
      return (
        <Link href={userHref(u)} className={styles.item} data-search-item="" onClick={onClick}>
          <SearchAvatar name={u.name} imageId={u.imageId} />
          <span className={styles.itemTitle}>
            <Highlight hit={u} attribute="name" fallback={u.name} />
          </span>
        </Link>
      );
    }
    case 'collections': {
      const c = hit as CollectionHit;
      return (
        <Link href={collectionHref(c)} className={styles.item} data-search-item="" onClick={onClick}>
          <SearchAvatar name={c.name} imageId={c.imageId} square />
          <span className={styles.itemTitle}>
            <Highlight hit={c} attribute="name" fallback={c.name} />
          </span>
        </Link>
      );
    }
    case 'tags': {
      const t = hit as TagHit;
      return (
        <Link href={tagHref(t)} className={styles.item} data-search-item="" onClick={onClick}>
          <span className={styles.itemTitle}>
            <Highlight hit={t} attribute="displayText" fallback={t.displayText} />
          </span>
        </Link>
      );
    }
  }
}
