import { publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_NEWSLETTER_PAGE_QUERY, PUBLICATION_NEWSLETTER_PROMOTION_QUERY } from '../../graphql/publication-newsletter-operations.js';
import type { SubscribableNewsletter } from './NewsletterSubscribe.js';

export type NewsletterPageFields = SubscribableNewsletter & { slug: string; description: string; showPromo: boolean; viewerCanEdit: boolean };
export type NewsletterPageData = {
  collection?: (PublicationFrameData & { newsletterV3BySlug?: NewsletterPageFields | null; newsletterV3?: NewsletterPageFields | null }) | null;
};

/** The landing names its newsletter by slug; the promotion pages show the publication's first. */
export function newsletterPageQuery(pageId: string, params: Record<string, string>) {
  return pageId === 'publication-newsletter-landing'
    ? { query: PUBLICATION_NEWSLETTER_PAGE_QUERY, variables: { ...publicationVariables(params), newsletterSlug: params.newsletterSlug ?? '' } }
    : { query: PUBLICATION_NEWSLETTER_PROMOTION_QUERY, variables: publicationVariables(params) };
}

export const newsletterOf = (pageId: string, data: NewsletterPageData | undefined) =>
  (pageId === 'publication-newsletter-landing' ? data?.collection?.newsletterV3BySlug : data?.collection?.newsletterV3) ?? null;

/** /new-newsletter reads the publication (and its first newsletter); /newsletters/{slug}/settings reads that newsletter. */
export function settingsQuery(params: Record<string, string>) {
  return params.newsletterSlug !== undefined
    ? { query: PUBLICATION_NEWSLETTER_PAGE_QUERY, variables: { ...publicationVariables(params), newsletterSlug: params.newsletterSlug } }
    : { query: PUBLICATION_NEWSLETTER_PROMOTION_QUERY, variables: publicationVariables(params) };
}
