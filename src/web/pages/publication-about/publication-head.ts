import { imageUrlFor } from '../../../shared/images.js';
import type { HeadTags } from '../../router/head.js';
import { shareImage, sharingMeta, webSiteLd, type Site } from '../../router/sharing.js';

/** What a publication's head reads of its query's `collection` (the frame fields, and sameAs links where asked). */
export interface PublicationHeadData {
  slug: string;
  name: string;
  description: string;
  url: string;
  avatar: { id: string } | null;
  logo: { id: string } | null;
  favicon?: { id: string } | null;
  twitterUsername?: string | null;
  facebookPageId?: string | null;
}

export const publicationOf = (data: unknown): PublicationHeadData | null => (data as { collection?: PublicationHeadData | null } | undefined)?.collection ?? null;

/** The sameAs links of a publication's JSON-LD: its X (Twitter) and Facebook pages. */
export function publicationSameAs(p: Pick<PublicationHeadData, 'twitterUsername' | 'facebookPageId'>): string[] {
  return [
    ...(p.twitterUsername ? [`https://twitter.com/${encodeURIComponent(p.twitterUsername)}`] : []),
    ...(p.facebookPageId ? [`https://www.facebook.com/${encodeURIComponent(p.facebookPageId)}`] : []),
  ];
}

/**
 * A publication page's head (its homepage, about and reader pages): OpenGraph as a website with
 * the avatar (else the logo) as image, the publication's favicon, its feed as alternate, and
 * with `organization` a JSON-LD Organization (name, url, logo, sameAs). The JSON-LD is written
 * by renderHeadTags through serializeForScript, so no name can close the script element.
 * `path` is the page's address under the publication ('' for its homepage, '/about'…).
 */
export function publicationHead(data: unknown, site: Site, opts: { path?: string; title?: string; description?: string; organization?: boolean } = {}): HeadTags {
  const p = publicationOf(data);
  if (!p) return { title: site.siteName };
  const title = opts.title ?? `${p.name} – ${site.siteName}`;
  const description = opts.description ?? (p.description || `The latest stories of ${p.name} on ${site.siteName}.`);
  const home = /^https?:\/\//.test(p.url) ? p.url : `${site.origin}${p.url}`;
  const url = `${home}${opts.path ?? ''}`;
  const image = shareImage(site, p.avatar?.id ?? p.logo?.id);
  const sameAs = publicationSameAs(p);
  return {
    title,
    description,
    canonical: url,
    feed: { href: `${site.origin}/feed/${encodeURIComponent(p.slug)}`, title: p.name },
    meta: sharingMeta(site, { type: 'website', title, description, url, image: image.url, small: image.own }),
    ...(p.favicon ? { icon: `${site.origin}${imageUrlFor(p.favicon.id, { strategy: 'crop', width: 128, height: 128 })}` } : {}),
    ...(opts.organization
      ? {
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: p.name,
            url: home,
            ...(p.description ? { description: p.description } : {}),
            ...(image.own ? { logo: image.url } : {}),
            ...(sameAs.length ? { sameAs } : {}),
            isPartOf: webSiteLd(site),
          },
        }
      : {}),
  };
}
