import { isSearchCategory } from '../../lib/search-categories.js';
import type { PageDef } from '../../router/registry.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import { PUBLICATION_SEARCH_QUERY } from '../../graphql/publication-search-operations.js';

const inPublication = (params: Record<string, string>) => params.collectionSlug !== undefined || params.collectionId !== undefined;
const nameOf = (data: unknown) => (data as { collection?: { name: string } | null } | undefined)?.collection?.name ?? null;

/**
 * /search[/{category}]?q= and a publication's /{collectionSlug}/search (spec §2.3, §2.5): results
 * load in the browser. A publication's search is of its stories (the Stories tab only); an
 * unknown publication or another tab there is a 404.
 */
export const SEARCH_PAGES: Record<string, PageDef> = {
  search: {
    module: 'src/web/pages/search/SearchPage.tsx',
    load: () => import('./SearchPage.js'),
    preload: (params) => (inPublication(params) ? [{ query: PUBLICATION_SEARCH_QUERY, variables: publicationVariables(params) }] : []),
    outcome: ([data], params) => {
      if (!isSearchCategory(params.category)) return { notFound: true };
      if (inPublication(params) && (params.category !== 'posts' || !nameOf(data))) return { notFound: true };
      return {};
    },
    head: ([data], params, site) => ({ title: inPublication(params) ? `Search ${nameOf(data) ?? ''} – ${site.siteName}` : `Search – ${site.siteName}`, robots: 'noindex' }),
  },
};
