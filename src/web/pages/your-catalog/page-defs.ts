import type { PageDef, PageOutcome } from '../../router/registry.js';
import { shareImage, sharingMeta } from '../../router/sharing.js';
import { catalogPageVariables, embedVariables, publicCatalogPath, storiesCount, yourCatalogPath, type CatalogPageData } from '../../components/catalog-page/catalog-types.js';
import { CATALOG_PAGE_QUERY, EMBED_CATALOG_QUERY, type EmbedCatalogData } from '../../graphql/catalog-page-operations.js';
import { catalogResponsesPreload } from '../../components/catalog-responses/preload.js';

/**
 * The list pages (spec §2.1 your-catalog, user-catalog, embed-catalog; §2.3 /me/list/{slugId},
 * /@{username}/list/{slugId}, /embed/list/{slugId}). Each preloads the list by its slugId; what
 * the viewer may see decides between the page, a redirect and the 404 page.
 */
const catalogOf = (data: unknown) => (data as CatalogPageData | undefined)?.catalogById ?? null;

const signIn = (pathname: string): PageOutcome => ({ redirect: `/m/signin?operation=login&redirect=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`, temporary: true });

/**
 * The owner's page: signed out, sign in and come back; someone else's public list, its public
 * page (302: it depends on who asks); a list they may not see, 404; an old slug (renamed), the
 * list's address now.
 */
function yourCatalogOutcome(data: unknown, pathname: string): PageOutcome {
  const catalog = catalogOf(data);
  const viewer = (data as CatalogPageData | undefined)?.viewer ?? null;
  if (!viewer) return signIn(pathname);
  if (!catalog) return { notFound: true };
  if (!catalog.viewerIsOwner) {
    const publicPath = publicCatalogPath(catalog);
    return publicPath ? { redirect: publicPath, temporary: true } : { notFound: true };
  }
  const canonical = yourCatalogPath(catalog);
  return decodeURIComponent(pathname) !== decodeURIComponent(canonical) ? { redirect: canonical, temporary: true } : {};
}

/**
 * The public page: a list the viewer may not see is 404. A predefined list's slug is its kind,
 * the same for every reader, so it only names the list of the user in the address. A list
 * under another username or an old slug redirects to its address.
 */
function userCatalogOutcome(data: unknown, params: Record<string, string>, pathname: string): PageOutcome {
  const catalog = catalogOf(data);
  if (!catalog) return { notFound: true };
  const sameUser = catalog.creator.username?.toLowerCase() === (params.username ?? '').toLowerCase();
  if (catalog.predefined && !sameUser) return { notFound: true };
  const canonical = publicCatalogPath(catalog);
  if (!canonical) return { notFound: true };
  return decodeURIComponent(pathname) !== decodeURIComponent(canonical) ? { redirect: canonical } : {};
}

export const yourCatalogPage: PageDef = {
  module: 'src/web/pages/your-catalog/YourCatalogPage.tsx',
  load: () => import('./YourCatalogPage.js'),
  preload: (params) => [{ query: CATALOG_PAGE_QUERY, variables: catalogPageVariables(params) }],
  outcome: ([data], _params, pathname) => yourCatalogOutcome(data, pathname),
  head: ([data], _params, site) => ({ title: `${catalogOf(data)?.name ?? 'Your list'} – ${site.siteName}`, robots: 'noindex' }),
};

export const userCatalogPage: PageDef = {
  module: 'src/web/pages/user-catalog/UserCatalogPage.tsx',
  load: () => import('../user-catalog/UserCatalogPage.js'),
  preload: (params) => [{ query: CATALOG_PAGE_QUERY, variables: catalogPageVariables(params) }, ...catalogResponsesPreload(params.catalogSlugId ?? '')],
  outcome: ([data], params, pathname) => userCatalogOutcome(data, params, pathname),
  head: ([data], _params, site) => {
    const catalog = catalogOf(data);
    if (!catalog) return { title: site.siteName };
    const title = `${catalog.name} – a list by ${catalog.creator.name} – ${site.siteName}`;
    const description = catalog.description || `${storiesCount(catalog.itemsCount)} chosen by ${catalog.creator.name} on ${site.siteName}.`;
    const url = `${site.origin}${publicCatalogPath(catalog) ?? ''}`;
    const image = shareImage(site, catalog.coverImageIds[0]);
    return {
      title,
      description,
      canonical: url,
      // Only its owner sees a private list: it is not for search engines.
      ...(catalog.visibility === 'PRIVATE' ? { robots: 'noindex' } : {}),
      meta: sharingMeta(site, { type: 'website', title: catalog.name, description, url, image: image.url }),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: catalog.name,
        description,
        url,
        numberOfItems: catalog.itemsCount,
        author: { '@type': 'Person', name: catalog.creator.name },
      },
    };
  },
  publicCache: true,
};

/** The embed: public lists only (the owner's private list is not embeddable either). */
export const embedCatalogPage: PageDef = {
  module: 'src/web/pages/embed-catalog/EmbedCatalogPage.tsx',
  load: () => import('../embed-catalog/EmbedCatalogPage.js'),
  preload: (params) => [{ query: EMBED_CATALOG_QUERY, variables: embedVariables(params) }],
  outcome: ([data]) => {
    const catalog = (data as EmbedCatalogData | undefined)?.catalogById;
    return catalog && catalog.visibility === 'PUBLIC' ? {} : { notFound: true };
  },
  head: ([data], _params, site) => ({ title: `${(data as EmbedCatalogData | undefined)?.catalogById?.name ?? 'A list'} – ${site.siteName}`, robots: 'noindex' }),
  publicCache: true,
  embeddable: true,
};

/** The list pages, loaded with them (src/web/router/lazy-pages.ts). */
export const CATALOG_PAGES: Record<string, PageDef> = {
  'your-catalog': yourCatalogPage,
  'user-catalog': userCatalogPage,
  'embed-catalog': embedCatalogPage,
};
