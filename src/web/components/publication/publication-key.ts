/**
 * How a publication page names its publication (spec §2.2): the param collectionSlug (on the
 * main host, or put in params by the router from a custom domain's host), or /c/{collectionId}.
 */
export function publicationVariables(params: Record<string, string>): { domainOrSlug?: string; id?: string } {
  if (params.collectionId !== undefined) return { id: params.collectionId };
  return { domainOrSlug: params.collectionSlug ?? '' };
}

/**
 * The base of a publication's pages where the reader is: /c/{id} when reached by id, /{slug} on
 * the main host, '' on its own domain (the publication-domain table serves its pages at the root).
 */
export function publicationBaseHere(publication: { id: string; slug: string }, pathname: string): string {
  if (pathname === `/c/${publication.id}` || pathname.startsWith(`/c/${publication.id}/`)) return `/c/${publication.id}`;
  const slug = `/${publication.slug}`;
  if (pathname.toLowerCase() === slug || pathname.toLowerCase().startsWith(`${slug}/`)) return slug;
  return '';
}

export interface PublicationFrameData {
  id: string;
  slug: string;
  name: string;
  description: string;
  tags: string[];
  url: string;
  subscriberCount: number;
  avatar: { id: string } | null;
  logo: { id: string } | null;
  favicon: { id: string } | null;
  homepage: { header: { size: string; color: string | null; backgroundImage: { id: string } | null } };
  navigationItems: { title: string; value: string; destination: string }[];
  viewerEdge: { id: string; isEditor: boolean; isFollowing: boolean; isMuting: boolean; role: string | null };
}
