/**
 * Spec §2.5 search context: publication pages search that publication's stories. Which
 * publication a page is about, from its page id and address: /c/{id}/…, /{slug}/… on the main
 * host, or the publication's own domain (every path there is the publication's). Kept apart
 * from the search code so the header can use it without loading it.
 */
export type PublicationSearchKey = { id: string } | { domainOrSlug: string };

export interface PublicationSearchScope {
  key: PublicationSearchKey;
  /** Where the header's box sends a query: the publication's search page. */
  searchPath: string;
}

const isPublicationPage = (pageId: string, pathname: string, onMainHost: boolean) =>
  pageId.startsWith('publication-') || pageId.startsWith('community-publication-') || (pageId === 'search' && (!onMainHost || !/^\/search(\/|$)/.test(pathname)));

/** The scope of a page, or null when it is not a publication page. `host` is the browser's (null: unknown, as on the server). */
export function publicationSearchScope(pageId: string, pathname: string, host: string | null, mainHost: string): PublicationSearchScope | null {
  const onMainHost = host === null || host === mainHost;
  if (!isPublicationPage(pageId, pathname, onMainHost)) return null;
  const byId = /^\/c\/([^/]+)/.exec(pathname);
  if (byId) return { key: { id: decodeURIComponent(byId[1]!) }, searchPath: `/c/${byId[1]}/search` };
  if (!onMainHost) return { key: { domainOrSlug: host!.replace(/:\d+$/, '') }, searchPath: '/search' };
  const slug = /^\/([^/@]+)/.exec(pathname);
  return slug ? { key: { domainOrSlug: decodeURIComponent(slug[1]!) }, searchPath: `/${slug[1]}/search` } : null;
}

/** The browser's host, or null on the server. */
export const browserHost = (): string | null => (typeof window === 'undefined' ? null : window.location.host);
