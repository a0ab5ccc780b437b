import { useSite } from '../../app-context.js';
import { embedVariables, publicCatalogPath, storiesCount } from '../../components/catalog-page/catalog-types.js';
import { EMBED_CATALOG_QUERY, type EmbedCatalogData } from '../../graphql/catalog-page-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import styles from './EmbedCatalogPage.module.css';


/**
 * /embed/list/{catalogSlugId} (page id embed-catalog, basic layout): a public list as a small
 * card other sites show in an iframe: its name, creator, count and first five stories, each
 * link opening the site in a new tab. It reads no cookie and needs none (registry: embeddable).
 */
export default function EmbedCatalogPage({ params }: PageProps) {
  const { siteName } = useSite();
  const catalog = usePageQuery<EmbedCatalogData>(EMBED_CATALOG_QUERY, embedVariables(params))?.catalogById;
  if (!catalog) return null;
  const listPath = publicCatalogPath(catalog);
  const stories = catalog.items.items.flatMap((i) => (i.post ? [{ id: i.catalogItemId, post: i.post }] : []));
  return (
    <article className={styles.card} aria-label={catalog.name}>
      <p className={styles.site}>{siteName}</p>
      <h1 className={styles.name}>
        {listPath ? (
          <a href={listPath} target="_blank" rel="noopener">
            {catalog.name}
          </a>
        ) : (
          catalog.name
        )}
      </h1>
      <p className={styles.meta}>
        A list by {catalog.creator.name} · {storiesCount(catalog.itemsCount)}
      </p>
      {stories.length > 0 && (
        <ol className={styles.stories}>
          {stories.map(({ id, post }) => (
            <li key={id}>
              <a href={post.mediumUrl} target="_blank" rel="noopener">
                {post.title}
              </a>
            </li>
          ))}
        </ol>
      )}
      {listPath && (
        <a className={styles.view} href={listPath} target="_blank" rel="noopener">
          View list
        </a>
      )}
    </article>
  );
}
