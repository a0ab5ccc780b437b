import { imageUrl } from '../../shared/images.js';
import type { SiteInfo } from '../app-context.js';

/** What a page puts in <head>: built from its preloaded data, so server and client agree. */
export interface HeadTags {
  title: string;
  description?: string;
  canonical?: string;
  robots?: string;
  /** OpenGraph and Twitter card properties (og:*, twitter:*, article:*). */
  meta?: Record<string, string>;
  jsonLd?: Record<string, unknown>;
  /** A feed of the page (rel=alternate), e.g. a writer's RSS. */
  feed?: { href: string; title: string };
}

type Site = SiteInfo & { origin: string };

interface PostData {
  postResult?: {
    __typename: string;
    title?: string;
    mediumUrl?: string;
    canonicalUrl?: string | null;
    firstPublishedAt?: number | null;
    latestPublishedAt?: number | null;
    extendedPreviewContent?: { subtitle?: string };
    previewImage?: { id: string } | null;
    creator?: { name?: string; username?: string | null };
    isLocked?: boolean;
  };
}

export function postHead(data: unknown, site: Site): HeadTags {
  const post = (data as PostData | undefined)?.postResult;
  if (!post || post.__typename !== 'Post') return { title: site.siteName };
  const author = post.creator?.name ?? '';
  const description = post.extendedPreviewContent?.subtitle ?? '';
  // Cards are shown about 1200px wide (OpenGraph's recommended size).
  const image = post.previewImage ? `${site.origin}${imageUrl(post.previewImage.id, 1200)}` : undefined;
  const published = post.firstPublishedAt ? new Date(post.firstPublishedAt).toISOString() : undefined;
  return {
    title: `${post.title} | by ${author} | ${site.siteName}`,
    description,
    canonical: post.canonicalUrl ?? post.mediumUrl,
    meta: {
      'og:type': 'article',
      'og:site_name': site.siteName,
      'og:title': post.title ?? '',
      'og:description': description,
      'og:url': post.mediumUrl ?? '',
      ...(image ? { 'og:image': image, 'twitter:image:src': image } : {}),
      'twitter:card': image ? 'summary_large_image' : 'summary',
      'twitter:title': post.title ?? '',
      'twitter:description': description,
      'article:author': author,
      ...(published ? { 'article:published_time': published } : {}),
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description,
      url: post.mediumUrl,
      ...(image ? { image: [image] } : {}),
      datePublished: published,
      dateModified: post.latestPublishedAt ? new Date(post.latestPublishedAt).toISOString() : published,
      author: { '@type': 'Person', name: author, url: post.creator?.username ? `${site.origin}/@${post.creator.username}` : undefined },
      publisher: { '@type': 'Organization', name: site.siteName },
      isAccessibleForFree: !post.isLocked,
    },
  };
}

interface UserData {
  userResult?: { __typename: string; name?: string; username?: string; bio?: string };
}

export function userHead(data: unknown, site: Site): HeadTags {
  const user = (data as UserData | undefined)?.userResult;
  if (!user || user.__typename !== 'User') return { title: site.siteName };
  const url = `${site.origin}/@${user.username}`;
  return {
    title: `${user.name} – ${site.siteName}`,
    description: user.bio || `Read writing from ${user.name} on ${site.siteName}.`,
    canonical: url,
    feed: { href: `${site.origin}/feed/@${user.username}`, title: `${user.name} on ${site.siteName}` },
    meta: { 'og:type': 'profile', 'og:title': `${user.name} – ${site.siteName}`, 'og:url': url, 'og:site_name': site.siteName },
  };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Safe for an inline <script>: nothing in the data can close the tag or break JS parsing.
 * One pass over the JSON: a long story's embedded state is tens of kilobytes per request.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);
}

export function renderHeadTags(head: HeadTags): string {
  const out = [`<title>${escapeAttr(head.title)}</title>`];
  if (head.description) out.push(`<meta name="description" content="${escapeAttr(head.description)}">`);
  if (head.robots) out.push(`<meta name="robots" content="${escapeAttr(head.robots)}">`);
  if (head.canonical) out.push(`<link rel="canonical" href="${escapeAttr(head.canonical)}">`);
  if (head.feed) out.push(`<link rel="alternate" type="application/rss+xml" title="${escapeAttr(head.feed.title)}" href="${escapeAttr(head.feed.href)}">`);
  for (const [k, v] of Object.entries(head.meta ?? {})) {
    const attr = k.startsWith('og:') || k.startsWith('article:') ? 'property' : 'name';
    out.push(`<meta ${attr}="${escapeAttr(k)}" content="${escapeAttr(v)}">`);
  }
  if (head.jsonLd) out.push(`<script type="application/ld+json">${serializeForScript(head.jsonLd)}</script>`);
  return out.join('');
}
