import { CatalogPreviewCard, catalogPublicPath, type CatalogPreview } from '../../components/catalog/CatalogPreviewCard.js';
import { useSite } from '../../app-context.js';
import { FEATURED_LISTS_QUERY } from '../../graphql/lists-library-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import styles from '../your-catalogs/lists-pages.module.css';

/**
 * Page id collections-library (ShowCollectionsLibrary, /collections; top-nav layout): the
 * site's featured lists, the most followed first. /collections/{catalogSlug} never renders
 * here: it redirects to the list's page (page-defs.ts).
 */
export default function CollectionsLibraryPage() {
  const { siteName } = useSite();
  const lists = usePageQuery<{ featuredCatalogs: CatalogPreview[] }>(FEATURED_LISTS_QUERY)?.featuredCatalogs ?? [];
  return (
    <div className={styles.collections}>
      <h1 className={styles.collectionsHeading}>Collections</h1>
      <p className={styles.lede}>Lists of stories that readers of {siteName} follow the most.</p>
      {lists.map((c) => {
        const href = catalogPublicPath(c);
        return href ? <CatalogPreviewCard key={c.id} catalog={c} href={href} /> : null;
      })}
      {lists.length === 0 && <p className={styles.empty}>No public lists yet. Save stories to a list and make it public to share it here.</p>}
    </div>
  );
}
