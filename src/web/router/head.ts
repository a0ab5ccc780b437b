import { shareImage, sharingMeta, webSiteLd, type Site } from './sharing.js';

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
  /** The page's own favicon (a publication's, 128×128), instead of the site's. */
  icon?: string;
}

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

/** A writer's profile and feed addresses, when they have a username. */
const writerUrls = (site: Site, username: string | null | undefined) =>
  username ? { profile: `${site.origin}/@${username}`, feed: `${site.origin}/feed/@${username}` } : null;

export function postHead(data: unknown, site: Site): HeadTags {
  const post = (data as PostData | undefined)?.postResult;
  if (!post || post.__typename !== 'Post') return { title: site.siteName };
  const author = post.creator?.name ?? '';
  const writer = writerUrls(site, post.creator?.username);
  const description = post.extendedPreviewContent?.subtitle ?? '';
  const image = shareImage(site, post.previewImage?.id);
  const published = post.firstPublishedAt ? new Date(post.firstPublishedAt).toISOString() : undefined;
  const modified = post.latestPublishedAt ? new Date(post.latestPublishedAt).toISOString() : published;
  const url = post.mediumUrl ?? '';
  return {
    title: `${post.title} | by ${author} | ${site.siteName}`,
    description,
    canonical: post.canonicalUrl ?? post.mediumUrl,
    ...(writer ? { feed: { href: writer.feed, title: `${author} on ${site.siteName}` } } : {}),
    meta: {
      ...sharingMeta(site, { type: 'article', title: post.title ?? '', description, url, image: image.url }),
      // OpenGraph's article:author is a profile's address, not a name.
      ...(writer ? { 'article:author': writer.profile } : {}),
      ...(published ? { 'article:published_time': published } : {}),
      ...(modified ? { 'article:modified_time': modified } : {}),
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description,
      url,
      image: [image.url],
      datePublished: published,
      dateModified: modified,
      author: { '@type': 'Person', name: author, url: writer?.profile },
      publisher: { '@type': 'Organization', name: site.siteName, url: `${site.origin}/` },
      isAccessibleForFree: !post.isLocked,
    },
  };
}

interface UserData {
  userResult?: { __typename: string; name?: string; username?: string | null; bio?: string; imageId?: string | null };
}

/**
 * A profile page's head: `path` is the page below the profile ('' for the profile itself,
 * '/followers', '/about'…), `title` its title. The writer's feed is its alternate.
 */
export function userHead(data: unknown, site: Site, path = '', title?: (name: string) => string): HeadTags {
  const user = (data as UserData | undefined)?.userResult;
  if (!user || user.__typename !== 'User') return { title: site.siteName };
  const name = user.name ?? '';
  const pageTitle = title ? title(name) : `${name} – ${site.siteName}`;
  const writer = writerUrls(site, user.username);
  // Without a username there is no /@{username} to name as canonical, nor a feed.
  if (!writer) return { title: pageTitle };
  const url = writer.profile + path;
  const description = user.bio || `Read writing from ${name} on ${site.siteName}.`;
  const avatar = shareImage(site, user.imageId, 400);
  return {
    title: pageTitle,
    description,
    canonical: url,
    feed: { href: writer.feed, title: `${name} on ${site.siteName}` },
    meta: { ...sharingMeta(site, { type: 'profile', title: pageTitle, description, url, image: avatar.url, small: avatar.own }), 'profile:username': user.username! },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      mainEntity: { '@type': 'Person', name, alternateName: `@${user.username}`, url: writer.profile, description: user.bio || undefined, image: avatar.own ? avatar.url : undefined },
      isPartOf: webSiteLd(site),
    },
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
  if (head.icon) out.push(`<link rel="icon" href="${escapeAttr(head.icon)}">`);
  if (head.feed) out.push(`<link rel="alternate" type="application/rss+xml" title="${escapeAttr(head.feed.title)}" href="${escapeAttr(head.feed.href)}">`);
  for (const [k, v] of Object.entries(head.meta ?? {})) {
    const attr = k.startsWith('og:') || k.startsWith('article:') || k.startsWith('profile:') ? 'property' : 'name';
    out.push(`<meta ${attr}="${escapeAttr(k)}" content="${escapeAttr(v)}">`);
  }
  if (head.jsonLd) out.push(`<script type="application/ld+json">${serializeForScript(head.jsonLd)}</script>`);
  return out.join('');
}
