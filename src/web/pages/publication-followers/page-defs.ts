import { PUBLICATION_FOLLOWERS_QUERY } from '../../graphql/publication-follow-operations.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import type { PageDef } from '../../router/registry.js';

type Data = { collection?: { name: string; url: string } | null };

/** The publication pages of following (spec §2.1 publication-followers). */
export const PUBLICATION_SOCIAL_PAGES: Record<string, PageDef> = {
  // /{slug}/followers (ShowLiteCollectionFollowers): who follows the publication; 404 for none.
  'publication-followers': {
    module: 'src/web/pages/publication-followers/PublicationFollowersPage.tsx',
    load: () => import('./PublicationFollowersPage.js'),
    preload: (params) => [{ query: PUBLICATION_FOLLOWERS_QUERY, variables: { ...publicationVariables(params), to: null } }],
    outcome: ([data]) => ((data as Data | undefined)?.collection ? {} : { notFound: true }),
    head: ([data], _params, site) => {
      const c = (data as Data | undefined)?.collection;
      return { title: `${c ? `Followers of ${c.name}` : 'Followers'} – ${site.siteName}`, ...(c ? { canonical: `${c.url}/followers` } : {}) };
    },
  },
};
