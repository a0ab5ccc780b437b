import { PUBLICATION_STORIES_QUERY } from '../../graphql/submission-operations.js';
import type { PageDef } from '../../router/registry.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import { STORIES_TABS, storiesTabOf } from './stories-tabs.js';

type Data = { collection?: { viewerEdge: { isEditor: boolean } } | null };

/** /{slug}/stories/{filterBy} and /{slug}/stories/submissions: the editors' queue and stories (others 404). */
export const PUBLICATION_STORIES_PAGES: Record<string, PageDef> = {
  'publication-stories': {
    module: 'src/web/pages/publication-stories/PublicationStoriesPage.tsx',
    load: () => import('./PublicationStoriesPage.js'),
    preload: (params) => [{ query: PUBLICATION_STORIES_QUERY, variables: { ...publicationVariables(params), filterBy: storiesTabOf(params) ?? 'submissions' } }],
    outcome: ([data], params) => {
      const collection = (data as Data | undefined)?.collection;
      if (!collection || !collection.viewerEdge.isEditor || !storiesTabOf(params)) return { notFound: true };
      return {};
    },
    head: (_d, params, site) => ({ title: `Stories: ${STORIES_TABS.find((t) => t.id === storiesTabOf(params))?.label ?? ''} – ${site.siteName}`, description: '' }),
  },
};
