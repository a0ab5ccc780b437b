/**
 * What a shared link shows (OpenGraph, Twitter cards) and what search engines read about a
 * page (JSON-LD), built the same way for every public page kind. Images are raster: a story's
 * or a writer's uploaded image, else the site's sharing card (shared/brand.ts), since
 * previews do not show SVG (the demo illustrations are SVG).
 */
import { demoRasterPath, SHARE_CARD_PATH } from '../../shared/brand.js';
import { imageUrl, isDemoImageId, isMediaResourceId } from '../../shared/images.js';
import type { SiteInfo } from '../app-context.js';
import type { HeadTags } from './head.js';

export type Site = SiteInfo & { origin: string };

/** Cards are shown about 1200 pixels wide (OpenGraph's recommended size). */
const CARD_WIDTH = 1200;

/** An image for previews: an upload at card width, a demo illustration as PNG, else the site's card. */
export function shareImage(site: Site, imageId?: string | null, width = CARD_WIDTH): { url: string; own: boolean } {
  if (imageId && isMediaResourceId(imageId)) return { url: `${site.origin}${imageUrl(imageId, width)}`, own: true };
  if (imageId && isDemoImageId(imageId)) return { url: `${site.origin}${demoRasterPath(imageId)}`, own: true };
  return { url: `${site.origin}${SHARE_CARD_PATH}`, own: false };
}

export interface Sharing {
  /** og:type: website, article, profile. */
  type: string;
  title: string;
  description?: string;
  url: string;
  image: string;
  /** A small square card (an avatar) instead of a large one. */
  small?: boolean;
}

/** OpenGraph and Twitter card properties of a page. */
export function sharingMeta(site: Site, s: Sharing): Record<string, string> {
  return {
    'og:type': s.type,
    'og:site_name': site.siteName,
    'og:title': s.title,
    ...(s.description ? { 'og:description': s.description } : {}),
    'og:url': s.url,
    'og:image': s.image,
    'twitter:card': s.small ? 'summary' : 'summary_large_image',
    'twitter:title': s.title,
    ...(s.description ? { 'twitter:description': s.description } : {}),
    'twitter:image': s.image,
  };
}

/** schema.org's WebSite: the landing page's, and the site every other page is part of. */
export const webSiteLd = (site: Site) => ({ '@type': 'WebSite', name: site.siteName, url: `${site.origin}/` });

/**
 * A public page's head with its sharing properties: a page that says nothing of its own is
 * shared as its title and the site's card at its address. Pages kept from search engines
 * (robots noindex) are not meant to be shared and are left as they are.
 */
export function withSharing(head: HeadTags, site: Site, pathname: string): HeadTags {
  if (head.robots?.includes('noindex') || head.meta?.['og:title']) return head;
  const url = head.canonical ?? `${site.origin}${pathname}`;
  return { ...head, meta: { ...sharingMeta(site, { type: 'website', title: head.title, description: head.description, url, image: shareImage(site).url }), ...head.meta } };
}
