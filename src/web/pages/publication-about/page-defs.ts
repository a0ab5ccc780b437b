import type { PageDef, PageOutcome } from '../../router/registry.js';
import { MONTHS } from '../tag-archive/archive-params.js';
import { publicationHead, publicationOf } from './publication-head.js';
import { readerQuery, readerView, type ReaderView } from './reader-pages.js';

type Collection = {
  featurePage?: { title: string; description?: string } | null;
  postsPage?: unknown;
  archive?: { year: number | null; month: number | null; day: number | null } | null;
  viewerEdge?: { isEditor: boolean };
  featurePages?: { slug: string }[];
};
const collectionOf = (data: unknown) => (data as { collection?: (Collection & { name: string }) | null } | undefined)?.collection ?? null;

/** A missing publication is 404; so is a missing feature page, a page past the end of /all, a date that does not exist. */
function readerOutcome(view: ReaderView, data: unknown, params: Record<string, string>): PageOutcome {
  const c = collectionOf(data);
  if (!c) return { notFound: true };
  if ((view.kind === 'feature' || (view.kind === 'tagged' && view.feature !== null)) && !c.featurePage) return { notFound: true };
  if (view.kind === 'all' && !c.postsPage) return { notFound: true };
  if (view.kind === 'archive' && !c.archive) return { notFound: true };
  if (view.kind === 'feature-pages') {
    if (!c.viewerEdge?.isEditor) return { notFound: true };
    if (params.topicSlug !== undefined && !c.featurePages?.some((f) => f.slug === params.topicSlug)) return { notFound: true };
  }
  return {};
}

/** The page's title and its path under the publication, for the head. */
function titleOf(view: ReaderView, data: unknown, params: Record<string, string>): { title: string; path: string } {
  const c = collectionOf(data);
  switch (view.kind) {
    case 'about':
      return { title: `About ${c?.name ?? ''}`, path: '/about' };
    case 'latest':
      return { title: `Latest stories in ${c?.name ?? ''}`, path: '/latest' };
    case 'all':
      return { title: `All stories in ${c?.name ?? ''}, page ${view.page}`, path: `/all/${view.page}` };
    case 'trending':
      return { title: `Trending in ${c?.name ?? ''}`, path: '/trending' };
    case 'featured':
      return { title: `Featured in ${c?.name ?? ''}`, path: '/featured' };
    case 'tagged':
      return { title: `${view.tag} in ${c?.name ?? ''}`, path: `${view.feature ? `/${view.feature}` : ''}/tagged/${encodeURIComponent(view.tag)}` };
    case 'feature':
      return { title: `${c?.featurePage?.title ?? ''} – ${c?.name ?? ''}`, path: `/${view.feature}/home` };
    case 'archive': {
      const a = c?.archive;
      const when = a?.year == null ? '' : ` – ${a.day ? `${a.day} ` : ''}${a.month ? `${MONTHS[a.month - 1]} ` : ''}${a.year}`;
      const path = ['/archive', params.year, params.month, params.day].filter(Boolean).join('/');
      return { title: `Archive of ${c?.name ?? ''}${when}`, path };
    }
    case 'feature-pages':
      return { title: `Feature pages – ${c?.name ?? ''}`, path: '/settings/feature-pages' };
  }
}

/** A reader page's definition: its view comes from its page id and route params (readerView). */
function readerPage(pageId: string, module: string, load: PageDef['load'], opts: { publicCache: boolean }): PageDef {
  return {
    module,
    load,
    preload: (params) => [readerQuery(readerView(pageId, params), params)],
    outcome: ([data], params) => readerOutcome(readerView(pageId, params), data, params),
    head: ([data], params, site) => {
      const view = readerView(pageId, params);
      if (!publicationOf(data)) return { title: site.siteName };
      const { title, path } = titleOf(view, data, params);
      const head = publicationHead(data, site, { path, title: `${title} – ${site.siteName}`, organization: view.kind === 'about' });
      return view.kind === 'feature-pages' ? { ...head, robots: 'noindex' } : head;
    },
    publicCache: opts.publicCache,
  };
}

const about = (id: string) => readerPage(id, 'src/web/pages/publication-about/PublicationAboutPage.tsx', () => import('./PublicationAboutPage.js'), { publicCache: true });
const lists = (id: string) => readerPage(id, 'src/web/pages/publication-latest/PublicationStoriesPage.tsx', () => import('../publication-latest/PublicationStoriesPage.js'), { publicCache: true });
const FEATURE_PAGES_MODULE = 'src/web/pages/publication-feature-pages/';

/** Publication reader pages (spec §2.3 publications) and the editors' feature pages, loaded with them. */
export const PUBLICATION_READER_PAGES: Record<string, PageDef> = {
  'publication-about': about('publication-about'),
  'community-publication-about': about('community-publication-about'),
  'community-publication-latest': lists('community-publication-latest'),
  'community-publication-trending': lists('community-publication-trending'),
  'publication-tagged': lists('publication-tagged'),
  'community-publication-tagged': lists('community-publication-tagged'),
  'community-publication-feature': lists('community-publication-feature'),
  'community-publication-archive': readerPage('community-publication-archive', 'src/web/pages/publication-archive/PublicationArchivePage.tsx', () => import('../publication-archive/PublicationArchivePage.js'), {
    publicCache: true,
  }),
  'publication-feature-pages': readerPage('publication-feature-pages', `${FEATURE_PAGES_MODULE}FeaturePagesPage.tsx`, () => import('../publication-feature-pages/FeaturePagesPage.js'), { publicCache: false }),
  'publication-feature-page-editor': readerPage('publication-feature-page-editor', `${FEATURE_PAGES_MODULE}FeaturePageEditorPage.tsx`, () => import('../publication-feature-pages/FeaturePageEditorPage.js'), {
    publicCache: false,
  }),
};
