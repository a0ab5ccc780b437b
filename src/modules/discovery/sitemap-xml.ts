/**
 * Sitemap protocol 0.9 documents (sitemaps.org): an index of sitemap files and the files'
 * url sets. Addresses are absolute and escaped; dates are W3C datetimes in UTC.
 */
import { xmlText } from '../feeds/rss.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod: Date | null;
}

/** W3C datetime to the second (the protocol's lastmod): 2026-11-27T10:13:46Z. */
export const w3cDatetime = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Paths as stored may hold characters a URL cannot (a username or a tag slug with a space or
 * a non-ASCII letter): percent-encoded, leaving the path's own / and @ and any escapes.
 */
export const absoluteUrl = (origin: string, path: string): string => origin + encodeURI(path).replace(/%25([0-9A-F]{2})/gi, '%$1');

const entry = (tag: 'url' | 'sitemap', e: SitemapEntry) =>
  `<${tag}><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${w3cDatetime(e.lastmod)}</lastmod>` : ''}</${tag}>`;

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${entries.map((e) => entry('url', e)).join('\n')}</urlset>\n`;
}

export function renderSitemapIndex(files: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">${files.map((e) => entry('sitemap', e)).join('\n')}</sitemapindex>\n`;
}
