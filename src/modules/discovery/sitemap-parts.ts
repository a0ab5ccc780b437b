import type { SQL } from 'drizzle-orm';
import { listsSitemapSource } from '../catalogs/sitemap-sources.js';
import { publicationsSitemapSource } from '../publications/sitemap-sources.js';
import { sitePagesSitemapSource, storiesSitemapSource, tagsSitemapSource, writersSitemapSource } from '../posts/sitemap-sources.js';

/**
 * One kind of page in the sitemaps: `source` selects `key`, `path` and `lastmod` of every
 * page of the kind (the owning module exports it; posts/sitemap-sources.ts describes the
 * shape). Its files are /sitemap/sitemap-{name}-{n}.xml, cut in runs of keys.
 */
export interface SitemapPart {
  name: string;
  source(): SQL;
}

/**
 * The parts, in the index's order. Publications and lists add theirs here: one line each.
 * Names are lowercase words: they are part of the files' addresses.
 */
export const SITEMAP_PARTS: readonly SitemapPart[] = [
  { name: 'pages', source: sitePagesSitemapSource },
  { name: 'stories', source: storiesSitemapSource },
  { name: 'profiles', source: writersSitemapSource },
  { name: 'tags', source: tagsSitemapSource },
  { name: 'lists', source: listsSitemapSource },
  { name: 'publications', source: publicationsSitemapSource },
];
