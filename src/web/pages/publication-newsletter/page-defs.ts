import type { PageDef } from '../../router/registry.js';
import { newsletterOf, newsletterPageQuery, settingsQuery, type NewsletterPageData } from './newsletter-queries.js';

const LANDING_MODULE = 'src/web/pages/publication-newsletter/NewsletterLandingPage.tsx';
const loadLanding = () => import('./NewsletterLandingPage.js');

/** Landing and promotion: a missing newsletter is 404, except for the publication's editors on the promotion page (they see how to make one). */
function readerPage(pageId: string): PageDef {
  return {
    module: LANDING_MODULE,
    load: loadLanding,
    preload: (params) => [newsletterPageQuery(pageId, params)],
    outcome: ([data]) => {
      const d = data as NewsletterPageData | undefined;
      if (!d?.collection) return { notFound: true };
      if (newsletterOf(pageId, d)) return {};
      return pageId !== 'publication-newsletter-landing' && d.collection.viewerEdge.isEditor ? {} : { notFound: true };
    },
    head: ([data], _params, site) => {
      const d = data as NewsletterPageData | undefined;
      const n = newsletterOf(pageId, d);
      return {
        title: `${n ? n.name : 'Newsletter'} – ${d?.collection?.name ?? ''} – ${site.siteName}`,
        ...(n?.description ? { description: n.description } : {}),
        ...(n ? {} : { robots: 'noindex' }),
      };
    },
  };
}

/** The publication's newsletter pages (spec §2.1 publication-newsletter-settings, -landing, -promotion). */
export const PUBLICATION_NEWSLETTER_PAGES: Record<string, PageDef> = {
  'publication-newsletter-landing': readerPage('publication-newsletter-landing'),
  'publication-newsletter-promotion': readerPage('publication-newsletter-promotion'),
  'community-publication-newsletter-promotion': readerPage('community-publication-newsletter-promotion'),
  // /{slug}/new-newsletter and /{slug}/newsletters/{newsletterSlug}/settings: the editors and the owner only.
  'publication-newsletter-settings': {
    module: 'src/web/pages/publication-newsletter/NewsletterSettingsPage.tsx',
    load: () => import('./NewsletterSettingsPage.js'),
    preload: (params) => [settingsQuery(params)],
    outcome: ([data], params) => {
      const c = (data as NewsletterPageData | undefined)?.collection;
      if (!c?.viewerEdge.isEditor) return { notFound: true };
      return params.newsletterSlug !== undefined && !c.newsletterV3BySlug ? { notFound: true } : {};
    },
    head: ([data], params, site) => {
      const c = (data as NewsletterPageData | undefined)?.collection;
      const title = params.newsletterSlug !== undefined ? `${c?.newsletterV3BySlug?.name ?? 'Newsletter'} settings` : 'New newsletter';
      return { title: `${title} – ${c?.name ?? ''} – ${site.siteName}`, robots: 'noindex' };
    },
  },
};
