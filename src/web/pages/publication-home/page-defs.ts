import { publicationVariables } from '../../components/publication/publication-key.js';
import { PUBLICATION_DESIGN_QUERY, PUBLICATION_FEATURED_QUERY, PUBLICATION_HOMEPAGE_QUERY, PUBLICATION_SECTION_QUERY } from '../../graphql/publication-design-operations.js';
import type { PageDef, PageOutcome } from '../../router/registry.js';
import { publicationHead } from '../publication-about/publication-head.js';
import { sectionVariables } from './section-variables.js';

type CollectionData = { collection?: { name: string; description: string; url: string; viewerEdge: { isEditor: boolean }; homepageSection?: { title: string } | null } | null };
const collectionOf = (data: unknown) => (data as CollectionData | undefined)?.collection ?? null;

/** A missing publication is the 404 page (spec §2.2). */
const found = ([data]: unknown[]): PageOutcome => (collectionOf(data) ? {} : { notFound: true });
/** Editors' pages: 404 to everyone else, so they do not tell a reader what exists. */
const editorsOnly = ([data]: unknown[]): PageOutcome => (collectionOf(data)?.viewerEdge.isEditor ? {} : { notFound: true });

const homepage: PageDef = {
  module: 'src/web/pages/publication-home/PublicationHomePage.tsx',
  load: () => import('./PublicationHomePage.js'),
  preload: (params) => [{ query: PUBLICATION_HOMEPAGE_QUERY, variables: publicationVariables(params) }],
  outcome: found,
  // OpenGraph, the favicon, the feed and the Organization JSON-LD (spec §3 Collection).
  head: ([data], _params, site) => publicationHead(data, site, { organization: true }),
  // Signed-out readers all see the same page; the viewer's own parts come from viewerEdge.
  publicCache: true,
};

/** The homepage, its sections' pages, the design editor and featured stories (spec §2.1). */
export const PUBLICATION_DESIGN_PAGES: Record<string, PageDef> = {
  'publication-profile': homepage,
  'community-publication-profile': homepage,
  // /{slug}/home/{sectionId}: a published posts section's stories, paged.
  'community-publication-feature-section': {
    module: 'src/web/pages/publication-home/PublicationSectionPage.tsx',
    load: () => import('./PublicationSectionPage.js'),
    preload: (params) => [{ query: PUBLICATION_SECTION_QUERY, variables: sectionVariables(params) }],
    outcome: ([data]) => (collectionOf(data)?.homepageSection ? {} : { notFound: true }),
    head: ([data], _params, site) => {
      const c = collectionOf(data);
      return { title: `${c?.homepageSection?.title || 'Stories'} – ${c?.name ?? ''} – ${site.siteName}` };
    },
    publicCache: true,
  },
  // /{slug}/design: the homepage design editor (editors only).
  'publication-design-editor': {
    module: 'src/web/pages/publication-design/PublicationDesignPage.tsx',
    load: () => import('../publication-design/PublicationDesignPage.js'),
    preload: (params) => [{ query: PUBLICATION_DESIGN_QUERY, variables: publicationVariables(params) }],
    outcome: editorsOnly,
    head: ([data], _params, site) => ({ title: `Design ${collectionOf(data)?.name ?? ''} – ${site.siteName}`, robots: 'noindex' }),
  },
  // /{slug}/manage/stories/featured: feature, unfeature and order the featured stories (editors only).
  'community-publication-manage-featured-stories': {
    module: 'src/web/pages/publication-design/FeaturedStoriesPage.tsx',
    load: () => import('../publication-design/FeaturedStoriesPage.js'),
    preload: (params) => [{ query: PUBLICATION_FEATURED_QUERY, variables: publicationVariables(params) }],
    outcome: editorsOnly,
    head: ([data], _params, site) => ({ title: `Featured stories – ${collectionOf(data)?.name ?? ''} – ${site.siteName}`, robots: 'noindex' }),
  },
};
