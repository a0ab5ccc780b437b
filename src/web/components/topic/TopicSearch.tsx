import { useEffect, useId, useRef, useState } from 'react';
import { formatCount } from '../../../shared/format.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { TAG_SUGGESTIONS_QUERY } from '../../graphql/topics-operations.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { tagHref, type TopicTag } from './TopicHeader.js';
import styles from './topic-search.module.css';

/** Typing pauses this long before asking (one request per pause, not per key). */
const SUGGEST_DELAY_MS = 200;

/**
 * 'Search all topics': tags starting with what is typed, only those with at least one story
 * (a tag nobody wrote in leads nowhere). Enter opens the first one.
 */
export function TopicSearch() {
  const loadData = useBrowserData();
  const nav = useNavigation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<TopicTag[] | null>(null);
  const asked = useRef(0);
  const listId = useId();

  useEffect(() => {
    const q = text.trim();
    const n = ++asked.current;
    if (!q) {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => {
      void loadData()
        .then(({ client }) => client.query({ query: TAG_SUGGESTIONS_QUERY, variables: { query: q }, fetchPolicy: 'network-only' }))
        .then(({ data }) => n === asked.current && setFound((data as { tagSuggestions: TopicTag[] }).tagSuggestions))
        .catch(() => n === asked.current && setFound([]));
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, loadData]);

  return (
    <form
      className={styles.search}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const first = found?.[0];
        if (first) nav.navigate(tagHref(first.normalizedTagSlug));
      }}
    >
      <input
        className={styles.input}
        type="search"
        aria-label="Search all topics"
        placeholder="Search all topics"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        aria-controls={found ? listId : undefined}
        autoComplete="off"
      />
      {found && (
        <ul id={listId} className={styles.results} aria-label="Matching topics">
          {found.length === 0 ? (
            <li className={styles.none}>No topics match “{text.trim()}”.</li>
          ) : (
            found.map((t) => (
              <li key={t.id}>
                <Link href={tagHref(t.normalizedTagSlug)} className={styles.result}>
                  <span>{t.displayTitle}</span>
                  <span className={styles.count}>
                    {formatCount(t.postCount)} {t.postCount === 1 ? 'story' : 'stories'}
                  </span>
                </Link>
              </li>
            ))
          )}
        </ul>
      )}
    </form>
  );
}
