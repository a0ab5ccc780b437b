/** The GraphQL enum SiteDocumentName. */
type SiteDocumentName = 'TERMS' | 'PRIVACY';

/** Page id → the document it shows, and the title when the document has no heading of its own. */
export const SITE_DOCUMENT_PAGES: Record<'terms' | 'privacy', { name: SiteDocumentName; title: string }> = {
  terms: { name: 'TERMS', title: 'Terms of Service' },
  privacy: { name: 'PRIVACY', title: 'Privacy Policy' },
};

export type SiteDocumentData = { siteDocument?: { markdown: string } };
