import { CatalogHeader } from '../../components/catalog-page/CatalogHeader.js';
import { CatalogSidebar } from '../../components/catalog-page/CatalogSidebar.js';
import { CatalogItemCard } from '../../components/catalog-page/CatalogItemCard.js';
import { CatalogResponses } from '../../components/catalog-responses/CatalogResponses.js';
import { catalogPageVariables, publicCatalogPath, yourCatalogPath, type CatalogItemsPage, type CatalogPageData, type CatalogPageItem } from '../../components/catalog-page/catalog-types.js';
import { ShowMore } from '../../components/profile/ShowMore.js';
import { usePagedList } from '../../components/profile/use-paged-list.js';
import { ShareMenu } from '../../components/share/ShareMenu.js';
import { CATALOG_PAGE_QUERY } from '../../graphql/catalog-page-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { CatalogFollow } from './CatalogFollow.js';
import list from '../../components/catalog-page/catalog-page.module.css';
import styles from './UserCatalogPage.module.css';

type Catalog = NonNullable<CatalogPageData['catalogById']>;

const itemsOf = (data: unknown): CatalogItemsPage | null => (data as CatalogPageData | undefined)?.catalogById?.items ?? null;

/**
 * /@{username}/list/{catalogSlugId} (page id user-catalog, two-column layout): a list as
 * everyone sees it: its cover, creator, stories with the owner's notes, Follow with the
 * follower count, and Share. A private list is the 404 page to everyone but its owner.
 */
export default function UserCatalogPage({ params }: PageProps) {
  const data = usePageQuery<CatalogPageData>(CATALOG_PAGE_QUERY, catalogPageVariables(params));
  const catalog = data?.catalogById;
  if (!catalog) return null;
  return <PublicCatalog catalog={catalog} params={params} />;
}

function PublicCatalog({ catalog, params }: { catalog: Catalog; params: Record<string, string> }) {
  const items = usePagedList<CatalogPageItem>(CATALOG_PAGE_QUERY, (to) => (to ? { ...catalogPageVariables(params), next: to } : catalogPageVariables(params)), itemsOf);
  const path = publicCatalogPath(catalog) ?? '';
  const actions = (
    <>
      <CatalogFollow catalog={catalog} />
      <ShareMenu path={path} title={catalog.name} className={list.share} />
      {catalog.viewerIsOwner && (
        <Link href={yourCatalogPath(catalog)} className={styles.ownerLink}>
          Edit your list
        </Link>
      )}
    </>
  );
  return (
    <div className={list.page}>
      <CatalogHeader catalog={catalog} itemsCount={catalog.itemsCount} actions={actions} />
      {items.items.length === 0 ? (
        <p className={list.empty}>This list has no stories yet.</p>
      ) : (
        <ol className={list.list} aria-label={`Stories in ${catalog.name}`}>
          {items.items.map((item) => (
            <li key={item.catalogItemId} data-testid="catalog-item">
              <CatalogItemCard item={item} />
            </li>
          ))}
        </ol>
      )}
      <ShowMore hasMore={items.hasMore} loading={items.loading} failed={items.failed} onMore={() => void items.more()} />
      {/* The same id the page preloads the discussion with (catalogResponsesPreload): its slugId. */}
      <CatalogResponses catalogId={params.catalogSlugId ?? ''} />
    </div>
  );
}

/** The right column: the list's creator. */
export function Sidebar({ params }: PageProps) {
  const catalog = usePageQuery<CatalogPageData>(CATALOG_PAGE_QUERY, catalogPageVariables(params))?.catalogById;
  return catalog ? <CatalogSidebar creator={catalog.creator} /> : null;
}
