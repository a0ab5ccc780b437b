/**
 * Sitemap protocol 0.9 documents (sitemaps.org): an index of sitemap files and the files'
 * url sets. Addresses are absolute and escaped; dates are W3C datetimes in UTC.
 */
import { xmlText } from '../../platform/xml-text.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod: Date | null;
}

/** W3C datetime to the second (the protocol's lastmod): 2026-11-27T10:13:46Z. */
export const w3cDatetime = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A stored path (its segments as written: a username, a tag slug) as an absolute URL: each
 * segment percent-encoded, so no character of a name can end the path or make it invalid;
 * the '@' of profile paths is kept as written, and an apostrophe is escaped too, so a loc
 * needs no XML entity but &amp;.
 */
export const absoluteUrl = (origin: string, path: string): string =>
  origin + path.split('/').map(encodeSegment).join('/');

// A segment '.' or '..' has no URL (even escaped, it means this or the parent directory): no name is one.
const encodeSegment = (segment: string): string => encodeURIComponent(segment).replaceAll('%40', '@').replaceAll("'", '%27');

const entry = (tag: 'url' | 'sitemap', e: SitemapEntry) =>
  `<${tag}><loc>${xmlText(e.loc)}</loc>${e.lastmod ? `<lastmod>${w3cDatetime(e.lastmod)}</lastmod>` : ''}</${tag}>`;

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${entries.map((e) => entry('url', e)).join('\n')}</urlset>\n`;
}

export function renderSitemapIndex(files: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">${files.map((e) => entry('sitemap', e)).join('\n')}</sitemapindex>\n`;
}
