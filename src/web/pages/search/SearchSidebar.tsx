import { useEffect, useState } from 'react';
import { imageUrl } from '../../../shared/images.js';
import { Avatar } from '../../components/avatar/index.js';
import { tagHref, userHref } from '../../components/search/PredictivePanel.js';
import { useSearchTransport } from '../../components/search/use-search-transport.js';
import { multiQuery } from '../../lib/search-client.js';
import { encodeSearchParams } from '../../lib/search-request.js';
import { searchCategoryHref } from '../../lib/search-categories.js';
import type { TagHit, UserHit } from '../../lib/search-types.js';
import { Link } from '../../router/Link.js';
import styles from './search-page.module.css';

const SIDEBAR_PEOPLE = 3;
const SIDEBAR_TOPICS = 6;

/** Beside the stories found: the first people and topics matching too, with links to their tabs. */
export function SearchSidebar({ query }: { query: string }) {
  const transport = useSearchTransport();
  const [found, setFound] = useState<{ people: UserHit[]; topics: TagHit[] } | null>(null);

  useEffect(() => {
    let live = true;
    setFound(null);
    multiQuery(transport, [
      { indexName: 'users', params: encodeSearchParams({ query, hitsPerPage: SIDEBAR_PEOPLE, analyticsTags: ['search-sidebar'] }) },
      { indexName: 'tags', params: encodeSearchParams({ query, hitsPerPage: SIDEBAR_TOPICS, numericFilters: ['postCount>=1'], analyticsTags: ['search-sidebar'] }) },
    ])
      .then(([people, topics]) => live && setFound({ people: (people?.hits ?? []) as UserHit[], topics: (topics?.hits ?? []) as TagHit[] }))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [query, transport]);

  if (!found) return null;
  return (
    <div className={styles.sidebar}>
      {found.people.length > 0 && (
        <section aria-labelledby="search-sidebar-people">
          <h2 id="search-sidebar-people" className={styles.sidebarTitle}>
            People matching {query}
          </h2>
          <ul className={styles.sidebarPeople}>
            {found.people.map((u) => (
              <li key={u.objectID}>
                <Link href={userHref(u)} className={styles.sidebarPerson}>
                  <Avatar username={u.username} name={u.name} imageUrl={u.imageId ? imageUrl(u.imageId, 64) : null} size="XXS" alt="" />
                  <span>{u.name}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link href={searchCategoryHref('users', query)} className={styles.sidebarMore}>
            See all
          </Link>
        </section>
      )}
      {found.topics.length > 0 && (
        <section aria-labelledby="search-sidebar-topics">
          <h2 id="search-sidebar-topics" className={styles.sidebarTitle}>
            Topics matching {query}
          </h2>
          <ul className={styles.chips}>
            {found.topics.map((t) => (
              <li key={t.objectID}>
                <Link href={tagHref(t)} className={styles.chip}>
                  {t.displayText}
                </Link>
              </li>
            ))}
          </ul>
          <Link href={searchCategoryHref('tags', query)} className={styles.sidebarMore}>
            See all
          </Link>
        </section>
      )}
    </div>
  );
}
