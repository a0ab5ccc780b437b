import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere, publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_SEARCH_QUERY } from '../../graphql/publication-search-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { publicationFilter } from '../../lib/search-request.js';
import { searchCategoryHref } from '../../lib/search-categories.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { GlobalSearchOnlyToggle } from './GlobalSearchOnly.js';
import { CategoryResults, SearchField } from './SearchPage.js';
import frame from '../../styles/page-heading.module.css';
import styles from './search-page.module.css';

/**
 * A publication's search (/{collectionSlug}/search?q=, spec §2.5): its masthead on top, then its
 * stories matching the query, 8 a page (the posts index filtered by collectionId), and a link to
 * the same search on the whole site.
 */
export function PublicationSearch({ params, query }: { params: Record<string, string>; query: string }) {
  const publication = usePageQuery<{ collection: PublicationFrameData | null }>(PUBLICATION_SEARCH_QUERY, publicationVariables(params))?.collection;
  const base = publicationBaseHere(publication ?? { id: '', slug: '' }, useNavigation().pathname);
  if (!publication) return null;
  return (
    <GlobalSearchOnlyToggle initial={false}>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} />
      <div className={frame.page} data-search-page="" data-publication-search="">
        <h1 className={`${frame.heading} ${styles.heading}`}>
          {query ? (
            <>
              <span className={styles.headingLead}>Results for </span>
              {query}
              <span className={styles.headingLead}> in {publication.name}</span>
            </>
          ) : (
            <>Search {publication.name}</>
          )}
        </h1>
        <SearchField query={query} category="posts" action={`${base}/search`} />
        {query ? (
          <>
            <CategoryResults category="posts" query={query} filters={publicationFilter(publication.id)} />
            <p className={styles.note}>
              <Link href={searchCategoryHref('posts', query)}>Search all stories for “{query}”</Link>
            </p>
          </>
        ) : (
          <p className={styles.note}>Search the stories of {publication.name}.</p>
        )}
      </div>
    </GlobalSearchOnlyToggle>
  );
}
