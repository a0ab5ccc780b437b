import { PUBLICATION_STATS_PAGE_QUERY } from '../../graphql/publication-stats-operations.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import type { PageDef } from '../../router/registry.js';

type StatsPageData = { collection?: { name: string; stats: unknown } | null };

/** /{collectionSlug}/stats (community-publication-stats): editors and the owner; 404 to anyone else. */
export const PUBLICATION_STATS_PAGES: Record<string, PageDef> = {
  'community-publication-stats': {
    module: 'src/web/pages/publication-stats/PublicationStatsPage.tsx',
    load: () => import('./PublicationStatsPage.js'),
    preload: (params) => [{ query: PUBLICATION_STATS_PAGE_QUERY, variables: publicationVariables(params) }],
    // Collection.stats is null unless the viewer edits the publication: the same 404 as no publication at all.
    outcome: ([data]) => ((data as StatsPageData | undefined)?.collection?.stats ? {} : { notFound: true }),
    head: ([data], _params, site) => ({ title: `Stats – ${(data as StatsPageData | undefined)?.collection?.name ?? 'Publication'} – ${site.siteName}`, robots: 'noindex' }),
  },
};
