import { documentTitle, parseMarkdown } from '../../../shared/markdown.js';
import { SITE_DOCUMENT_QUERY } from '../../graphql/site-document-operations.js';
import type { PageDef } from '../../router/registry.js';
import { SITE_DOCUMENT_PAGES, type SiteDocumentData } from './site-documents.js';

function documentPage(pageId: keyof typeof SITE_DOCUMENT_PAGES): PageDef {
  const { name, title } = SITE_DOCUMENT_PAGES[pageId];
  return {
    module: 'src/web/pages/site-document/SiteDocumentPage.tsx',
    load: () => import('./SiteDocumentPage.js'),
    preload: () => [{ query: SITE_DOCUMENT_QUERY, variables: { name } }],
    head: ([data], _params, site) => {
      const markdown = (data as SiteDocumentData | undefined)?.siteDocument?.markdown ?? '';
      return { title: `${documentTitle(parseMarkdown(markdown)) ?? title} – ${site.siteName}` };
    },
    // The same for every logged-out reader.
    publicCache: true,
  };
}

/** /terms and /privacy (modules/site-documents). */
export const SITE_DOCUMENT_PAGE_DEFS: Record<string, PageDef> = {
  terms: documentPage('terms'),
  privacy: documentPage('privacy'),
};
